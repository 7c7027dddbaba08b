import { useCallback, useState } from 'react';

/**
 * The sections of a page with changes not saved (each section's form reports itself): the set,
 * and `report(section, dirty)`, stable, which leaves the set as it is when nothing changes.
 */
export function useDirtySections<K>() {
  const [dirty, setDirty] = useState<ReadonlySet<K>>(() => new Set<K>());
  const report = useCallback((section: K, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(section) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);
  return [dirty, report] as const;
}
