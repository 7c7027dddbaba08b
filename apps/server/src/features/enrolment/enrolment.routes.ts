import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EnrolmentApplicationExportQuery,
  EnrolmentApplicationPage,
  EnrolmentApplicationQuery,
  EnrolmentApplyInput,
  EnrolmentDecided,
  EnrolmentDecisionInput,
  EnrolmentOfferChange,
  EnrolmentOfferInput,
  EnrolmentOfferParams,
  EnrolmentSession,
  EnrolmentSessionInput,
  EnrolmentSessionSummary,
  ENROLMENT_BULK_MAX,
  IdParams,
  MAX_ENROLMENT_APPLICATIONS,
  MAX_OFFER_CAPACITY,
  MyEnrolmentApplication,
  OfficeEnrolmentOffer,
  StudentEnrolment,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { languageOf } from '../../lib/person-record';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';
import { applyToOffer, studentEnrolment, withdrawApplication } from './applications.service';
import { decideEnrolmentApplications, exportEnrolmentApplications, listEnrolmentApplications } from './decisions.service';
import {
  addEnrolmentOffer,
  changeEnrolmentOffer,
  changeEnrolmentSession,
  createEnrolmentSession,
  listEnrolmentOffers,
  listEnrolmentSessions,
  removeEnrolmentOffer,
  setEnrolmentSessionClosed,
} from './sessions.service';

const tags = ['enrolment'];
const errors = errorResponses(400, 401, 403);
const changeErrors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null() };

/**
 * Issue 13 (decision 38): students' enrolment. The academic office (`enrolment.manage`) opens
 * enrolment sessions, offers classes and optional subjects with their capacities and decides on
 * the applications; a student (`enrolment.own`) applies and withdraws, for themself only (the
 * session's person, never an id in the request).
 */
