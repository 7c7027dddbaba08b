// Which sections of the registration form are open: one at a time on a phone, the next one after
// "Next", and the first one holding a field a refused send named.
import { useCallback, useState } from 'react';
import { CANDIDATE_SECTIONS, sectionOf, type CandidateSection } from './register-form';

const FIRST: readonly CandidateSection[] = ['identity'];

/** Scrolls a section's header into view once it is drawn. */
const scrollTo = (section: CandidateSection) =>
  requestAnimationFrame(() => document.getElementById(`candidate-section-${section}-header`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));

export function useOpenSections() {
  const [open, setOpen] = useState<ReadonlySet<CandidateSection>>(() => new Set<CandidateSection>(FIRST));
  const toggle = useCallback((section: CandidateSection) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });
  }, []);
  const goNext = useCallback((section: CandidateSection) => {
    const following = CANDIDATE_SECTIONS[CANDIDATE_SECTIONS.indexOf(section) + 1];
    setOpen(new Set(following ? [following] : []));
    if (following) scrollTo(following);
  }, []);
  /** Opens the first section that holds one of these fields (of a refused send): one at a time on a phone; the others' headers say what they lack. */
  const openFor = useCallback((paths: readonly string[]) => {
    const named = new Set(paths.map(sectionOf));
    const first = CANDIDATE_SECTIONS.find((section) => named.has(section));
    if (first) {
      setOpen((current) => new Set([...current, first]));
      scrollTo(first);
    }
  }, []);
  const reset = useCallback(() => setOpen(new Set<CandidateSection>(FIRST)), []);
  return { open, toggle, goNext, openFor, reset };
}
