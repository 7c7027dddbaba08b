import { asc } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { institutions } from '../db/schema';
import type { Institution } from './pdf';

/** The institution the printed documents are issued by (the letterhead); blank when none is recorded. Read by the requests' forms and slips and the candidates' slip. */
export async function loadInstitution(exec: Executor): Promise<Institution> {
  const [row] = await exec.select({ name: institutions.name, city: institutions.city }).from(institutions).orderBy(asc(institutions.id)).limit(1);
  return row ?? { name: '', city: '' };
}