export const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('enrolment.manage');
  const own = app.requirePermission('enrolment.own');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // ---------------------------------------------------------------- the student

  app.get(
    '/enrolment-sessions/current',
    {
      schema: {
        tags,
        summary:
          "The signed-in student's enrolment: the sessions open or to come, those ended in the last days and those they applied in, each with its offers (seats left) and their applications; and their class",
        response: { 200: StudentEnrolment, ...errors },
      },
      preHandler: own,
    },
    async (request) => studentEnrolment(app.ctx, { actor: request.actor }),
  );

  app.post(
    '/enrolment-applications',
    {
      schema: {
        tags,
        summary: 'Apply to an offer (a class or an optional subject) of an open enrolment session',
        description:
          "Between the session's days and while it is not closed (else 409 ENROLMENT_NOT_OPEN); once per offer (409 ENROLMENT_ALREADY_APPLIED; a withdrawn application may be made again); at most the session's maxApplications running (pending, waitlisted or accepted: 409 ENROLMENT_LIMIT_REACHED); while a seat is left (409 ENROLMENT_FULL). The seats and the limit are counted under row locks.",
        body: EnrolmentApplyInput,
        response: { 201: MyEnrolmentApplication, ...changeErrors },
      },
      preHandler: own,
    },
    async (request, reply) => reply.code(201).send(await applyToOffer(app.ctx, { ...acting(request), offerId: request.body.OFFER_ID })),
  );

  app.post(
    '/enrolment-applications/:id/withdraw',
    {
      schema: {
        tags,
        summary:
          "Withdraw one of one's applications while it is pending or waitlisted (else 409 ENROLMENT_DECIDED); its seat is free at once. Anyone else's is 404",
        params: IdParams,
        response: { 200: MyEnrolmentApplication, ...changeErrors },
      },
      preHandler: own,
    },
    async (request) => withdrawApplication(app.ctx, { ...acting(request), id: request.params.id }),
  );

  // ---------------------------------------------------------------- the academic office: sessions and offers

  app.get(
    '/enrolment-sessions',
    {
      schema: {
        tags,
        summary: 'Every enrolment session, newest first, with its offers, applications and undecided applications counted',
        response: { 200: z.array(EnrolmentSessionSummary), ...errors },
      },
      preHandler: manage,
    },
    async () => listEnrolmentSessions(app.ctx),
  );

  app.post(
    '/enrolment-sessions',
    {
      schema: {
        tags,
        summary: `Open an enrolment session: names in English and French, first and last days (university time), at most ${MAX_ENROLMENT_APPLICATIONS} applications per student`,
        body: EnrolmentSessionInput,
        response: { 201: EnrolmentSession, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => reply.code(201).send(await createEnrolmentSession(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/enrolment-sessions/:id',
    {
      schema: {
        tags,
        summary: "Change a session's names, days and limit per student (applications already made stay)",
        params: IdParams,
        body: EnrolmentSessionInput,
        response: { 200: EnrolmentSession, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => changeEnrolmentSession(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/enrolment-sessions/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a session by hand: students no longer apply; the office still decides',
        params: IdParams,
        response: { 200: EnrolmentSession, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => setEnrolmentSessionClosed(app.ctx, { ...acting(request), id: request.params.id, closed: true }),
  );

  app.post(
    '/enrolment-sessions/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a session closed by hand: its days decide again whether it is open',
        params: IdParams,
        response: { 200: EnrolmentSession, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => setEnrolmentSessionClosed(app.ctx, { ...acting(request), id: request.params.id, closed: false }),
  );

  app.get(
    '/enrolment-sessions/:id/offers',
    {
      schema: {
        tags,
        summary: "A session's offers, classes then subjects, with their seats and applications counted by status",
        params: IdParams,
        response: { 200: z.array(OfficeEnrolmentOffer), ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => listEnrolmentOffers(app.ctx, { sessionId: request.params.id }),
  );

  app.post(
    '/enrolment-sessions/:id/offers',
    {
      schema: {
        tags,
        summary: `Offer a class or an optional subject in a session, with a capacity of 1 to ${MAX_OFFER_CAPACITY}; the same one twice is 409 ALREADY_EXISTS`,
        params: IdParams,
        body: EnrolmentOfferInput,
        response: { 201: OfficeEnrolmentOffer, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) =>
      reply.code(201).send(await addEnrolmentOffer(app.ctx, { ...acting(request), sessionId: request.params.id, values: request.body })),
  );

  app.patch(
    '/enrolment-sessions/:id/offers/:offerId',
    {
      schema: {
        tags,
        summary: "Change an offer's capacity; below the seats held (pending and accepted applications) is 409 ENROLMENT_SEATS_HELD",
        params: EnrolmentOfferParams,
        body: EnrolmentOfferChange,
        response: { 200: OfficeEnrolmentOffer, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) =>
      changeEnrolmentOffer(app.ctx, { ...acting(request), sessionId: request.params.id, offerId: request.params.offerId, values: request.body }),
  );

  app.delete(
    '/enrolment-sessions/:id/offers/:offerId',
    {
      schema: {
        tags,
        summary: 'Remove an offer nobody applied to; one with applications is 409 IN_USE',
        params: EnrolmentOfferParams,
        response: { ...noContent, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      await removeEnrolmentOffer(app.ctx, { ...acting(request), sessionId: request.params.id, offerId: request.params.offerId });
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- the academic office: applications

  app.get(
    '/enrolment-applications',
    {
      schema: {
        tags,
        summary: "Students' applications by session, offer, status and a search of the student's matricule and names, first come first, paged",
        querystring: EnrolmentApplicationQuery,
        response: { 200: EnrolmentApplicationPage, ...errors },
      },
      preHandler: manage,
    },
    async (request) => listEnrolmentApplications(app.ctx, { query: request.query }),
  );

  app.get(
    '/enrolment-applications/export',
    {
      schema: {
        tags,
        summary: "The same selection as CSV, headers in the caller's language",
        querystring: EnrolmentApplicationExportQuery,
        response: { 200: z.string(), ...errors },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      const { csv, filename } = await exportEnrolmentApplications(app.ctx, { query: request.query, lang: languageOf(request.settingsValues) });
      return reply.header('content-type', EXPORT_CONTENT_TYPES.csv).header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );

  app.post(
    '/enrolment-applications/decisions',
    {
      schema: {
        tags,
        summary: `Accept, waitlist or refuse applications (1 to ${ENROLMENT_BULK_MAX}), each named with the status the office saw it in; all or nothing`,
        description:
          "An application decided or withdrawn since (its status is not the one sent, or not pending or waitlisted) is 409 ENROLMENT_DECIDED. Accepting a waitlisted application needs a free seat of its offer (409 ENROLMENT_FULL); accepting a class makes it the student's class (409 ENROLMENT_CLASS_ACCEPTED when they were accepted into another class of the session), a subject adds it to their subjects. Each student is mailed the decision in their language.",
        body: EnrolmentDecisionInput,
        response: { 200: EnrolmentDecided, ...changeErrors },
      },
      preHandler: manage,
    },
    async (request) => decideEnrolmentApplications(app.ctx, { ...acting(request), values: request.body }),
  );
};
