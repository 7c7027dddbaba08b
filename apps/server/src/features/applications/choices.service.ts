import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  AFFECTATION,
  checkChoices,
  hoursOf,
  V,
  type Affectation,
  type Choice,
  type ChoiceCategory,
  type ChoiceInput,
  type ApplicationSessionChoice,
  type WeighedChoice,
} from '@portal/contract';
import type { Executor, Tx } from '../../db/client';
import { applicationChoices, applications, applicationSessions, classes, profiles, subjects } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { joinSubjectCatalogue, subjectColumns, subjectHours, toSubjectRow } from './subjects.service';
import { allowedHours, changeApplication, type LockedApplication } from './application-lock';

// ---------------------------------------------------------------- reading choices

/** The parts of the choice's subject confirmed to someone in the choice's session. */
const assignedOfChoice = sql<ChoiceCategory[]>`array(select x.category from ${applicationChoices} x
  where x.session_id = ${applicationChoices.sessionId} and x.subject_id = ${applicationChoices.SUBJECT_ID} and x.affectation = 1 order by x.category)`;

/** Choices with their subject, session and owner's tax rate; newest session first, then by level, class and subject. */
export async function choiceRows(exec: Executor, where: SQL | undefined): Promise<ApplicationSessionChoice[]> {
  const rows = await joinSubjectCatalogue(
    exec
      .select({
        id: applicationChoices.id,
        APPLICATION_ID: applicationChoices.applicationId,
        AFFECTATION: applicationChoices.AFFECTATION,
        CATEGORY: applicationChoices.CATEGORY,
        SESSION_APPLICATION_ID: applications.SESSION_APPLICATION_ID,
        DESIGNATION: applicationSessions.DESIGNATION,
        DESIGNATION_FR: applicationSessions.DESIGNATION_FR,
        CLOSED: applications.CLOSED,
        hasNiu: sql<boolean>`coalesce(${profiles.NIU}, '') <> ''`,
        ASSIGNED: assignedOfChoice,
        subject: subjectColumns,
      })
      .from(applicationChoices)
      .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
      .innerJoin(applicationSessions, eq(applicationSessions.id, applications.SESSION_APPLICATION_ID))
      .innerJoin(subjects, eq(subjects.id, applicationChoices.SUBJECT_ID))
      .$dynamic(),
  )
    .leftJoin(profiles, eq(profiles.personId, applications.EMPLOYEE_ID))
    .where(where)
    .orderBy(desc(applicationSessions.START_DATE), asc(classes.levelId), asc(classes.code), asc(subjects.code), asc(applicationChoices.CATEGORY));
  return rows.map((r) => ({
    id: r.id,
    APPLICATION_ID: r.APPLICATION_ID,
    AFFECTATION: r.AFFECTATION as Affectation,
    CATEGORY: r.CATEGORY,
    HOURS: hoursOf(r.subject, r.CATEGORY),
    Subject: toSubjectRow(r.subject, r.ASSIGNED, r.hasNiu),
    SESSION_APPLICATION_ID: r.SESSION_APPLICATION_ID,
    DESIGNATION: r.DESIGNATION,
    DESIGNATION_FR: r.DESIGNATION_FR,
    CLOSED: r.CLOSED,
  }));
}

export const asChoice = ({ SESSION_APPLICATION_ID: _s, DESIGNATION: _d, DESIGNATION_FR: _f, CLOSED: _c, ...choice }: ApplicationSessionChoice): Choice =>
  choice;

/** The choices of one application. */
export async function listChoices(exec: Executor, applicationId: number): Promise<Choice[]> {
  return (await choiceRows(exec, eq(applicationChoices.applicationId, applicationId))).map(asChoice);
}

// ---------------------------------------------------------------- changing choices

const keyOf = (subjectId: number, category: ChoiceCategory) => `${subjectId}:${category}`;

/**
 * Makes the application's choices what `wanted` asks, under the application's lock:
 * 'add' adds them to the list; 'replace' makes the selected choices exactly these (confirmed
 * and declined ones are kept as they are). Checks each part, then the resulting list against
 * the limits and the hours cap; a refusal throws and the transaction changes nothing.
 */
