// Sizes, without the contract: the list page uses these alone.

/** A file size for people: `812 B`, `12.5 KB`, `1.2 MB` (the unit's words are translated by the caller's keys). */
export function sizeParts(bytes: number, language: string): { unit: 'b' | 'kb' | 'mb'; value: string } {
  const format = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return { unit: 'b', value: format(bytes) };
  if (bytes < 1024 * 1024) return { unit: 'kb', value: format(bytes / 1024) };
  return { unit: 'mb', value: format(bytes / (1024 * 1024)) };
}
