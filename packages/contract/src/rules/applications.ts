// The subject-choice vocabulary and rules: parts of a subject, regimes and shifts, level groups,
// the limits a list of choices must respect, and the pay it stands for.

/** The teaching parts of a subject a person may apply for: lecture, tutorial, practical. */
export const CHOICE_CATEGORIES = ['CM', 'TD', 'TP'] as const;
export type ChoiceCategory = (typeof CHOICE_CATEGORIES)[number];

/** Regimes (shifts) of a class. Day and morning classes have the day limits (`_J`), evening and night the `_S` ones. */
export const REGIMES = ['DAY', 'EVENING', 'NIGHT', 'MORNING'] as const;
export type Regime = (typeof REGIMES)[number];

/** AFFECTATION of a choice: 1 is confirmed by the academic office; 0 selected (pending); 2 declined. */
export const AFFECTATION = { SELECTED: 0, CONFIRMED: 1, DECLINED: 2 } as const;
export type Affectation = (typeof AFFECTATION)[keyof typeof AFFECTATION];

/** Levels 1 to 5; day classes (`J`) and evening or night classes (`S`) have their own limits. */
export const LEVEL_IDS = [1, 2, 3, 4, 5] as const;
export type LevelId = (typeof LEVEL_IDS)[number];
export const SHIFT_GROUPS = ['J', 'S'] as const;
export type ShiftGroup = (typeof SHIFT_GROUPS)[number];

/** The specification groups the limits as levels 1-2, level 3 and levels 4-5; a group is named by its levels. */
export const LEVEL_GROUP_KEYS = ['12', '3', '45'] as const;
export type LevelGroupKey = (typeof LEVEL_GROUP_KEYS)[number];
export const LEVEL_GROUPS = { '12': [1, 2], '3': [3], '45': [4, 5] } as const satisfies Record<LevelGroupKey, readonly LevelId[]>;

export const shiftGroupOf = (regime: Regime): ShiftGroup => (regime === 'EVENING' || regime === 'NIGHT' ? 'S' : 'J');

/** The level group of a level (below level 1 counts as the first group, above level 5 as the last). */
export function levelGroupOf(level: number): LevelGroupKey {
  const group = LEVEL_GROUP_KEYS.find((key) => (LEVEL_GROUPS[key] as readonly number[]).includes(level));
  return group ?? (level < LEVEL_IDS[0] ? '12' : '45');
}

export const isLevelGroupKey = (value: unknown): value is LevelGroupKey => typeof value === 'string' && (LEVEL_GROUP_KEYS as readonly string[]).includes(value);
export const isShiftGroup = (value: unknown): value is ShiftGroup => typeof value === 'string' && (SHIFT_GROUPS as readonly string[]).includes(value);

/** The name of a level's limit in a session's subject constraint: `LEVEL4_S`. */
export type LevelLimitName = `LEVEL${LevelId}_${ShiftGroup}`;
/** The name of a level group's limit as the academic office sets it: `LEVEL45_S`. */
export type GroupLimitName = `LEVEL${LevelGroupKey}_${ShiftGroup}`;
export const levelLimitName = (level: LevelId, shift: ShiftGroup): LevelLimitName => `LEVEL${level}_${shift}`;
export const groupLimitName = (group: LevelGroupKey, shift: ShiftGroup): GroupLimitName => `LEVEL${group}_${shift}`;
/** The six limits the office sets, group by group, day then evening. */
export const GROUP_LIMIT_NAMES: readonly GroupLimitName[] = LEVEL_GROUP_KEYS.flatMap((group) => SHIFT_GROUPS.map((shift) => groupLimitName(group, shift)));

/** A session's limits, level by level. */
export type ConstraintLimits = Record<LevelLimitName, number>;

/** The limit of a level group and shift: the smallest of its levels' limits (the office sets them equal). */
export function groupLimit(constraint: ConstraintLimits, group: LevelGroupKey, shift: ShiftGroup): number {
  return Math.min(...LEVEL_GROUPS[group].map((level) => constraint[levelLimitName(level, shift)]));
}

