import { asc } from 'drizzle-orm';
import type { Bank, Country, IdentificationType, PaymentMode, Region } from '@portal/contract';
import { banks, countries, identificationTypes, paymentModes, regions, towns } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/** `GET /identifications-types`: the kinds of identity document. */
export async function identificationTypesList(ctx: ServiceContext): Promise<IdentificationType[]> {
  const rows = await ctx.db.select().from(identificationTypes).orderBy(asc(identificationTypes.id));
  return rows.map((t) => ({ id: t.id, ITYPENAME: t.name, ITYPEABR: t.abbreviation }));
}

/** `GET /payments-modes`: the payment modes, in their order. */
export async function paymentModesList(ctx: ServiceContext): Promise<PaymentMode[]> {
  const rows = await ctx.db.select().from(paymentModes).orderBy(asc(paymentModes.position));
  return rows.map((m) => ({ ABBREV: m.abbreviation, DESIGNATION: m.designation }));
}

/** `GET /banks`: banks by name, microfinance institutions last. */
export async function banksList(ctx: ServiceContext): Promise<Bank[]> {
  return ctx.db.select().from(banks).orderBy(asc(banks.microfinance), asc(banks.name));
}

/** `GET /reference/countries`: countries with their English and French names. */
export async function countriesList(ctx: ServiceContext): Promise<Country[]> {
  const rows = await ctx.db.select().from(countries).orderBy(asc(countries.nameEn));
  return rows.map((c) => ({ code: c.code, name: c.nameEn, nameFr: c.nameFr }));
}

/** `GET /reference/regions`: Cameroon's regions, each with its main towns. */
export async function regionsList(ctx: ServiceContext): Promise<Region[]> {
  const [regionRows, townRows] = await Promise.all([
    ctx.db.select().from(regions).orderBy(asc(regions.name)),
    ctx.db.select().from(towns).orderBy(asc(towns.name)),
  ]);
  return regionRows.map((r) => ({
    id: r.id,
    name: r.name,
    nom: r.nameFr,
    towns: townRows.filter((t) => t.regionId === r.id).map((t) => ({ id: t.id, name: t.name })),
  }));
}
