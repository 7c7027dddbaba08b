/**
 * Seeds the requests' reference data (seed/request-catalogue.ts: units, categories, sub-categories,
 * hops and decisions) and the demo back-office accounts' units; the demo requests are
 * seed/demo-requests.ts.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { departments, persons, requestCategories, requestDecisions, requestHops, requestSubcategories, requestUnits } from '../db/schema';
import { REQUEST_CATEGORIES, REQUEST_UNITS, STUDENT_REQUEST_CATEGORIES } from './request-catalogue';

/** Seeds the units, categories (the staff's, then the students'), sub-categories, hops and decisions: a handful of multi-row inserts. */
export async function seedRequests(tx: Tx): Promise<void> {
  const departmentId = new Map((await tx.select({ id: departments.id, code: departments.code }).from(departments)).map((d) => [d.code, d.id]));
  const units = await tx
    .insert(requestUnits)
    .values(REQUEST_UNITS.map(({ department, ...unit }) => ({ ...unit, departmentId: department ? departmentId.get(department)! : null })))
    .returning({ id: requestUnits.id, code: requestUnits.code });
  const unitId = new Map(units.map((u) => [u.code, u.id]));
  const all = [...REQUEST_CATEGORIES, ...STUDENT_REQUEST_CATEGORIES];
  const categories = await tx
    .insert(requestCategories)
    .values(all.map(({ subcategories: _, audience, ...category }, position) => ({ ...category, audience: audience ?? 'STAFF', position })))
    .returning({ id: requestCategories.id, code: requestCategories.code });
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  const planned = all.flatMap((category) => category.subcategories.map((sub, position) => ({ sub, categoryId: categoryId.get(category.code)!, position })));
  const subs = await tx
    .insert(requestSubcategories)
    .values(
      planned.map(({ sub: { hops: _, firstUnit, ...sub }, categoryId, position }) => ({ ...sub, categoryId, position, firstUnitId: unitId.get(firstUnit)! })),
    )
    .returning({ id: requestSubcategories.id, code: requestSubcategories.code });
  const subId = new Map(subs.map((s) => [s.code, s.id]));
  const hopsPlanned = planned.flatMap(({ sub }) =>
    sub.hops.map(([from, to, decisions]) => ({ subcategoryId: subId.get(sub.code)!, fromUnitId: unitId.get(from)!, toUnitId: unitId.get(to)!, decisions })),
  );
  const hops = await tx
    .insert(requestHops)
    .values(hopsPlanned.map(({ decisions: _, ...hop }) => hop))
    .returning({ id: requestHops.id });
  await tx
    .insert(requestDecisions)
    .values(
      hopsPlanned.flatMap((hop, i) =>
        hop.decisions.map(({ forward, ...decision }) => ({ hopId: hops[i]!.id, ...decision, forwardUnitId: forward ? unitId.get(forward)! : null })),
      ),
    );
}

/** The unit each demo back-office account processes requests in (decision 32), by matricule. */
export async function seedUnitMembers(tx: Tx, members: Record<string, string>): Promise<void> {
  const unitId = new Map((await tx.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  for (const [matricule, unit] of Object.entries(members))
    await tx
      .update(persons)
      .set({ REQUEST_UNIT_ID: unitId.get(unit)! })
      .where(eq(persons.MATRICULE, matricule));
}
