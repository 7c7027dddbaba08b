import { describe, expect, it } from 'vitest';
import { CHOICE_CATEGORIES, LESSON_CONFLICT_KINDS, LESSON_IMPORT_COLUMNS, LESSON_IMPORT_REASONS } from '@portal/contract/rules';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import { timeRange } from './labels';

const read = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

describe('the words of the planning', () => {
  it('name every part, conflict, import column and import reason of the contract in both languages', () => {
    const keys = [
      ...CHOICE_CATEGORIES.map((part) => `planning.parts.${part}`),
      ...LESSON_CONFLICT_KINDS.map((kind) => `planning.conflict.kinds.${kind}`),
      ...LESSON_IMPORT_COLUMNS.map((column) => `planning.import.columns.${column}`),
      ...LESSON_IMPORT_REASONS.map((reason) => `planning.import.reasons.${reason}`),
    ];
    for (const locale of [en, fr]) expect(keys.filter((key) => typeof read(locale, key) !== 'string')).toEqual([]);
    // a status is named once for every page (schedule.status, components/lesson-status.tsx)
    expect(read(en, 'planning.status')).toBeUndefined();
  });

  it('writes a time range with an en dash', () => {
    expect(timeRange('17:30', '19:30')).toBe('17:30–19:30');
  });
});
