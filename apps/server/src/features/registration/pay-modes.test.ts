import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_FIELDS, PAY_MODES, ribKey } from '@portal/contract';
import { persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type Client, createTestApp, sessionFor, type TestApp } from '../../../test/helpers';
import { sectionOf } from './fixtures';

let t: TestApp;
let me: Client;
let myId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [person] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.support.matricule));
  myId = person!.id;
  me = await sessionFor(t, myId);
});
afterAll(async () => {
  await t?.close();
});

/** Every payment field, filled with a valid value, as a form would send it. */
const FILLED = {
  BANK_CODE: '10005',
  BRANCH_CODE: '00001',
  ACCOUNT_NUM: '00012345678',
  RIB_KEY: ribKey('10005', '00001', '00012345678'),
  PAY_CODE: '+33',
  PAY_PHONE: '677112233',
  CARD_NUM: '4111 1111 1111 1111',
  ACCOUNT_LASTNAME: 'Bello',
  ACCOUNT_FIRSTNAME: 'Aïcha',
  ACCOUNT_BIRTHDATE: '14/03/1984',
  CASHIER_CODE: 'C-12',
};
/** The same values as the record keeps them. */
const KEPT: Record<(typeof PAY_FIELDS)[number], string> = { ...FILLED, CARD_NUM: '4111111111111111', ACCOUNT_BIRTHDATE: '1984-03-14' };

/** Decision 0020, written out: the fields each mode keeps (a mobile payment is always to +237). */
const OWNER = ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE'];
const KEEPS: Record<(typeof PAY_MODES)[number], readonly string[]> = {
  CASH: ['CASHIER_CODE'],
  BANK_TRANSFER: ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', ...OWNER],
  BANK_CHECK: OWNER,
  MOBILE_TRANSFER: ['PAY_CODE', 'PAY_PHONE', ...OWNER],
  PREPAID_CARD: ['CARD_NUM', ...OWNER],
};

const savePayMode = (body: Record<string, unknown>) => me.request('PATCH', '/api/students/update/pay-mode', sectionOf('pay-mode', body));
const payData = async () => {
  const record = (await me.get(`/api/students/${myId}`)).json() as Record<string, unknown>;
  return Object.fromEntries([['PAYMODE', record.PAYMODE], ...PAY_FIELDS.map((field) => [field, record[field]])]);
};

describe('the payment mode, as the server keeps it', () => {
  it("keeps exactly the chosen mode's fields and clears every other one", async () => {
    for (const mode of PAY_MODES) {
      const saved = await savePayMode({ PAYMODE: mode, ...FILLED });
      expect(saved.statusCode, `${mode}: ${saved.body}`).toBe(200);
      const expected = Object.fromEntries(PAY_FIELDS.map((field) => [field, KEEPS[mode].includes(field) ? KEPT[field] : null]));
      if (mode === 'MOBILE_TRANSFER') expected.PAY_CODE = '+237';
      expect(await payData(), mode).toEqual({ PAYMODE: mode, ...expected });
    }
  });

  it('refuses a microfinance institution for a transfer, and asks no bank for a cheque', async () => {
    const microfinance = { BANK_CODE: '40001', RIB_KEY: ribKey('40001', '00001', '00012345678') };
    const refused = await savePayMode({ PAYMODE: 'BANK_TRANSFER', ...FILLED, ...microfinance });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'MICROFINANCE_REFUSED', fields: { BANK_CODE: 'validation.microfinance' } });

    const cheque = await savePayMode({ PAYMODE: 'BANK_CHECK', ...FILLED, ...microfinance });
    expect(cheque.statusCode, cheque.body).toBe(200);
    expect(await payData()).toMatchObject({ PAYMODE: 'BANK_CHECK', BANK_CODE: null, ACCOUNT_LASTNAME: 'Bello', ACCOUNT_BIRTHDATE: '1984-03-14' });
  });

  it('asks each mode for its required fields only', async () => {
    const missing = async (body: Record<string, unknown>) => Object.keys((await savePayMode(body)).json().fields ?? {}).sort();
    expect(await missing({ PAYMODE: 'BANK_CHECK' })).toEqual(['ACCOUNT_FIRSTNAME', 'ACCOUNT_LASTNAME']);
    expect(await missing({ PAYMODE: 'PREPAID_CARD', CARD_NUM: FILLED.CARD_NUM })).toEqual(['ACCOUNT_BIRTHDATE', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_LASTNAME']);
    expect((await savePayMode({ PAYMODE: 'MOBILE_TRANSFER', PAY_PHONE: '677112233', ACCOUNT_LASTNAME: 'Bello', ACCOUNT_FIRSTNAME: 'Aïcha' })).statusCode).toBe(
      200,
    );
    expect((await savePayMode({ PAYMODE: 'CASH' })).statusCode).toBe(200);
  });
});
