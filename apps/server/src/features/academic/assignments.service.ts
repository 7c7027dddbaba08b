import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  AFFECTATION,
  hoursOf,
  TAX_RATE_WITH_NIU,
  type Affectation,
  type Applicant,
  type ApplicationSession,
  type AssignmentPage,
  type AssignmentQuery,
  type AssignmentRow,
  type ChoiceCategory,
  type SubjectRow,
} from '@portal/contract';
import type { Executor } from '../../db/client';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { applicationChoices, applications, applicationSessions, classes, departments, persons, subjects, subjectConstraints } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { csvDocument } from '../../lib/spreadsheet';
import { currentApplicationSession, toApplicationSession } from '../applications/application-sessions.service';
import { joinSubjectCatalogue, subjectColumns, subjectHours } from '../applications/subjects.service';
import { personNameColumns } from '../../lib/person-record';
import { isUniqueViolation, likePattern, rowsOf, searchWords } from '../../lib/sql';

/** The session named, or by default the current one, else the newest; null when there is none. */
export async function resolveApplicationSession(ctx: ServiceContext, id: number | undefined): Promise<ApplicationSession | null> {
  if (id === undefined) {
    const current = await currentApplicationSession(ctx);
    if (current) return current;
  }
  const [row] = await ctx.db
    .select({ session: applicationSessions, constraint: subjectConstraints })
    .from(applicationSessions)
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applicationSessions.SUBJECT_CONSTRAINT_ID))
    .where(id === undefined ? undefined : eq(applicationSessions.id, id))
    .orderBy(desc(applicationSessions.START_DATE), desc(applicationSessions.id))
    .limit(1);
  if (!row) {
    if (id !== undefined) throw new AppError('NOT_FOUND');
    return null;
  }
  return toApplicationSession(row.session, row.constraint);
}

/** Joins a choice's application, applicant and subject to a query that reads `application_choices` (made `$dynamic()`). */
function joinApplicant<T extends PgSelect>(query: T): T {
  return query
    .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
    .innerJoin(persons, eq(persons.id, applications.EMPLOYEE_ID))
    .innerJoin(subjects, eq(subjects.id, applicationChoices.SUBJECT_ID)) as unknown as T;
}

/** The hours of a choice's part, in SQL (`c` a choice, `s` its subject). */
const partHours = sql`case ${applicationChoices.CATEGORY} when 'CM' then ${subjects.hoursCm} when 'TD' then ${subjects.hoursTd} else ${subjects.hoursTp} end`;

/** Subjects as the office sees them (the tax rate shown is the one with an NIU). */
async function subjectRows(exec: Executor, subjectIds: number[]): Promise<Map<number, Omit<SubjectRow, 'ASSIGNED'>>> {
  if (!subjectIds.length) return new Map();
  const rows = await joinSubjectCatalogue(exec.select(subjectColumns).from(subjects).$dynamic()).where(inArray(subjects.id, subjectIds));
  return new Map(rows.map((r) => [r.SUBJECT_ID, { ...r, TAX_RATE: TAX_RATE_WITH_NIU }]));
}

/** Every choice of these subjects in the session, with the applicant and their loads (two queries). */
async function applicantsOf(exec: Executor, sessionId: number, subjectIds: number[]): Promise<Map<number, Applicant[]>> {
  const bySubject = new Map<number, Applicant[]>();
  if (!subjectIds.length) return bySubject;
  const choices = await joinApplicant(
    exec
      .select({
        CHOICE_ID: applicationChoices.id,
        SUBJECT_ID: applicationChoices.SUBJECT_ID,
        CATEGORY: applicationChoices.CATEGORY,
        AFFECTATION: applicationChoices.AFFECTATION,
        ...subjectHours,
        APPLICATION_ID: applications.id,
        EMPLOYEE_ID: persons.id,
        ...personNameColumns,
        CLOSED: applications.CLOSED,
        TOTAL_HOURS: applications.TOTAL_HOURS,
      })
      .from(applicationChoices)
      .$dynamic(),
  )
    .where(and(eq(applicationChoices.sessionId, sessionId), inArray(applicationChoices.SUBJECT_ID, subjectIds)))
    .orderBy(asc(applicationChoices.CATEGORY), asc(persons.LASTNAME), asc(persons.FIRSTNAME), asc(applicationChoices.id));
  const applicationIds = [...new Set(choices.map((c) => c.APPLICATION_ID))];
  const loads = applicationIds.length
    ? await exec
        .select({
          applicationId: applicationChoices.applicationId,
          confirmed: sql<number>`coalesce(sum(${partHours}) filter (where ${applicationChoices.AFFECTATION} = 1), 0)::int`,
          chosen: sql<number>`coalesce(sum(${partHours}) filter (where ${applicationChoices.AFFECTATION} <> 2), 0)::int`,
        })
        .from(applicationChoices)
        .innerJoin(subjects, eq(subjects.id, applicationChoices.SUBJECT_ID))
        .where(inArray(applicationChoices.applicationId, applicationIds))
        .groupBy(applicationChoices.applicationId)
    : [];
  const loadOf = new Map(loads.map((l) => [l.applicationId, l]));
  for (const c of choices) {
    const load = loadOf.get(c.APPLICATION_ID);
    const applicant: Applicant = {
      CHOICE_ID: c.CHOICE_ID,
      CATEGORY: c.CATEGORY,
      AFFECTATION: c.AFFECTATION as Affectation,
      HOURS: hoursOf(c, c.CATEGORY),
      APPLICATION_ID: c.APPLICATION_ID,
      EMPLOYEE_ID: c.EMPLOYEE_ID,
      MATRICULE: c.MATRICULE,
      FIRSTNAME: c.FIRSTNAME,
      LASTNAME: c.LASTNAME,
      STATUS: c.STATUS,
      CLOSED: c.CLOSED,
      CONFIRMED_HOURS: load?.confirmed ?? 0,
      CHOSEN_HOURS: load?.chosen ?? 0,
      TOTAL_HOURS: c.TOTAL_HOURS,
    };
    const list = bySubject.get(c.SUBJECT_ID) ?? [];
    list.push(applicant);
    bySubject.set(c.SUBJECT_ID, list);
  }
  return bySubject;
}

