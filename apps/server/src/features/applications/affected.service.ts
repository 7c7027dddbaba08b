import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { AFFECTATION, type AffectedClass, type AffectedSchool, type AffectedSubject } from '@portal/contract';
import type { Executor } from '../../db/client';
import { applicationChoices, applications, branches, classes, subjects } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/**
 * A lecturer's assignments (spec section 7, decision 31): the subjects of the choices the academic
 * office confirmed to them (AFFECTATION = 1), in any of their applications, whatever the session,
 * with each subject's class and branch joined. The one query both the request form's pickers and
 * the filing's check (`isAssigned`) read: give it a select from `applicationChoices` (made
 * `$dynamic()`); `where` narrows it.
 */
function assignmentsOf<T extends PgSelect>(query: T, personId: number, where?: SQL): T {
  return query
    .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
    .innerJoin(subjects, eq(subjects.id, applicationChoices.SUBJECT_ID))
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .innerJoin(branches, eq(branches.id, classes.branchId))
    .where(and(eq(applications.EMPLOYEE_ID, personId), eq(applicationChoices.AFFECTATION, AFFECTATION.CONFIRMED), where)) as unknown as T;
}

/** Whether the person holds a confirmed assignment of a subject of the class (of that subject, when named). */
export async function isAssigned(exec: Executor, input: { personId: number; classId: number; subjectId?: number | undefined }): Promise<boolean> {
  const where = and(eq(subjects.classId, input.classId), input.subjectId === undefined ? undefined : eq(subjects.id, input.subjectId));
  const [row] = await assignmentsOf(exec.select({ id: applicationChoices.id }).from(applicationChoices).$dynamic(), input.personId, where).limit(1);
  return row !== undefined;
}

/** `GET /classes/school/affected/{id}`: the branches of the classes where the person holds an assignment, by abbreviation. */
export async function affectedSchools(ctx: ServiceContext, input: { personId: number }): Promise<AffectedSchool[]> {
  const query = ctx.db
    .selectDistinct({ BRANCH_ABREVIATION: branches.abbreviation, name: branches.name, nameFr: branches.nameFr })
    .from(applicationChoices)
    .$dynamic();
  return assignmentsOf(query, input.personId).orderBy(asc(branches.abbreviation));
}

/** `GET /classes/affected/{x}/{id}`: the person's assigned classes of the branch abbreviated `branch` (none for an unknown one), by code. */
export async function affectedClasses(ctx: ServiceContext, input: { personId: number; branch: string }): Promise<AffectedClass[]> {
  const query = ctx.db.selectDistinct({ CLASS_ID: classes.id, code: classes.code, shift: classes.shift }).from(applicationChoices).$dynamic();
  return assignmentsOf(query, input.personId, eq(branches.abbreviation, input.branch)).orderBy(asc(classes.code));
}

/** `POST /subjects/affected`: the person's assigned subjects of a class, by code. */
export async function affectedSubjects(ctx: ServiceContext, input: { personId: number; classId: number }): Promise<AffectedSubject[]> {
  const query = ctx.db
    .selectDistinct({ SUBJECT_ID: subjects.id, code: subjects.code, name: subjects.name, nameFr: subjects.nameFr })
    .from(applicationChoices)
    .$dynamic();
  return assignmentsOf(query, input.personId, eq(subjects.classId, input.classId)).orderBy(asc(subjects.code), asc(subjects.id));
}
