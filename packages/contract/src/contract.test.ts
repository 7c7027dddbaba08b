import { describe, expect, it } from 'vitest';
import { globalRegistry } from 'zod';
import { CodeVerificationBody, dmyDate, dmyToIso, isoDate, isoToDmy, SignUpBody, ChoosePasswordForm, ERROR_CODES, ERROR_MESSAGES } from './index';

describe('dates', () => {
  it('turns dd/mm/yyyy into ISO and refuses impossible dates', () => {
    expect(dmyToIso('29/02/2024')).toBe('2024-02-29');
    expect(dmyToIso('29/02/2023')).toBeNull();
    expect(dmyToIso('2024-02-01')).toBeNull();
    expect(isoToDmy('1990-07-03')).toBe('03/07/1990');
    expect(dmyDate.safeParse('31/04/2020').success).toBe(false);
    expect(dmyDate.parse('01/05/2020')).toBe('2020-05-01');
    expect(isoDate.safeParse('2020-13-01').success).toBe(false);
    expect(isoDate.safeParse('31/02/2004').error?.issues.map((i) => i.message)).toEqual(['validation.date']);
  });
});

describe('auth shapes', () => {
  it('normalises the matricule and checks the code format', () => {
    expect(SignUpBody.parse({ matricule: ' st2024001 ' }).matricule).toBe('ST2024001');
    const bad = CodeVerificationBody.safeParse({ SIGN_CODE: '12a456', STUDENT_ID: 3 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.code');
    expect(CodeVerificationBody.parse({ SIGN_CODE: ' 123456 ', STUDENT_ID: '3' })).toEqual({ SIGN_CODE: '123456', STUDENT_ID: 3 });
  });
  it('requires the two passwords to match', () => {
    const r = ChoosePasswordForm.safeParse({ password: 'abcdefgh1', confirm: 'abcdefgh2' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['confirm']);
  });
  it('has an English message for every error code', () => {
    for (const code of ERROR_CODES) expect(ERROR_MESSAGES[code].length).toBeGreaterThan(3);
  });
});

describe('schema names', () => {
  it("never name a schema as another's request form: the API document names each request form `<id>Input`", () => {
    const ids = new Set<string>();
    globalRegistry._idmap.forEach((_, id) => ids.add(id));
    expect(ids.size).toBeGreaterThan(50);
    expect([...ids].filter((id) => ids.has(`${id}Input`))).toEqual([]);
  });
});
