import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Bank, Country, IdentificationType, PaymentMode, Region } from '@portal/contract';
import { banksList, countriesList, identificationTypesList, paymentModesList, regionsList } from './reference.service';

/** Reference lists change only with a release or a seed; browsers may keep them an hour. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reference'];
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=3600');
  });

  app.get('/identifications-types', { schema: { tags, response: { 200: z.array(IdentificationType) } } }, async () => identificationTypesList(app.ctx));

  app.get('/payments-modes', { schema: { tags, response: { 200: z.array(PaymentMode) } } }, async () => paymentModesList(app.ctx));

  app.get(
    '/banks',
    { schema: { tags, summary: 'Banks by CEMAC code; microfinance institutions are marked (refused for salaries)', response: { 200: z.array(Bank) } } },
    async () => banksList(app.ctx),
  );

  app.get('/reference/countries', { schema: { tags, summary: 'Countries with English and French names', response: { 200: z.array(Country) } } }, async () =>
    countriesList(app.ctx),
  );

  app.get('/reference/regions', { schema: { tags, summary: "Cameroon's regions with their main towns", response: { 200: z.array(Region) } } }, async () =>
    regionsList(app.ctx),
  );
};