async function applyChoices(tx: Tx, locked: LockedApplication, wanted: readonly ChoiceInput[], mode: 'add' | 'replace'): Promise<ChoicesChange> {
  const applicationId = locked.application.id;
  const sessionId = locked.application.SESSION_APPLICATION_ID;
  const weighed = { CODE: subjects.code, LEVEL_ID: classes.levelId, SHIFT: classes.shift, ...subjectHours };

  const existing = await tx
    .select({
      id: applicationChoices.id,
      SUBJECT_ID: applicationChoices.SUBJECT_ID,
      CATEGORY: applicationChoices.CATEGORY,
      AFFECTATION: applicationChoices.AFFECTATION,
      ...weighed,
    })
    .from(applicationChoices)
    .innerJoin(subjects, eq(subjects.id, applicationChoices.SUBJECT_ID))
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(eq(applicationChoices.applicationId, applicationId));
  const existingByKey = new Map(existing.map((c) => [keyOf(c.SUBJECT_ID, c.CATEGORY), c]));

  const ids = [...new Set(wanted.map((w) => w.SUBJECT_ID))];
  const found = ids.length
    ? await tx
        .select({
          id: subjects.id,
          ...weighed,
          confirmed: sql<
            ChoiceCategory[]
          >`array(select x.category from ${applicationChoices} x where x.session_id = ${sessionId} and x.subject_id = ${subjects.id} and x.affectation = 1)`,
        })
        .from(subjects)
        .innerJoin(classes, eq(classes.id, subjects.classId))
        .where(inArray(subjects.id, ids))
    : [];
  const subjectById = new Map(found.map((s) => [s.id, s]));
  const unknown: Record<string, string> = {};
  wanted.forEach((w, i) => {
    if (!subjectById.has(w.SUBJECT_ID)) unknown[`subjects.${i}.SUBJECT_ID`] = V.invalid;
  });
  if (Object.keys(unknown).length) throw new AppError('VALIDATION_FAILED', { fields: unknown });

  const kept = new Set<string>();
  const added = new Map<string, ChoiceInput>();
  for (const w of wanted) {
    const key = keyOf(w.SUBJECT_ID, w.CATEGORY);
    const current = existingByKey.get(key);
    if (current) {
      // Giving a live choice again changes nothing; a declined one cannot be chosen again.
      if (current.AFFECTATION === AFFECTATION.DECLINED) throw new AppError('CHOICE_DECLINED');
      kept.add(key);
      continue;
    }
    const subject = subjectById.get(w.SUBJECT_ID)!;
    if (hoursOf(subject, w.CATEGORY) <= 0 || subject.confirmed.includes(w.CATEGORY)) throw new AppError('SUBJECT_UNAVAILABLE');
    added.set(key, w);
  }
  const removed = mode === 'replace' ? existing.filter((c) => c.AFFECTATION === AFFECTATION.SELECTED && !kept.has(keyOf(c.SUBJECT_ID, c.CATEGORY))) : [];

  const removedIds = new Set(removed.map((c) => c.id));
  const change: ChoicesChange = {
    added: [...added.values()].map((w) => ({ subjectId: w.SUBJECT_ID, code: subjectById.get(w.SUBJECT_ID)!.CODE, category: w.CATEGORY })),
    removed: removed.map((c) => ({ subjectId: c.SUBJECT_ID, code: c.CODE, category: c.CATEGORY })),
  };
  if (added.size === 0) {
    // Removing choices, or giving live ones again, cannot break a rule (even when the office has lowered a limit since).
    if (removedIds.size) await tx.delete(applicationChoices).where(inArray(applicationChoices.id, [...removedIds]));
    return change;
  }
  const resulting: WeighedChoice[] = [
    ...existing
      .filter((c) => !removedIds.has(c.id))
      .map((c) => ({
        SUBJECT_ID: c.SUBJECT_ID,
        LEVEL_ID: c.LEVEL_ID,
        SHIFT: c.SHIFT,
        HOURS: hoursOf(c, c.CATEGORY),
        AFFECTATION: c.AFFECTATION as Affectation,
      })),
    ...[...added.values()].map((w) => {
      const s = subjectById.get(w.SUBJECT_ID)!;
      return { SUBJECT_ID: w.SUBJECT_ID, LEVEL_ID: s.LEVEL_ID, SHIFT: s.SHIFT, HOURS: hoursOf(s, w.CATEGORY), AFFECTATION: AFFECTATION.SELECTED };
    }),
  ];
  const breach = checkChoices(resulting, locked.constraint, allowedHours(locked));
  if (breach?.code === 'SUBJECT_LIMIT_REACHED') throw new AppError(breach.code, { limit: { group: breach.group, shift: breach.shift, limit: breach.limit } });
  if (breach?.code === 'HOURS_CAP_EXCEEDED') throw new AppError(breach.code, { limit: { hours: breach.hours, allowed: breach.allowed } });

  if (removedIds.size) await tx.delete(applicationChoices).where(inArray(applicationChoices.id, [...removedIds]));
  await tx
    .insert(applicationChoices)
    .values([...added.values()].map((w) => ({ applicationId, sessionId, SUBJECT_ID: w.SUBJECT_ID, CATEGORY: w.CATEGORY, AFFECTATION: AFFECTATION.SELECTED })));
  return change;
}

