import { describe, expect, it } from 'vitest';
import { SECTION_SCHEMAS, type SavedSection } from '@portal/contract';
import { FILE_COLUMNS, MANDATORY_RULES, PIECE_TYPES, PROFILE_SECTIONS } from '@portal/contract/rules';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { OPTION_LISTS } from './options';
import { editableFields, SAVED_SECTIONS, SECTION_FIELDS } from './sections';

/** Filled by other means than the section's form: the ID images are uploads, children have their own editor in the wizard. */
const NOT_IN_FORM = new Set(['IDENTITY1', 'IDENTITY2', 'CHILDREN']);

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}
const missingIn = (keys: string[]) => ({
  en: keys.filter((key) => typeof lookup(en, key) !== 'string'),
  fr: keys.filter((key) => typeof lookup(fr, key) !== 'string'),
});

describe('HR section fields', () => {
  it('edit exactly the fields of each contract section schema', () => {
    expect([...SAVED_SECTIONS].sort()).toEqual(Object.keys(SECTION_SCHEMAS).sort());
    for (const section of SAVED_SECTIONS) {
      const schemaKeys = Object.keys(SECTION_SCHEMAS[section as SavedSection].shape).filter((key) => !NOT_IN_FORM.has(key));
      expect(
        editableFields(section)
          .map((field) => field.name)
          .sort(),
        section,
      ).toEqual(schemaKeys.sort());
    }
  });

  it('have a label in both languages for every field shown, mandatory or filed', () => {
    const fields = new Set([
      ...Object.values(SECTION_FIELDS)
        .flat()
        .map((field) => field.name),
      ...MANDATORY_RULES.map((rule) => rule.field),
      ...FILE_COLUMNS,
    ]);
    expect(missingIn([...fields].map((field) => `hr.fields.${field}`))).toEqual({ en: [], fr: [] });
    expect(missingIn(PROFILE_SECTIONS.map((section) => `hr.sections.${section}`))).toEqual({ en: [], fr: [] });
  });

  it('translate every choice they offer', () => {
    const keys = Object.values(SECTION_FIELDS)
      .flat()
      .flatMap((field) => (field.optionLabels && field.options ? OPTION_LISTS[field.options].map((option) => `${field.optionLabels}.${option}`) : []));
    expect(keys.length).toBeGreaterThan(0);
    expect(missingIn([...keys, ...PIECE_TYPES.map((type) => `hr.pieceType.${type}`)])).toEqual({ en: [], fr: [] });
  });
});