/** Each level's limit from the limits of its group (what a session stores from what the office sets). */
export function levelLimitsOf(limits: Record<GroupLimitName, number>): ConstraintLimits {
  const out = {} as ConstraintLimits;
  for (const group of LEVEL_GROUP_KEYS)
    for (const level of LEVEL_GROUPS[group]) for (const shift of SHIFT_GROUPS) out[levelLimitName(level, shift)] = limits[groupLimitName(group, shift)];
  return out;
}

/** Tax withheld on hours: 5.5 % with an NIU, up to 16.5 % without. */
export const TAX_RATE_WITH_NIU = 5.5;
export const TAX_RATE_WITHOUT_NIU = 16.5;

/** Tax withheld on teaching pay: 5.5 % with an NIU, 16.5 % without. */
export const taxRateFor = (hasNiu: boolean): number => (hasNiu ? TAX_RATE_WITH_NIU : TAX_RATE_WITHOUT_NIU);

/** The hours a choice of one part of a subject stands for. */
export function hoursOf(subject: { HOURS_CM: number; HOURS_TD: number; HOURS_TP: number }, category: ChoiceCategory): number {
  return subject[`HOURS_${category}`];
}

/** What a choice weighs in the rules: its subject, level, shift and hours. Declined choices weigh nothing. */
export interface WeighedChoice {
  SUBJECT_ID: number;
  LEVEL_ID: number;
  SHIFT: Regime;
  HOURS: number;
  AFFECTATION: Affectation;
}

export type ChoiceRuleBreach =
  { code: 'SUBJECT_LIMIT_REACHED'; group: LevelGroupKey; shift: ShiftGroup; limit: number } | { code: 'HOURS_CAP_EXCEEDED'; hours: number; allowed: number };

/**
 * The rules of a list of choices, shared by the server (authoritative, under a lock on the
 * application row) and the web page (to refuse at once): at most `groupLimit` distinct subjects
 * per level group and shift, and at most `allowedHours` hours in all.
 */
export function checkChoices(choices: readonly WeighedChoice[], constraint: ConstraintLimits, allowedHours: number): ChoiceRuleBreach | null {
  const live = choices.filter((c) => c.AFFECTATION !== AFFECTATION.DECLINED);
  const subjectsBySlot = new Map<string, Set<number>>();
  for (const c of live) {
    const slot = `${levelGroupOf(c.LEVEL_ID)}_${shiftGroupOf(c.SHIFT)}`;
    const set = subjectsBySlot.get(slot) ?? new Set<number>();
    set.add(c.SUBJECT_ID);
    subjectsBySlot.set(slot, set);
  }
  for (const [slot, set] of subjectsBySlot) {
    const [group, shift] = slot.split('_') as [LevelGroupKey, ShiftGroup];
    const limit = groupLimit(constraint, group, shift);
    if (set.size > limit) return { code: 'SUBJECT_LIMIT_REACHED', group, shift, limit };
  }
  const hours = live.reduce((sum, c) => sum + c.HOURS, 0);
  if (hours > allowedHours) return { code: 'HOURS_CAP_EXCEEDED', hours, allowed: allowedHours };
  return null;
}

/** Estimated pay of some hours: gross = hours x rate, less the tax rate (NIU or not). Amounts in CFA francs. */
export function estimatePay(
  parts: ReadonlyArray<{ HOURS: number; HOURLY_RATE: number }>,
  hasNiu: boolean,
): { gross: number; tax: number; net: number; rate: number } {
  const gross = parts.reduce((sum, p) => sum + p.HOURS * p.HOURLY_RATE, 0);
  const rate = taxRateFor(hasNiu);
  const tax = Math.round((gross * rate) / 100);
  return { gross, tax, net: gross - tax, rate };
}
