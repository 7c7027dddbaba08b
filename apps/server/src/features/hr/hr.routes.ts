import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Dossier, HrSectionExtra, IdParams, PersonRecord, RegistrationPage, RegistrationQuery, ReopenBody, SECTION_SCHEMAS, sectionBody, type SavedSection } from '@portal/contract';
import { requestMeta } from '../../lib/auth';
import { reopenRegistration, saveSection } from '../registration/registration.service';
import { dossier, exportRegistrations, listRegistrations } from './hr.service';
import { errorResponses } from '../../lib/errors';

const tags = ['hr'];
const errors = errorResponses(400, 401, 403, 404);

/** The human resources service: registrations, dossiers, reopening and corrections (HR and administrators). */
export const hrRoutes: FastifyPluginAsyncZod = async (app) => {
  const hr = app.requirePermission('registrations.manage');
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/hr/')) reply.header('cache-control', 'no-store');
  });

  app.get('/hr/registrations', {
    schema: { tags, summary: 'Staff registrations: search, filter by category, closure and missing data; 20 a page', querystring: RegistrationQuery, response: { 200: RegistrationPage, ...errors } },
    preHandler: hr,
  }, async (request) => listRegistrations(app.ctx, request.query));

  app.get('/hr/registrations/export', {
    schema: { tags, summary: 'The filtered list as CSV', querystring: RegistrationQuery, response: { 200: z.string(), ...errors } },
    preHandler: hr,
  }, async (request, reply) => {
    const { csv, filename } = await exportRegistrations(app.ctx, request.query);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });

  app.get('/hr/registrations/:id', {
    schema: { tags, summary: 'A dossier: the record, its state, documents and audit trail', params: IdParams, response: { 200: Dossier, ...errors } },
    preHandler: hr,
  }, async (request) => dossier(app.ctx, { personId: request.params.id }));

  app.post('/hr/registrations/:id/reopen', {
    schema: { tags, summary: 'Reopen a closed registration, with the reason', params: IdParams, body: ReopenBody, response: { 200: PersonRecord, ...errors } },
    preHandler: hr,
  }, async (request) => reopenRegistration(app.ctx, { personId: request.params.id, actor: request.actor, reason: request.body.reason, meta: requestMeta(request) }));

  for (const section of Object.keys(SECTION_SCHEMAS) as SavedSection[]) {
    app.patch(`/hr/registrations/:id/${section}`, {
      schema: { tags, summary: `Correct the ${section} section of a registration, with the reason`, params: IdParams, body: sectionBody(section).and(HrSectionExtra), response: { 200: PersonRecord, ...errors } },
      bodyLimit: section === 'identification' ? 16 * 1024 * 1024 : 64 * 1024,
      preHandler: hr,
    }, async (request) => {
      const { reason, ...values } = request.body as Record<string, unknown> & { reason: string };
      return saveSection(app.ctx, { personId: request.params.id, actor: request.actor, section, values, reason, meta: requestMeta(request) });
    });
  }
};
