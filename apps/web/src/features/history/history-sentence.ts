import type { TFunction } from 'i18next';
import type { HistoryEntry, HistoryFacts } from '@portal/contract';
import { inLanguage } from '../../lib/names';

/** What a missing fact reads as (an entry older than the fact, or a name since removed). */
const NONE = '—';

const named = (language: string, value: { name: string; nameFr: string } | undefined) => (value ? inLanguage(language, value.name, value.nameFr) : NONE);

/** The parts of a change of choices: `INF201 (CM), INF202 (TD)`, joined the reader's way. */
function parts(language: string, list: HistoryFacts['added']): string {
  const items = (list ?? []).map((part) => `${part.code} (${part.category})`);
  return items.length ? new Intl.ListFormat(language.startsWith('fr') ? 'fr' : 'en', { style: 'long', type: 'conjunction' }).format(items) : NONE;
}

/** What an enrolment application was for: `the class HND2 SWE/J A`, `the optional subject MKT102 Marketing`. */
function offer(t: TFunction, language: string, value: HistoryFacts['offer']): string {
  if (!value) return NONE;
  const name = value.name !== undefined && value.nameFr !== undefined ? inLanguage(language, value.name, value.nameFr) : '';
  return t(`history.offer.${value.kind}`, { code: value.code, name });
}

/** Which sentence of a change of choices: what was added, what was removed, or both. */
function choicesContext(facts: HistoryFacts): string | undefined {
  const added = (facts.added ?? []).length > 0;
  const removed = (facts.removed ?? []).length > 0;
  if (added && removed) return 'both';
  if (added) return 'added';
  if (removed) return 'removed';
  return undefined;
}

/** Which form of the sentence: a change of choices by what changed, an enrolment decision by the status it gave, else an office's. */
function contextOf(entry: HistoryEntry): string | undefined {
  if (entry.event === 'choicesChanged') return choicesContext(entry.facts);
  if (entry.event === 'enrolmentDecided') return entry.facts.enrolmentStatus;
  return entry.byOffice ? 'office' : undefined;
}

/** The section saved: of the HR registration, or of a student's file. */
function sectionOf(t: TFunction, facts: HistoryFacts): string {
  if (facts.section) return t(`registration.steps.${facts.section}`);
  if (facts.studentSection) return t(`studentFile.sections.${facts.studentSection}`);
  return NONE;
}

/** The kind of document: of the HR registration, or of a student's file. */
function documentOf(t: TFunction, facts: HistoryFacts): string {
  if (facts.pieceType) return t(`registration.pieceType.${facts.pieceType}`);
  if (facts.studentDocument) return t(`studentFile.documents.kinds.${facts.studentDocument}`);
  return NONE;
}

/**
 * The sentence of a history entry in the reader's language, from its kind (`history.events.<kind>`)
 * and its facts: what an office did to or for the person reads as such (`_office`, when the kind has
 * that sentence; the offices' own kinds say it already, an enrolment decision with the status it gave).
 */
export function historySentence(t: TFunction, language: string, entry: HistoryEntry): string {
  const { facts } = entry;
  const subject = facts.subject ? `${facts.subject.code} ${inLanguage(language, facts.subject.name, facts.subject.nameFr)}` : NONE;
  const context = contextOf(entry);
  return t(`history.events.${entry.event}`, {
    ...(context ? { context } : {}),
    section: sectionOf(t, facts),
    file: facts.column ? t(`registration.fields.${facts.column}`) : NONE,
    document: documentOf(t, facts),
    session: named(language, facts.session),
    added: parts(language, facts.added),
    removed: parts(language, facts.removed),
    hours: facts.hours ?? NONE,
    subject,
    category: facts.category ?? NONE,
    reference: facts.reference ?? NONE,
    subcategory: named(language, facts.subcategory),
    unit: named(language, facts.unit),
    decision: facts.decision ? inLanguage(language, facts.decision.label, facts.decision.labelFr) : NONE,
    status: facts.status ? t(`requests.status.${facts.status}`) : NONE,
    offer: offer(t, language, facts.offer),
    provider: facts.provider ? t(`history.provider.${facts.provider}`) : NONE,
  });
}
