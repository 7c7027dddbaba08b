// The request a lecturer is writing, kept in this browser until it is filed: what was typed
// survives a failed save, a lost connection, a reload and a new sign-in (decision 32: the
// attachment is uploaded first, so the draft keeps its id and name).
import { REQUEST_ATTACHMENT_DRAFT_DAYS } from '@portal/contract/rules';
import { EMPTY_REQUEST_FORM, type RequestFormValues } from './request-form-values';

export interface DraftAttachment {
  id: string;
  name: string;
}

export interface RequestDraft {
  categoryId: number | null;
  subcategoryId: number | null;
  values: RequestFormValues;
  attachment: DraftAttachment | null;
  /** when it was last written (ISO): a draft older than its attachment's life is dropped */
  savedAt: string;
}

const VERSION = 1;
const DAY_MS = 86_400_000;

/** One draft per person: two people sharing a browser never see each other's. */
export const draftKey = (person: number) => `requestDraft:${person}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** The person's draft, or null (none, unreadable, or older than a draft attachment is kept). */
export function readDraft(person: number, now: Date = new Date()): RequestDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(draftKey(person)) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(stored) || stored.v !== VERSION || typeof stored.savedAt !== 'string' || !isRecord(stored.values)) return null;
  const age = now.getTime() - new Date(stored.savedAt).getTime();
  if (!(age < REQUEST_ATTACHMENT_DRAFT_DAYS * DAY_MS)) {
    clearDraft(person);
    return null;
  }
  const values = { ...EMPTY_REQUEST_FORM };
  for (const field of Object.keys(values) as (keyof RequestFormValues)[]) {
    const value = stored.values[field];
    if (typeof value === 'string') values[field] = value;
  }
  const attachment =
    isRecord(stored.attachment) && typeof stored.attachment.id === 'string' && typeof stored.attachment.name === 'string'
      ? { id: stored.attachment.id, name: stored.attachment.name }
      : null;
  return { categoryId: idOrNull(stored.categoryId), subcategoryId: idOrNull(stored.subcategoryId), values, attachment, savedAt: stored.savedAt };
}

/** Keeps the person's draft; storage refused (private mode, full) is ignored: the page still works. */
export function writeDraft(person: number, draft: Omit<RequestDraft, 'savedAt'>, now: Date = new Date()): void {
  try {
    localStorage.setItem(draftKey(person), JSON.stringify({ v: VERSION, ...draft, savedAt: now.toISOString() }));
  } catch {
    // no storage: nothing is kept
  }
}

export function clearDraft(person: number): void {
  try {
    localStorage.removeItem(draftKey(person));
  } catch {
    // no storage: nothing to clear
  }
}
