/**
 * A student's own file in the demo (issue 13, decision 37): the demo student (ST24A001) has filled in
 * the personal and languages sections, so that the page shows saved sections beside the ones still
 * to fill; no document (files live in the file store, not in the seed).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { persons, studentProfiles } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo';

export async function seedDemoStudentFile(tx: Tx, now: Date): Promise<void> {
  const [student] = await tx.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.student.matricule));
  if (!student) return;
  const saved = now.toISOString();
  await tx.insert(studentProfiles).values({
    personId: student.id,
    RELIGION: 'Catholic',
    REGION_ORIGIN: 'Littoral',
    DEPARTMENT: 'Wouri',
    CIVILSTATUS: 'Single',
    FIRST_LANGUAGE: 'French',
    SECOND_LANGUAGE: 'English',
    OTHER_LANGUAGES: ['Duala'],
    sectionsSaved: { personal: saved, languages: saved },
    updatedAt: now,
  });
}