async function assignmentRows(exec: Executor, sessionId: number, subjectIds: number[]): Promise<AssignmentRow[]> {
  const [details, applicants] = await Promise.all([subjectRows(exec, subjectIds), applicantsOf(exec, sessionId, subjectIds)]);
  return subjectIds.flatMap((id) => {
    const subject = details.get(id);
    if (!subject) return [];
    const list = applicants.get(id) ?? [];
    const assigned = [...new Set(list.filter((a) => a.AFFECTATION === AFFECTATION.CONFIRMED).map((a) => a.CATEGORY))].sort() as ChoiceCategory[];
    return [{ Subject: { ...subject, ASSIGNED: assigned }, applicants: list }];
  });
}

/**
 * The subjects chosen in a session (at least one choice not declined), with their applicants and
 * each applicant's loads. 'open': some part applied for is not confirmed yet; 'assigned': all are.
 * Search words match the subject's code, name or class, or an applicant's matricule or name.
 */
export async function listAssignments(ctx: ServiceContext, query: AssignmentQuery): Promise<AssignmentPage> {
  const session = await resolveApplicationSession(ctx, query.session);
  if (!session) return { rows: [], total: 0, count: 1, page: query.page, session: null };
  const sid = session.id;
  const conditions: SQL[] = searchWords(query.search).map((word) => {
    const pattern = likePattern(word);
    return sql`(lower(s.code || ' ' || s.name || ' ' || cl.code) like ${pattern} or exists (
      select 1 from application_choices c2
      join applications a2 on a2.id = c2.application_id
      join persons p2 on p2.id = a2.employee_id
      where c2.session_id = ${sid} and c2.subject_id = s.id and lower(p2.matricule || ' ' || p2.lastname || ' ' || p2.firstname) like ${pattern}))`;
  });
  if (query.state === 'open') conditions.push(sql`not parts.all_confirmed`);
  if (query.state === 'assigned') conditions.push(sql`parts.all_confirmed`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await ctx.db.execute(sql`
    with part as (
      select subject_id, category, bool_or(affectation = 1) as confirmed
      from application_choices
      where session_id = ${sid} and affectation <> 2
      group by subject_id, category
    ), parts as (
      select subject_id, bool_and(confirmed) as all_confirmed from part group by subject_id
    )
    select s.id as id, (count(*) over ())::int as total
    from parts
    join subjects s on s.id = parts.subject_id
    join classes cl on cl.id = s.class_id
    ${where}
    order by cl.code, s.code, s.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const page = rowsOf<{ id: number; total: number }>(result);
  let total = Number(page[0]?.total ?? 0);
  if (!page.length && query.page > 1) {
    // Past the last page: still tell how many there are.
    const all = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        with part as (select subject_id, category, bool_or(affectation = 1) as confirmed from application_choices where session_id = ${sid} and affectation <> 2 group by subject_id, category),
        parts as (select subject_id, bool_and(confirmed) as all_confirmed from part group by subject_id)
        select count(*)::int as n from parts join subjects s on s.id = parts.subject_id join classes cl on cl.id = s.class_id ${where}`),
    );
    total = Number(all[0]?.n ?? 0);
  }
  const rows = await assignmentRows(
    ctx.db,
    sid,
    page.map((r) => Number(r.id)),
  );
  return { rows, total, count: Math.max(1, Math.ceil(total / query.pageSize)), page: query.page, session };
}

const DECISION_ACTION: Record<Affectation, string> = { 0: 'academic.choice-reset', 1: 'academic.choice-confirmed', 2: 'academic.choice-declined' };

