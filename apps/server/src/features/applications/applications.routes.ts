import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Application,
  ApplicationInit,
  ApplicationInSessionParams,
  ApplicationParams,
  ArchivedApplication,
  Choice,
  ChoicesBody,
  ChoicesReplaceBody,
  EmployeeParams,
  IdParams,
  ApplicationSessionChoice,
} from '@portal/contract';
import { acting, assertSelf, requireBearer } from '../../lib/auth';
import { assertOwnerOrReader, requireApplicant } from './access';
import {
  applicationInSession,
  archivedApplications,
  choicesOfApplication,
  closeApplication,
  confirmedChoices,
  currentApplication,
  getApplication,
  initApplication,
  olderChoices,
} from './applications.service';
import { addChoices, clearChoices, replaceChoices } from './choices.service';
import { errorResponses } from '../../lib/errors';

const tags = ['applications'];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The specification's GET forms of two changes, beside their POST forms (same services and answers),
 * for API clients only: they must send `Authorization: Bearer <TOKEN>`; a request with the session
 * cookie alone is 403 BEARER_REQUIRED and changes nothing, so that a link or an image can never
 * trigger them. No HEAD form.
 */
const bearerGetForm = {
  description:
    'The GET form of the POST of the same path, for API clients: `Authorization: Bearer <TOKEN>` (the TOKEN answered at code verification) is required; the session cookie alone gets 403 BEARER_REQUIRED and changes nothing.',
  security: [{ bearer: [] }],
};

