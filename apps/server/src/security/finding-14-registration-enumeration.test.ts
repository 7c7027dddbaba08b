/*
 * Finding 14 (issue 33): "registration tells whether an address is registered, and its candidate
 * number. Registering a known address again answers 200 {created:false, CANDIDATE_NUMBER:
 * "C27000019"}; a new one answers 201. Numbers are sequential, so a list of addresses gives their
 * numbers."
 *
 * What holds now (decision 65): a new registration and a known address answer alike (202, the same
 * body, the same cookie), and no answer carries a number; the number reaches the address by mail,
 * and the file opens only with the mailed code typed in the browser that sent it, or the mailed link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateFile } from '@portal/contract';
import { candidates } from '../db/schema';
import { candidatePayload, codeIn, makeEntrance, newCandidateEmail, tokenIn, type FixtureEntrance } from '../features/candidates/candidates.fixtures';
import { Client, createTestApp, lastMailTo, ok, outcome, type TestApp } from '../../test/helpers';

let t: TestApp;
let entrance: FixtureEntrance;
let ipSerial = 0;
const browser = () => new Client(t.app, `198.18.14.${++ipSerial}`);
beforeAll(async () => {
  t = await createTestApp();
  entrance = await makeEntrance(t);
});
afterAll(async () => {
  await t?.close();
});

/** What an answer tells its caller: status, body, the names of the cookies it sets, headers beyond the per-request ones. */
const seen = (res: { statusCode: number; body: string; cookies: { name: string }[]; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: res.body,
  cookies: res.cookies.map((c) => c.name),
  headers: Object.keys(res.headers)
    .filter((h) => !['date', 'content-length', 'x-request-id'].includes(h))
    .sort(),
});

describe('finding 14: what a registration tells its sender', () => {
  it('answers a known address exactly as a new one, and neither answer carries a number', async () => {
    const known = newCandidateEmail('Known');
    await browser().post('/api/candidate', candidatePayload(entrance, { EMAIL: known }));
    const [{ number }] = (await t.db.select({ number: candidates.CANDIDATE_NUMBER }).from(candidates).where(eq(candidates.EMAIL, known.toLowerCase()))) as [
      { number: string },
    ];
    t.clock.advanceSeconds(61);
    const again = await browser().post('/api/candidate', candidatePayload(entrance, { EMAIL: known.toUpperCase() }));
    const fresh = await browser().post('/api/candidate', candidatePayload(entrance, { EMAIL: newCandidateEmail('Fresh') }));
    console.warn(`finding 14: known address ${again.statusCode} ${again.body}; new address ${fresh.statusCode} ${fresh.body}`);
    expect(seen(again)).toEqual(seen(fresh));
    for (const res of [again, fresh]) {
      expect(res.body).not.toMatch(/C\d{8,}/);
      expect(JSON.stringify(res.headers)).not.toMatch(/C\d{8,}/);
    }
    expect(again.body).not.toContain(number);
  });

  it('opens the file only with the mailed code typed in the browser that sent the registration', async () => {
    const email = newCandidateEmail('Proof');
    const sender = browser();
    expect((await sender.post('/api/candidate', candidatePayload(entrance, { EMAIL: email }))).statusCode).toBe(202);
    expect((await sender.get('/api/candidate/me')).statusCode).toBe(401);
    const code = codeIn((await lastMailTo(t.db, email))?.textBody);
    // another browser with the right code, and the sender with wrong codes: nothing opens
    expect(outcome(await browser().post('/api/candidate/confirm', { code }))).toEqual({ status: 400, code: 'CANDIDATE_CODE_INVALID' });
    const wrong = code === '000000' ? '000001' : '000000';
    expect(outcome(await sender.post('/api/candidate/confirm', { code: wrong }))).toEqual({ status: 400, code: 'CANDIDATE_CODE_INVALID' });
    expect(ok<CandidateFile>(await sender.post('/api/candidate/confirm', { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).EMAIL).toBe(email.toLowerCase());
    expect((await sender.get('/api/candidate/me')).statusCode).toBe(200);
  });

  it('gives a registration five tries of its code, then 429: guessing is not a way in', async () => {
    const email = newCandidateEmail('Guess');
    const sender = browser();
    expect((await sender.post('/api/candidate', candidatePayload(entrance, { EMAIL: email }))).statusCode).toBe(202);
    const code = codeIn((await lastMailTo(t.db, email))?.textBody);
    const guesses = ['111111', '222222', '333333', '444444', '555555'].filter((g) => g !== code).slice(0, 5);
    const answers = [];
    for (const guess of guesses) answers.push(outcome(await sender.post('/api/candidate/confirm', { code: guess })).code);
    expect(answers).toEqual(Array(guesses.length).fill('CANDIDATE_CODE_INVALID'));
    const late = await sender.post('/api/candidate/confirm', { code });
    expect(outcome(late)).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS' });
    // what is no code at all is refused by its form; the mailed link still opens the file
    expect(outcome(await browser().post('/api/candidate/confirm', { code: 'abc' }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const token = tokenIn((await lastMailTo(t.db, email))?.textBody);
    expect(ok<CandidateFile>(await sender.post('/api/candidate/auth-link', { token })).EMAIL).toBe(email.toLowerCase());
  });
});
