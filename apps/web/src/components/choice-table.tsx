// The rows chosen in a back-office table for an action on several at once (OfficeTable's
// `choice` draws the boxes): the choice is kept for one set of filters only.
import { useState } from 'react';

/**
 * The rows chosen, kept for one set of filters (`key`): another week, session, page... chooses
 * afresh. Answers the ids and the function that replaces them.
 */
export function useChoice(key: string) {
  const [choice, setChoice] = useState<{ key: string; ids: number[] }>({ key, ids: [] });
  const ids = choice.key === key ? choice.ids : [];
  return [ids, (next: number[]) => setChoice({ key, ids: next })] as const;
}
