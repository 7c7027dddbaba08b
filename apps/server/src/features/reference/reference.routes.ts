import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Bank, Country, IdentificationType, PaymentMode, Region } from '@portal/contract';
import { banks, countries, identificationTypes, paymentModes, regions, towns } from '../../db/schema';

/** Reference lists change only with a release or a seed; browsers may keep them an hour. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['reference'];
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=3600');
  });

  app.get('/identifications-types', { schema: { tags, response: { 200: z.array(IdentificationType) } } }, async () =>
    (await db.select().from(identificationTypes).orderBy(asc(identificationTypes.id))).map((t) => ({ id: t.id, ITYPENAME: t.name, ITYPEABR: t.abbreviation })),
  );

  app.get('/payments-modes', { schema: { tags, response: { 200: z.array(PaymentMode) } } }, async () =>
    (await db.select().from(paymentModes).orderBy(asc(paymentModes.position))).map((m) => ({ ABBREV: m.abbreviation, DESIGNATION: m.designation })),
  );

  app.get('/banks', { schema: { tags, summary: 'Banks by CEMAC code; microfinance institutions are marked (refused for salaries)', response: { 200: z.array(Bank) } } }, async () =>
    db.select().from(banks).orderBy(asc(banks.microfinance), asc(banks.name)),
  );

  app.get('/reference/countries', { schema: { tags, summary: 'Countries with English and French names', response: { 200: z.array(Country) } } }, async () =>
    (await db.select().from(countries).orderBy(asc(countries.nameEn))).map((c) => ({ code: c.code, name: c.nameEn, nameFr: c.nameFr })),
  );

  app.get('/reference/regions', { schema: { tags, summary: "Cameroon's regions with their main towns", response: { 200: z.array(Region) } } }, async () => {
    const [regionRows, townRows] = await Promise.all([db.select().from(regions).orderBy(asc(regions.name)), db.select().from(towns).orderBy(asc(towns.name))]);
    return regionRows.map((r) => ({
      id: r.id,
      name: r.name,
      nom: r.nameFr,
      towns: townRows.filter((t) => t.regionId === r.id).map((t) => ({ id: t.id, name: t.name })),
    }));
  });
};
