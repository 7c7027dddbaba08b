import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, SETTING_KEY_MAX, SETTING_VALUE_MAX, Settings, SettingsBody, SETTINGS_MAX_BYTES, SETTINGS_MAX_KEYS } from '@portal/contract';
import { assertSelf } from '../../lib/auth';
import { saveSettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.get(
    '/settings',
    {
      schema: { tags, summary: "The signed-in person's settings", response: { 200: Settings, 401: ErrorResponse } },
      preHandler: app.requireUser,
    },
    async (request) => request.settingsValues ?? {},
  );

  app.post(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Save settings (LANGUAGE and free keys)',
        description: `Merges the keys given (null removes one). At most ${SETTINGS_MAX_KEYS} keys of ${SETTING_KEY_MAX} characters, text values of ${SETTING_VALUE_MAX}, ${SETTINGS_MAX_BYTES} bytes in all: beyond, 413 SETTINGS_TOO_LARGE.`,
        body: SettingsBody,
        response: { 200: Settings, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 413: ErrorResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.body.STUDENT_ID);
      // What the session's lookup read of the settings is what the save compares with (docs/performance.md, writes from what is known).
      return saveSettings(app.ctx, { personId, values: request.body, known: request.settingsValues ?? null });
    },
  );
};
