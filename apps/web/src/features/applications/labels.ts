import type { TFunction } from 'i18next';
import { isLevelGroupKey, isShiftGroup, type LevelGroupKey, type ShiftGroup } from '@portal/contract/rules';
import type { LimitDetail } from '../../lib/api';

/** A name of the catalogue in the reader's language. */
export const localName = (item: { NAME: string; NAME_FR: string }, language: string): string => (language === 'fr' ? item.NAME_FR : item.NAME);

/** A rate in per cent in the reader's language: 5.5 → `5.5 %` / `5,5 %`. */
export const formatRate = (rate: number, language: string): string =>
  `${new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 }).format(rate)} %`;

/** The details of a refused choice, in words: "Levels 1-2, day classes: at most 3 subjects", "45 h chosen, 40 h allowed". */
export function limitText(t: TFunction, limit: LimitDetail | undefined): string {
  if (!limit) return '';
  if (isLevelGroupKey(limit.group) && isShiftGroup(limit.shift) && limit.limit !== undefined) {
    return t('applications.limitDetail.subjects', { name: slotName(t, limit.group, limit.shift), count: limit.limit });
  }
  if (limit.hours !== undefined && limit.allowed !== undefined) return t('applications.limitDetail.hours', { number: limit.hours, total: limit.allowed });
  return '';
}

/** "Levels 1-2, day classes". */
export const slotName = (t: TFunction, group: LevelGroupKey, shift: ShiftGroup): string =>
  `${t(`applications.groups.${group}`)}, ${t(`applications.shifts.${shift}`)}`;

/** A part of a subject: "Algorithms (CM)". */
export const choiceName = (subjectName: string, category: string): string => `${subjectName} (${category})`;

/** "From 01/09/2023 to 30/09/2023", or "From 01/09/2023" for a session without an end. */
export function sessionSpan(t: TFunction, first: string, last: string): string {
  return last
    ? `${t('applications.sessionFrom', { date: first })} ${t('applications.sessionTo', { date: last })}`
    : t('applications.sessionFrom', { date: first });
}
