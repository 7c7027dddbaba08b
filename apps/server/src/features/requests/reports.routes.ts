import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_REPORT_EXPORT_MAX, ReportExportQuery, ReportQuery, RequestReport } from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { languageOf } from '../../lib/person-record';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';
import { exportRequestReport, requestReport } from './reports.service';

const tags = ['requests'];
const errors = errorResponses(400, 401, 403);
const file = z.string().meta({ format: 'binary' });

/**
 * Issue 11 (decision 32): the requests report and its exports. A unit member's report covers the
 * requests their unit holds or held (another unit is 403); administrators see every unit's.
 */
export const requestReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const report = app.requirePermission('requests.report');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/requests/reports',
    {
      schema: {
        tags,
        summary:
          'The requests filed in a period (inclusive days, university time), by unit (held or held), category, status and class regime: counts over the whole selection and a page of its rows, newest first',
        querystring: ReportQuery,
        response: { 200: RequestReport, ...errors },
      },
      preHandler: report,
    },
    async (request) => requestReport(app.ctx, { ...acting(request), query: request.query }),
  );

  app.get(
    '/requests/reports/export',
    {
      schema: {
        tags,
        summary: `The whole selection of the report as CSV or XLSX (with a sheet of counts), headers in the caller's language; more than ${REQUEST_REPORT_EXPORT_MAX} requests is 400 REPORT_TOO_LARGE`,
        querystring: ReportExportQuery,
        response: {
          200: { description: 'The export', content: Object.fromEntries(Object.values(EXPORT_CONTENT_TYPES).map((type) => [type, { schema: file }])) },
          ...errors,
        },
      },
      preHandler: report,
    },
    async (request, reply) => {
      const lang = languageOf(request.settingsValues);
      const { body, filename, contentType } = await exportRequestReport(app.ctx, { ...acting(request), query: request.query, lang });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as never);
    },
  );
};
