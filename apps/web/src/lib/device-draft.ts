// What a person types, kept on this device as it is typed (decision 46): a failed send, a reload
// or a dropped connection loses nothing. One key of localStorage per draft, `{ savedAt, values }`;
// a draft left longer than its days is dropped; a storage refused (private browsing, full) only
// loses the draft, never the form.
import { useEffect, type RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export interface DeviceDraft<T> {
  /** when it was last written (ISO) */
  savedAt: string;
  values: T;
}

interface DraftOptions<T> {
  /** the key in localStorage */
  key: string;
  /** a draft left this long is dropped (a device others use does not keep it for ever) */
  maxDays: number;
  /** the stored values checked one by one (a field of another version, or of another type, is left blank) */
  valuesOf: (stored: Record<string, unknown>) => T;
  /** nothing worth keeping was typed: no draft */
  isEmpty: (values: T) => boolean;
}

/** A draft kept on the device: read (null without one, or too old), write (nothing when nothing was typed), clear. */
export function deviceDraft<T>({ key, maxDays, valuesOf, isEmpty }: DraftOptions<T>) {
  const clear = (): void => {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing kept, nothing to clear
    }
  };
  const read = (now = new Date()): DeviceDraft<T> | null => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return null;
    }
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as { savedAt?: unknown; values?: unknown };
      if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.values !== 'object') return null;
      const values = valuesOf(parsed.values as Record<string, unknown>);
      const savedAt = typeof parsed.savedAt === 'string' ? Date.parse(parsed.savedAt) : Number.NaN;
      if (!Number.isFinite(savedAt) || now.getTime() - savedAt > maxDays * 86_400_000) {
        clear();
        return null;
      }
      return isEmpty(values) ? null : { savedAt: parsed.savedAt as string, values };
    } catch {
      return null;
    }
  };
  const write = (values: T, now = new Date()): void => {
    try {
      if (isEmpty(values)) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values } satisfies DeviceDraft<T>));
    } catch {
      // private browsing or a full storage: the form still works, only without its draft
    }
  };
  return { read, write, clear };
}

/**
 * Writes a form's draft as it is typed: after a pause of `delayMs`, when the tab is hidden, when
 * the page is left, and when the form goes; never while `keep.current` is false (the form was sent).
 */
export function useDraftWriter<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  write: (values: T) => void,
  { delayMs, blank, keep }: { delayMs: number; blank: T; keep: RefObject<boolean> },
): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: T | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (pending && keep.current) write(pending);
      pending = null;
    };
    const subscription = form.watch((values) => {
      pending = { ...blank, ...(values as Partial<T>) };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    };
  }, [form, write, delayMs, blank, keep]);
}
