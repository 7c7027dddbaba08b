import { describe, expect, it } from 'vitest';
import { ENROLMENT_DECISIONS, ENROLMENT_OFFER_KINDS, ENROLMENT_STATUSES, QUESTION_TYPES } from '@portal/contract';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

/** Every text of a mail locale as `path → text`. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const EN = flatten(en);
const FR = flatten(fr);

describe('mail locales', () => {
  it('have the same keys and interpolation variables in English and French', () => {
    expect([...FR.keys()].sort()).toEqual([...EN.keys()].sort());
    const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of EN) expect([key, variables(FR.get(key) ?? '')]).toEqual([key, variables(text)]);
  });

  it('follow French typography: a non-breaking space, never an ordinary one or none, before : ; ? and ! in French', () => {
    const broken = [...FR].filter(([, text]) => / [:;?!](?=\s|$)|[\p{L}\d)»}][;?!](?=\s|$)/u.test(text)).map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('name the enumerations the mails and exports show, and mail each status an enrolment decision gives (decisions 38, 39)', () => {
    const keys = [
      ...ENROLMENT_OFFER_KINDS.map((kind) => `enrolment.kinds.${kind}`),
      ...ENROLMENT_STATUSES.map((status) => `enrolment.statuses.${status}`),
      ...Object.values(ENROLMENT_DECISIONS).flatMap((status) => [`enrolment.mail.${status}.subject`, `enrolment.mail.${status}.body`]),
      ...QUESTION_TYPES.map((type) => `evaluation.types.${type}`),
    ];
    expect(keys.filter((key) => !EN.has(key))).toEqual([]);
    expect(keys.filter((key) => !FR.has(key))).toEqual([]);
  });
});
