// The answers a student is giving about one (subject, lecturer), kept in this browser until they
// are submitted (the pattern of the requests' draft, decision 33): leaving the page, a reload, a
// lost connection or a new sign-in loses nothing. Nothing of it is sent before the submission.

/** An answer as the page holds it: an option's key (CHOICE), 1 to 5 (SCALE) or a comment (TEXT). */
export type DraftValue = string | number;

export interface AnswerDraft {
  /** question key → answer */
  answers: Record<string, DraftValue>;
  /** the section shown last, to come back to it */
  step: number;
  /** when it was last written (ISO) */
  savedAt: string;
}

const VERSION = 1;

/** One draft per person and target: two people sharing a browser never see each other's. */
export const answerDraftKey = (person: number, target: number) => `evaluationDraft:${person}:${target}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The draft of the person for the target, or null (none, or unreadable). */
export function readAnswerDraft(person: number, target: number): AnswerDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(answerDraftKey(person, target)) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(stored) || stored.v !== VERSION || typeof stored.savedAt !== 'string' || !isRecord(stored.answers)) return null;
  const answers: Record<string, DraftValue> = {};
  for (const [key, value] of Object.entries(stored.answers)) {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) answers[key] = value;
  }
  const step = typeof stored.step === 'number' && Number.isInteger(stored.step) && stored.step >= 0 ? stored.step : 0;
  return { answers, step, savedAt: stored.savedAt };
}

/** Keeps the draft; storage refused (private mode, full) is ignored: the page still works. */
export function writeAnswerDraft(person: number, target: number, draft: Omit<AnswerDraft, 'savedAt'>, now: Date = new Date()): void {
  try {
    localStorage.setItem(answerDraftKey(person, target), JSON.stringify({ v: VERSION, ...draft, savedAt: now.toISOString() }));
  } catch {
    // no storage: nothing is kept
  }
}

export function clearAnswerDraft(person: number, target: number): void {
  try {
    localStorage.removeItem(answerDraftKey(person, target));
  } catch {
    // no storage: nothing to clear
  }
}

/** The targets the person has a draft for (the list marks them "in progress"). */
export function draftedTargets(person: number): Set<number> {
  const found = new Set<number>();
  try {
    const prefix = `evaluationDraft:${person}:`;
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix)) {
        const target = Number(key.slice(prefix.length));
        if (Number.isInteger(target) && target > 0) found.add(target);
      }
    }
  } catch {
    // no storage: no drafts
  }
  return found;
}
