import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, Settings, SettingsBody } from '@portal/contract';
import { assertSelf } from '../../lib/auth';
import { saveSettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.get('/settings', {
    schema: { tags, summary: "The signed-in person's settings", response: { 200: Settings, 401: ErrorResponse } },
    preHandler: app.requireUser,
  }, async (request) => request.settingsValues ?? {});

  app.post('/settings', {
    schema: { tags, summary: 'Save settings (LANGUAGE and free keys)', body: SettingsBody, response: { 200: Settings, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } },
    preHandler: app.requireUser,
  }, async (request) => {
    const personId = await assertSelf(app, request, request.body.STUDENT_ID);
    return saveSettings(app.ctx, { personId, values: request.body });
  });
};