interface ChangeInput {
  applicationId: number;
  actor: Actor;
  meta: RequestMeta;
}

/** The parts a change of choices added and removed, each with its subject's code as it was then. */
interface ChoicesChange {
  added: { subjectId: number; code: string; category: ChoiceCategory }[];
  removed: { subjectId: number; code: string; category: ChoiceCategory }[];
}

/** Audits a change of the application's choices (the person's history shows it, decision 36); a change that changed nothing is not one. */
async function auditChoices(ctx: ServiceContext, tx: Tx, input: ChangeInput, change: ChoicesChange): Promise<void> {
  if (change.added.length === 0 && change.removed.length === 0) return;
  await audit(tx, {
    at: ctx.clock.now(),
    actorId: input.actor.id,
    action: 'application.choices-changed',
    targetType: 'application',
    targetId: input.applicationId,
    ip: input.meta.ip,
    details: { added: change.added, removed: change.removed },
  });
}

/** `POST /applications-choices`: adds these choices (an identical live choice already there is a no-op). */
export async function addChoices(ctx: ServiceContext, input: ChangeInput & { subjects: ChoiceInput[] }): Promise<Choice[]> {
  return changeApplication(ctx, input, async (tx, locked) => {
    await auditChoices(ctx, tx, input, await applyChoices(tx, locked, input.subjects, 'add'));
    return listChoices(tx, input.applicationId);
  });
}

/** `PUT /applications-choices/{application}`: the selected choices become exactly these; confirmed and declined ones stay. */
export async function replaceChoices(ctx: ServiceContext, input: ChangeInput & { subjects: ChoiceInput[] }): Promise<Choice[]> {
  return changeApplication(ctx, input, async (tx, locked) => {
    await auditChoices(ctx, tx, input, await applyChoices(tx, locked, input.subjects, 'replace'));
    return listChoices(tx, input.applicationId);
  });
}

/** `POST /applications-choices/clear/{application}`: empties the list of selected choices; confirmed and declined ones stay. */
export async function clearChoices(ctx: ServiceContext, input: ChangeInput): Promise<Choice[]> {
  return changeApplication(ctx, input, async (tx) => {
    const removed = await tx
      .delete(applicationChoices)
      .where(and(eq(applicationChoices.applicationId, input.applicationId), eq(applicationChoices.AFFECTATION, AFFECTATION.SELECTED)))
      .returning({ subjectId: applicationChoices.SUBJECT_ID, category: applicationChoices.CATEGORY });
    const codes = removed.length
      ? new Map(
          (
            await tx
              .select({ id: subjects.id, code: subjects.code })
              .from(subjects)
              .where(inArray(subjects.id, [...new Set(removed.map((r) => r.subjectId))]))
          ).map((r) => [r.id, r.code]),
        )
      : new Map<number, string>();
    await auditChoices(ctx, tx, input, { added: [], removed: removed.map((r) => ({ ...r, code: codes.get(r.subjectId) ?? '' })) });
    return listChoices(tx, input.applicationId);
  });
}
