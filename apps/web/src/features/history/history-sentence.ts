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

/** Which sentence of a change of choices: what was added, what was removed, or both. */
function choicesContext(facts: HistoryFacts): string | undefined {
  const added = (facts.added ?? []).length > 0;
  const removed = (facts.removed ?? []).length > 0;
  if (added && removed) return 'both';
  if (added) return 'added';
  if (removed) return 'removed';
  return undefined;
}

/**
 * The sentence of a history entry in the reader's language, from its kind (`history.events.<kind>`)
 * and its facts: what an office did to or for the person reads as such (`_office`, when the kind has
 * that sentence; the offices' own kinds say it already).
 */
export function historySentence(t: TFunction, language: string, entry: HistoryEntry): string {
  const { facts } = entry;
  const subject = facts.subject ? `${facts.subject.code} ${inLanguage(language, facts.subject.name, facts.subject.nameFr)}` : NONE;
  const context = entry.event === 'choicesChanged' ? choicesContext(facts) : entry.byOffice ? 'office' : undefined;
  return t(`history.events.${entry.event}`, {
    ...(context ? { context } : {}),
    section: facts.section ? t(`registration.steps.${facts.section}`) : NONE,
    file: facts.column ? t(`registration.fields.${facts.column}`) : NONE,
    document: facts.pieceType ? t(`registration.pieceType.${facts.pieceType}`) : NONE,
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
  });
}