/**
 * Confirms (1), declines (2) or resets (0) a choice, and answers its subject's row. A part is
 * confirmed to one person per session: another confirmation of it is ALREADY_ASSIGNED (the partial
 * unique index decides when two offices confirm at once).
 */
export async function decideChoice(ctx: ServiceContext, input: Acting & { choiceId: number; affectation: Affectation }): Promise<AssignmentRow> {
  let target: { sessionId: number; subjectId: number };
  try {
    target = await ctx.db.transaction(async (tx) => {
      const [choice] = await tx.select().from(applicationChoices).where(eq(applicationChoices.id, input.choiceId)).for('update');
      if (!choice) throw new AppError('NOT_FOUND');
      if (choice.AFFECTATION !== input.affectation) {
        if (input.affectation === AFFECTATION.CONFIRMED) {
          const [other] = await tx
            .select({ id: applicationChoices.id })
            .from(applicationChoices)
            .where(
              and(
                eq(applicationChoices.sessionId, choice.sessionId),
                eq(applicationChoices.SUBJECT_ID, choice.SUBJECT_ID),
                eq(applicationChoices.CATEGORY, choice.CATEGORY),
                eq(applicationChoices.AFFECTATION, AFFECTATION.CONFIRMED),
                ne(applicationChoices.id, choice.id),
              ),
            )
            .limit(1);
          if (other) throw new AppError('ALREADY_ASSIGNED');
        }
        const now = ctx.clock.now();
        const decided = input.affectation === AFFECTATION.SELECTED ? { decidedBy: null, decidedAt: null } : { decidedBy: input.actor.id, decidedAt: now };
        await tx
          .update(applicationChoices)
          .set({ AFFECTATION: input.affectation, ...decided })
          .where(eq(applicationChoices.id, choice.id));
        await audit(tx, {
          at: now,
          actorId: input.actor.id,
          action: DECISION_ACTION[input.affectation],
          targetType: 'choice',
          targetId: choice.id,
          ip: input.meta.ip,
          details: {
            applicationId: choice.applicationId,
            sessionId: choice.sessionId,
            subjectId: choice.SUBJECT_ID,
            category: choice.CATEGORY,
            from: choice.AFFECTATION,
          },
        });
      }
      return { sessionId: choice.sessionId, subjectId: choice.SUBJECT_ID };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_ASSIGNED');
    throw error;
  }
  const [row] = await assignmentRows(ctx.db, target.sessionId, [target.subjectId]);
  return row!;
}

export const EXPORT_COLUMNS = [
  'MATRICULE',
  'LASTNAME',
  'FIRSTNAME',
  'STATUS',
  'DEPARTMENT',
  'CLASS',
  'SUBJECT_CODE',
  'SUBJECT_NAME',
  'CATEGORY',
  'HOURS',
  'HOURLY_RATE',
  'AMOUNT',
] as const;

/** The confirmed assignments of a session as CSV (spreadsheet-safe, lib/spreadsheet.ts), and the file's name. */
export async function exportAssignments(ctx: ServiceContext, input: { session?: number | undefined }): Promise<{ csv: string; filename: string }> {
  const session = await resolveApplicationSession(ctx, input.session);
  const rows = session
    ? await joinSubjectCatalogue(
        joinApplicant(
          ctx.db
            .select({
              ...personNameColumns,
              DEPARTMENT: departments.name,
              CLASS: classes.code,
              SUBJECT_CODE: subjects.code,
              SUBJECT_NAME: subjects.name,
              CATEGORY: applicationChoices.CATEGORY,
              ...subjectHours,
              HOURLY_RATE: subjects.hourlyRate,
            })
            .from(applicationChoices)
            .$dynamic(),
        ),
      )
        .where(and(eq(applicationChoices.sessionId, session.id), eq(applicationChoices.AFFECTATION, AFFECTATION.CONFIRMED)))
        .orderBy(asc(persons.LASTNAME), asc(persons.FIRSTNAME), asc(persons.MATRICULE), asc(classes.code), asc(subjects.code), asc(applicationChoices.CATEGORY))
    : [];
  const lines = rows.map((r) => {
    const hours = hoursOf(r, r.CATEGORY);
    return [
      r.MATRICULE,
      r.LASTNAME,
      r.FIRSTNAME,
      r.STATUS ?? '',
      r.DEPARTMENT,
      r.CLASS,
      r.SUBJECT_CODE,
      r.SUBJECT_NAME,
      r.CATEGORY,
      hours,
      r.HOURLY_RATE,
      hours * r.HOURLY_RATE,
    ];
  });
  const filename = `assignments-${session?.id ?? 'none'}-${ctx.clock.now().toISOString().slice(0, 10)}.csv`;
  return { csv: csvDocument(EXPORT_COLUMNS, lines), filename };
}
