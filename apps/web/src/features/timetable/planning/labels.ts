// How the planning pages name a lesson's parts, in the reader's language (no Zod: the list pages use these).
import type { TFunction } from 'i18next';
import type { LessonConflict, PlannedLesson } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import { inLanguage } from '../../../lib/names';

/** A subject as the pages show it: its code and its name in the reader's language. */
export const subjectLabel = (subject: { code: string; name: string; nameFr: string }, language: string): string =>
  `${subject.code} – ${inLanguage(language, subject.name, subject.nameFr)}`;

/** A lesson's part: lecture (CM), tutorial (TD) or practical (TP). */
export const partLabel = (t: TFunction, part: string): string => t(`planning.parts.${part}`, { defaultValue: part });

/** Two times of day as a range: `08:00–09:50`. */
export const timeRange = (begin: string, end: string): string => `${begin}–${end}`;

/** A day with its weekday in the reader's language: `Mon 23/11/2026`. */
export function dayLabel(day: string, language: string): string {
  const weekday = new Intl.DateTimeFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return `${weekday} ${isoToDmy(day)}`;
}

/** Where a lesson takes place: its room, building and campus, those given. */
export const placeLabel = (lesson: Pick<PlannedLesson, 'room' | 'building' | 'campus'>): string =>
  [lesson.room, lesson.building, lesson.campus].filter(Boolean).join(' · ');

/** The lesson a new one collides with, and why, in a sentence: "…the same lecturer: INF101 CM, GL1/J, Nkoulou Jean, 23/11/2026 08:00–09:50, room B12". */
export function conflictText(t: TFunction, conflict: LessonConflict): string {
  const other = conflict.lesson;
  const words = [other.subject, other.class, other.lecturer, `${isoToDmy(other.date)} ${timeRange(other.begin, other.end)}`].filter(Boolean);
  if (other.room) words.push(t('planning.conflict.room', { name: other.room }));
  return t(`planning.conflict.kinds.${conflict.kind}`, { text: words.join(', ') });
}
