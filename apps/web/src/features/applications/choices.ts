import type { ChoiceInput, Choice, SubjectConstraint, SubjectRow } from '@portal/contract';
import {
  AFFECTATION,
  checkChoices,
  estimatePay,
  groupLimit,
  hoursOf,
  LEVEL_GROUP_KEYS,
  levelGroupOf,
  SHIFT_GROUPS,
  shiftGroupOf,
  lastSessionDayOf,
  universityDayOf,
  isoToDmy,
  type Affectation,
  type ChoiceCategory,
  type ChoiceRuleBreach,
  type LevelGroupKey,
  type ShiftGroup,
} from '@portal/contract/rules';

/** A choice of the list being edited: as the server has it (`saved`), or added on this page. */
export interface DraftChoice {
  AFFECTATION: Affectation;
  CATEGORY: ChoiceCategory;
  HOURS: number;
  Subject: SubjectRow;
  saved: boolean;
}

type Limits = Omit<SubjectConstraint, 'id'>;

export const choiceKey = (subjectId: number, category: ChoiceCategory): string => `${subjectId}:${category}`;
const keyOfDraft = (choice: Pick<DraftChoice, 'CATEGORY' | 'Subject'>) => choiceKey(choice.Subject.SUBJECT_ID, choice.CATEGORY);

export function fromServer(choices: readonly Choice[]): DraftChoice[] {
  return choices.map((choice) => ({ AFFECTATION: choice.AFFECTATION, CATEGORY: choice.CATEGORY, HOURS: choice.HOURS, Subject: choice.Subject, saved: true }));
}

/** Choices that count: declined ones weigh nothing. */
export const liveChoices = (choices: readonly DraftChoice[]) => choices.filter((choice) => choice.AFFECTATION !== AFFECTATION.DECLINED);

/** Selected (not yet confirmed nor declined) choices: the ones the person edits and saves. */
export const selectedChoices = (choices: readonly DraftChoice[]) => choices.filter((choice) => choice.AFFECTATION === AFFECTATION.SELECTED);

/** The body of `PUT /applications-choices/{application}`: the selected choices (the server keeps confirmed and declined ones). */
export const toSaveBody = (choices: readonly DraftChoice[]): ChoiceInput[] =>
  selectedChoices(choices).map((choice) => ({ SUBJECT_ID: choice.Subject.SUBJECT_ID, CATEGORY: choice.CATEGORY }));

/** Whether the list differs from what the server holds. */
export function isDirty(draft: readonly DraftChoice[], saved: readonly Choice[]): boolean {
  const keys = (list: readonly Pick<DraftChoice, 'CATEGORY' | 'Subject'>[]) => list.map(keyOfDraft).sort().join(',');
  return keys(draft) !== keys(saved);
}

/** Why a part of a subject cannot be added: no hours, assigned to someone, or already in the list. */
export type PartState = 'free' | 'noHours' | 'assigned' | 'inList';
export function partState(subject: SubjectRow, category: ChoiceCategory, draft: readonly DraftChoice[]): PartState {
  if (draft.some((choice) => choice.Subject.SUBJECT_ID === subject.SUBJECT_ID && choice.CATEGORY === category)) return 'inList';
  if (hoursOf(subject, category) <= 0) return 'noHours';
  if (subject.ASSIGNED.includes(category)) return 'assigned';
  return 'free';
}

const weigh = (choices: readonly DraftChoice[]) =>
  choices.map((choice) => ({
    SUBJECT_ID: choice.Subject.SUBJECT_ID,
    LEVEL_ID: choice.Subject.LEVEL_ID,
    SHIFT: choice.Subject.SHIFT,
    HOURS: choice.HOURS,
    AFFECTATION: choice.AFFECTATION,
  }));

/** Adds a part of a subject, or says which rule refuses it (the rule the server applies too). */
export function addChoice(
  draft: readonly DraftChoice[],
  subject: SubjectRow,
  category: ChoiceCategory,
  limits: Limits,
  allowedHours: number,
): { draft: DraftChoice[]; breach: null } | { draft: null; breach: ChoiceRuleBreach } {
  const next: DraftChoice[] = [
    ...draft,
    { AFFECTATION: AFFECTATION.SELECTED, CATEGORY: category, HOURS: hoursOf(subject, category), Subject: subject, saved: false },
  ];
  const breach = checkChoices(weigh(next), limits, allowedHours);
  return breach ? { draft: null, breach } : { draft: next, breach: null };
}

export const totalHours = (choices: readonly DraftChoice[]): number => liveChoices(choices).reduce((sum, choice) => sum + choice.HOURS, 0);

export function payEstimate(choices: readonly DraftChoice[], hasNiu: boolean) {
  return estimatePay(
    liveChoices(choices).map((choice) => ({ HOURS: choice.HOURS, HOURLY_RATE: choice.Subject.HOURLY_RATE })),
    hasNiu,
  );
}

export interface SlotUsage {
  group: LevelGroupKey;
  shift: ShiftGroup;
  used: number;
  limit: number;
}

/** Distinct subjects chosen per level group and shift, against the limits. */
export function slotUsage(choices: readonly DraftChoice[], limits: Limits): SlotUsage[] {
  const live = liveChoices(choices);
  return LEVEL_GROUP_KEYS.flatMap((group) =>
    SHIFT_GROUPS.map((shift) => {
      const subjects = new Set(
        live.filter((c) => levelGroupOf(c.Subject.LEVEL_ID) === group && shiftGroupOf(c.Subject.SHIFT) === shift).map((c) => c.Subject.SUBJECT_ID),
      );
      return { group, shift, used: subjects.size, limit: groupLimit(limits, group, shift) };
    }),
  );
}

/** The list by level (1 to 5), levels without choices left out. */
export function byLevel<T extends { Subject: Pick<SubjectRow, 'LEVEL_ID'> }>(choices: readonly T[]): [number, T[]][] {
  const levels = new Map<number, T[]>();
  for (const choice of choices) levels.set(choice.Subject.LEVEL_ID, [...(levels.get(choice.Subject.LEVEL_ID) ?? []), choice]);
  return [...levels.entries()].sort(([a], [b]) => a - b);
}

/** The first and last days of a session (instants in the contract), dd/mm/yyyy in university time. */
export const sessionFirstDay = (start: string): string => isoToDmy(universityDayOf(start));
export const sessionLastDay = (end: string | null): string => (end ? isoToDmy(lastSessionDayOf(end)) : '');
/** The day an instant falls on, university time, dd/mm/yyyy. */
export const dayOf = (instant: string | null): string => (instant ? isoToDmy(universityDayOf(instant)) : '');
