// The office's decisions after the exam (issue 14, decision 44): admitted, on the waiting list or
// refused, entered or imported from a file, all or nothing. A changed decision is recorded, audited
// and mailed to the candidate in their language; an unchanged one is left alone.
import { asc, eq, inArray } from 'drizzle-orm';
import { V, type AdmissionDecision, type DecisionsInput as DecisionsInputSchema, type DecisionsResult } from '@portal/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { branches, candidates, cycles, entrances, entranceSpecialities } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type Lang } from '../../lib/i18n';
import { composeMail } from '../../lib/mail';
import { fold } from '../../lib/sql';
import { readDecisionSheet } from './decision-sheet';

export type DecisionsInput = z.output<typeof DecisionsInputSchema>;

/** A decision asked for: where it came from (the file's line, or the position among those entered), whom, what, and the speciality named. */
interface DecisionRequest {
  line: number;
  number: string;
  decision: AdmissionDecision;
  /** an entrance speciality's id, or a file's SPECIALITY cell (an id, a branch abbreviation, or `<cycle code> <abbreviation>`); null: none named */
  speciality: { id: number } | { text: string } | null;
}

/** The words a file may write a decision with, folded (no accents, upper case, apostrophes, dashes and underscores as spaces). */
const DECISION_WORDS: Record<string, AdmissionDecision> = {
  ADMITTED: 'ADMITTED',
  ADMIS: 'ADMITTED',
  ADMISE: 'ADMITTED',
  'WAITING LIST': 'WAITING_LIST',
  WAITLIST: 'WAITING_LIST',
  WAITLISTED: 'WAITING_LIST',
  'LISTE D ATTENTE': 'WAITING_LIST',
  REFUSED: 'REFUSED',
  REFUSE: 'REFUSED',
  REFUSEE: 'REFUSED',
};
const words = (text: string) =>
  fold(text)
    .toUpperCase()
    .replace(/['’ʼ`_\-\s]+/g, ' ')
    .trim();

/** A decision as a file writes it (ADMITTED, WAITING_LIST, REFUSED, or ADMIS, LISTE D'ATTENTE, REFUSÉ in any case), or null. */
export const decisionOf = (cell: string): AdmissionDecision | null => DECISION_WORDS[words(cell)] ?? null;

/** The field of a line's mistake in DECISION_IMPORT_INVALID. */
const lineKey = (line: number) => `line ${line}`;
const importInvalid = (errors: Map<number, string>) =>
  new AppError('DECISION_IMPORT_INVALID', {
    fields: Object.fromEntries([...errors].sort(([a], [b]) => a - b).map(([line, message]) => [lineKey(line), message])),
  });

type LockedCandidate = Pick<
  typeof candidates.$inferSelect,
  | 'id'
  | 'CANDIDATE_NUMBER'
  | 'firstChoiceId'
  | 'secondChoiceId'
  | 'decision'
  | 'decisionSpecialityId'
  | 'EMAIL'
  | 'FIRSTNAME'
  | 'LASTNAME'
  | 'language'
  | 'entranceId'
>;

/** Candidates locked per statement (their numbers are parameters). */
const LOCK_CHUNK = 1000;

/** The candidates with these numbers, locked in the order of their ids (two imports at once wait for each other, never deadlock). */
async function lockCandidates(tx: Tx, numbers: readonly string[]): Promise<Map<string, LockedCandidate>> {
  const byNumber = new Map<string, LockedCandidate>();
  const ids: number[] = [];
  for (let i = 0; i < numbers.length; i += LOCK_CHUNK) {
    const rows = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(inArray(candidates.CANDIDATE_NUMBER, numbers.slice(i, i + LOCK_CHUNK)));
    ids.push(...rows.map((row) => row.id));
  }
  ids.sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += LOCK_CHUNK) {
    const rows = await tx
      .select({
        id: candidates.id,
        CANDIDATE_NUMBER: candidates.CANDIDATE_NUMBER,
        firstChoiceId: candidates.firstChoiceId,
        secondChoiceId: candidates.secondChoiceId,
        decision: candidates.decision,
        decisionSpecialityId: candidates.decisionSpecialityId,
        EMAIL: candidates.EMAIL,
        FIRSTNAME: candidates.FIRSTNAME,
        LASTNAME: candidates.LASTNAME,
        language: candidates.language,
        entranceId: candidates.entranceId,
      })
      .from(candidates)
      .where(inArray(candidates.id, ids.slice(i, i + LOCK_CHUNK)))
      .orderBy(asc(candidates.id))
      .for('update');
    for (const row of rows) byNumber.set(row.CANDIDATE_NUMBER, row);
  }
  return byNumber;
}

/** A speciality as a decision names it: its branch's abbreviation and names, its cycle's code and names. */
interface SpecialityWords {
  id: number;
  abbreviation: string;
  cycleCode: string;
  name: string;
  nameFr: string;
  cycleName: string;
  cycleNameFr: string;
}

async function specialityWords(tx: Tx, ids: readonly number[]): Promise<Map<number, SpecialityWords>> {
  const wanted = [...new Set(ids)];
  const found = new Map<number, SpecialityWords>();
  for (let i = 0; i < wanted.length; i += LOCK_CHUNK) {
    const rows = await tx
      .select({
        id: entranceSpecialities.id,
        abbreviation: branches.abbreviation,
        cycleCode: cycles.code,
        name: branches.name,
        nameFr: branches.nameFr,
        cycleName: cycles.name,
        cycleNameFr: cycles.nameFr,
      })
      .from(entranceSpecialities)
      .innerJoin(cycles, eq(cycles.id, entranceSpecialities.cycleId))
      .innerJoin(branches, eq(branches.id, entranceSpecialities.branchId))
      .where(inArray(entranceSpecialities.id, wanted.slice(i, i + LOCK_CHUNK)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/**
 * The speciality a request names among the candidate's two choices: by id, by the branch's
 * abbreviation (when only one choice has it) or by `<cycle code> <abbreviation>`; undefined when
 * it names none of them.
 */
function chosenSpeciality(request: DecisionRequest, candidate: LockedCandidate, names: Map<number, SpecialityWords>): number | undefined {
  const choices = [candidate.firstChoiceId, ...(candidate.secondChoiceId === null ? [] : [candidate.secondChoiceId])];
  const named = request.speciality;
  if (named === null) return undefined;
  if ('id' in named) return choices.includes(named.id) ? named.id : undefined;
  const text = named.text.trim().toUpperCase().replace(/\s+/g, ' ');
  if (/^\d+$/.test(text)) return choices.includes(Number(text)) ? Number(text) : undefined;
  const matching = choices.filter((id) => {
    const s = names.get(id);
    return s !== undefined && (s.abbreviation.toUpperCase() === text || `${s.cycleCode} ${s.abbreviation}`.toUpperCase() === text);
  });
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * Records decisions, all or nothing, in one transaction under the candidates' row locks (by id).
 * Any mistake (an unknown candidate number, the same candidate twice, a speciality that is not one
 * of the candidate's choices, besides those found while reading: `errors`) is 400
 * DECISION_IMPORT_INVALID naming every faulty line, and nothing is recorded. ADMITTED and
 * WAITING_LIST without a speciality are for the first choice; REFUSED names none. A decision that
 * changes (the decision or its speciality) sets decided_at, is audited and mailed; one that does
 * not is left as it is.
 */
async function recordDecisions(
  ctx: ServiceContext,
  input: Acting & { requests: readonly DecisionRequest[]; errors: Map<number, string>; source: 'entered' | 'import' },
): Promise<DecisionsResult> {
  const { requests } = input;
  const errors = new Map(input.errors);
  const seen = new Set<string>();
  for (const request of requests) {
    if (errors.has(request.line)) continue;
    if (seen.has(request.number)) errors.set(request.line, V.duplicateLine);
    seen.add(request.number);
  }
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockCandidates(tx, [...seen]);
    const names = await specialityWords(
      tx,
      [...locked.values()].flatMap((c) => [c.firstChoiceId, ...(c.secondChoiceId === null ? [] : [c.secondChoiceId])]),
    );
    const changes: { candidate: LockedCandidate; decision: AdmissionDecision; specialityId: number | null }[] = [];
    let unchanged = 0;
    for (const request of requests) {
      if (errors.has(request.line)) continue;
      const candidate = locked.get(request.number);
      if (!candidate) {
        errors.set(request.line, V.invalid);
        continue;
      }
      const named = chosenSpeciality(request, candidate, names);
      if (request.speciality !== null && named === undefined) {
        errors.set(request.line, V.invalid);
        continue;
      }
      const specialityId = request.decision === 'REFUSED' ? null : (named ?? candidate.firstChoiceId);
      if (candidate.decision === request.decision && candidate.decisionSpecialityId === specialityId) unchanged++;
      else changes.push({ candidate, decision: request.decision, specialityId });
    }
    if (errors.size) throw importInvalid(errors);
    if (!changes.length) return { recorded: 0, mailed: 0, unchanged };

    const entranceNames = new Map(
      (
        await tx
          .select({ id: entrances.id, name: entrances.name })
          .from(entrances)
          .where(inArray(entrances.id, [...new Set(changes.map((c) => c.candidate.entranceId))]))
      ).map((e) => [e.id, e.name]),
    );
    let mailed = 0;
    for (const { candidate, decision, specialityId } of changes) {
      await tx.update(candidates).set({ decision, decisionSpecialityId: specialityId, decidedAt: now, updatedAt: now }).where(eq(candidates.id, candidate.id));
      await audit(tx, {
        at: now,
        actorId: input.actor.id,
        action: 'candidate.decided',
        targetType: 'candidate',
        targetId: candidate.id,
        ip: input.meta.ip,
        details: { decision, specialityId, from: candidate.decision, fromSpecialityId: candidate.decisionSpecialityId, source: input.source },
      });
      const lang: Lang = candidate.language === 'fr' ? 'fr' : 'en';
      const speciality = specialityId === null ? undefined : names.get(specialityId);
      await ctx.mailer.enqueue(
        tx,
        composeMail(lang, {
          to: candidate.EMAIL,
          name: `${candidate.FIRSTNAME} ${candidate.LASTNAME}`,
          kind: `admission-${decision.toLowerCase().replace('_', '-')}`,
          key: `admissions.mail.decision.${decision}`,
          vars: {
            entrance: entranceNames.get(candidate.entranceId) ?? '',
            speciality: speciality ? (lang === 'fr' ? `${speciality.nameFr} (${speciality.cycleNameFr})` : `${speciality.name} (${speciality.cycleName})`) : '',
            number: candidate.CANDIDATE_NUMBER,
            link: `${ctx.config.publicUrl}/candidate`,
          },
        }),
      );
      mailed++;
    }
    return { recorded: changes.length, mailed, unchanged };
  });
  if (result.mailed) ctx.mailer.kick();
  return result;
}

/** `POST /admissions/decisions`: decisions entered by hand; a mistake names its position (`line 2` is the second decision). */
export async function enterDecisions(ctx: ServiceContext, input: Acting & { values: DecisionsInput }): Promise<DecisionsResult> {
  const requests = input.values.decisions.map((d, i): DecisionRequest => ({
    line: i + 1,
    number: d.CANDIDATE_NUMBER,
    decision: d.DECISION,
    speciality: d.SPECIALITY_ID === null ? null : { id: d.SPECIALITY_ID },
  }));
  return recordDecisions(ctx, { ...input, requests, errors: new Map(), source: 'entered' });
}

/**
 * `POST /admissions/decisions/import`: decisions from a CSV or XLSX file (columns CANDIDATE_NUMBER,
 * DECISION, SPECIALITY optional); a mistake names the file's line (the header is line 1): an empty
 * number or decision, a decision not understood, besides those `recordDecisions` finds.
 */
export async function importDecisions(ctx: ServiceContext, input: Acting & { data: Buffer }): Promise<DecisionsResult> {
  const lines = await readDecisionSheet(input.data);
  const errors = new Map<number, string>();
  const requests: DecisionRequest[] = [];
  for (const { line, cells } of lines) {
    const number = cells.CANDIDATE_NUMBER.toUpperCase();
    const decision = decisionOf(cells.DECISION);
    if (!number || !cells.DECISION) errors.set(line, V.required);
    else if (!decision || number.length > 20) errors.set(line, V.invalid);
    requests.push({ line, number, decision: decision ?? 'REFUSED', speciality: cells.SPECIALITY ? { text: cells.SPECIALITY } : null });
  }
  return recordDecisions(ctx, { ...input, requests, errors, source: 'import' });
}