/**
 * The subject-choice session of staff: an application per person and session, its choices
 * (added, replaced, emptied) and its closure. Every change locks the application row
 * (lockApplication) and checks the rules in the same transaction.
 */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const applicant = requireApplicant(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The person named in the path: oneself, or anyone for the academic office and administrators. */
  const employeeOf = async (request: Parameters<typeof applicant>[0], employee: number) => {
    await assertOwnerOrReader(app.ctx, acting(request), employee, { type: 'person', id: employee });
    return employee;
  };

  for (const path of ['/applications/init', '/applications']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: "Create the caller's application in the current session if none (201), or answer it (200); the body's values are decided by the server",
          body: ApplicationInit,
          response: { 200: Application, 201: Application, ...errors },
        },
        preHandler: applicant,
      },
      async (request, reply) => {
        await assertSelf(app, request, request.body?.EMPLOYEE_ID);
        const { application, created } = await initApplication(app.ctx, acting(request));
        return reply.code(created ? 201 : 200).send(application);
      },
    );
  }

  app.get(
    '/applications/current',
    {
      schema: { tags, summary: "The caller's application in the current session; 204 when none", response: { 200: Application, 204: z.null(), ...errors } },
      preHandler: applicant,
    },
    async (request, reply) => {
      const application = await currentApplication(app.ctx, { employeeId: request.actor.id });
      return application ? application : reply.code(204).send(null);
    },
  );

  app.get(
    '/applications/current/:employee/:session',
    {
      schema: {
        tags,
        summary: "A person's application in a session; 204 when none",
        params: ApplicationInSessionParams,
        response: { 200: Application, 204: z.null(), ...errors },
      },
      preHandler: applicant,
    },
    async (request, reply) => {
      const employeeId = await employeeOf(request, request.params.employee);
      const application = await applicationInSession(app.ctx, { employeeId, sessionId: request.params.session });
      return application ? application : reply.code(204).send(null);
    },
  );

  app.get(
    '/applications/all/:employee',
    {
      schema: {
        tags,
        summary: 'Every application of a person with its session and choices (the archive), newest session first',
        params: EmployeeParams,
        response: { 200: z.array(ArchivedApplication), ...errors },
      },
      preHandler: applicant,
    },
    async (request) => archivedApplications(app.ctx, { employeeId: await employeeOf(request, request.params.employee) }),
  );

  app.get(
    '/applications/affectations/:employee',
    {
      schema: {
        tags,
        summary: "A person's confirmed choices (AFFECTATION = 1) across sessions",
        params: EmployeeParams,
        response: { 200: z.array(ApplicationSessionChoice), ...errors },
      },
      preHandler: applicant,
    },
    async (request) => confirmedChoices(app.ctx, { employeeId: await employeeOf(request, request.params.employee) }),
  );

  app.post(
    '/applications/close/:id',
    {
      schema: { tags, summary: 'Close the application for good; the person is mailed a summary', params: IdParams, response: { 200: Application, ...errors } },
      preHandler: applicant,
    },
    async (request) => closeApplication(app.ctx, { ...acting(request), applicationId: request.params.id }),
  );

  app.get(
    '/applications/close/:id',
    {
      schema: {
        tags,
        summary: 'Close the application for good (API clients, bearer token only; the web app uses POST)',
        ...bearerGetForm,
        params: IdParams,
        response: { 200: Application, ...errors },
      },
      exposeHeadRoute: false,
      preHandler: [applicant, requireBearer],
    },
    async (request) => closeApplication(app.ctx, { ...acting(request), applicationId: request.params.id }),
  );

  app.get(
    '/applications/:id',
    {
      schema: { tags, summary: 'An application (its owner, the academic office, administrators)', params: IdParams, response: { 200: Application, ...errors } },
      preHandler: applicant,
    },
    async (request) => getApplication(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.get(
    '/applications-choices/older/:employee',
    {
      schema: {
        tags,
        summary: "A person's choices in sessions other than the current one",
        params: EmployeeParams,
        response: { 200: z.array(ApplicationSessionChoice), ...errors },
      },
      preHandler: applicant,
    },
    async (request) => olderChoices(app.ctx, { employeeId: await employeeOf(request, request.params.employee) }),
  );

  app.get(
    '/applications-choices/:application/none',
    {
      schema: { tags, summary: 'The choices of an application', params: ApplicationParams, response: { 200: z.array(Choice), ...errors } },
      preHandler: applicant,
    },
    async (request) => choicesOfApplication(app.ctx, { ...acting(request), applicationId: request.params.application }),
  );

  app.post(
    '/applications-choices',
    {
      schema: {
        tags,
        summary: 'Add choices to the application (an identical live choice is kept); answers every choice of the application',
        body: ChoicesBody,
        response: { 200: z.array(Choice), ...errors },
      },
      preHandler: applicant,
    },
    async (request) => addChoices(app.ctx, { ...acting(request), applicationId: request.body.application, subjects: request.body.subjects }),
  );

  app.put(
    '/applications-choices/:application',
    {
      schema: {
        tags,
        summary: 'The list as saved: the selected choices become exactly these; confirmed and declined ones are kept',
        params: ApplicationParams,
        body: ChoicesReplaceBody,
        response: { 200: z.array(Choice), ...errors },
      },
      preHandler: applicant,
    },
    async (request) => replaceChoices(app.ctx, { ...acting(request), applicationId: request.params.application, subjects: request.body.subjects }),
  );

  app.post(
    '/applications-choices/clear/:application',
    {
      schema: {
        tags,
        summary: 'Empty the list: the selected choices are removed, confirmed and declined ones kept',
        params: ApplicationParams,
        response: { 200: z.array(Choice), ...errors },
      },
      preHandler: applicant,
    },
    async (request) => clearChoices(app.ctx, { ...acting(request), applicationId: request.params.application }),
  );

  app.get(
    '/applications-choices/clear/:application',
    {
      schema: {
        tags,
        summary: 'Empty the list (API clients, bearer token only; the web app uses POST)',
        ...bearerGetForm,
        params: ApplicationParams,
        response: { 200: z.array(Choice), ...errors },
      },
      exposeHeadRoute: false,
      preHandler: [applicant, requireBearer],
    },
    async (request) => clearChoices(app.ctx, { ...acting(request), applicationId: request.params.application }),
  );
};
