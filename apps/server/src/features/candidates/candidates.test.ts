import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_CODE_TTL_SECONDS,
  CANDIDATE_NUMBER_PATTERN,
  CANDIDATE_REQUIRED_FIELDS,
  CANDIDATE_SESSION_SECONDS,
  type CandidateFile,
  type CandidateRegistrationAccepted,
  type Entrance,
} from '@portal/contract';
import {
  branches,
  candidateDocuments,
  candidateLinks,
  candidates,
  candidateSessions,
  cycles,
  entrances,
  entranceSpecialities,
  paymentNetworks,
  payments,
} from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import { forgetExpiredCandidateAccess } from './cleanup.service';
import { Client, createTestApp, lastMailTo, mailsTo, ok, outcome, type TestApp } from '../../../test/helpers';
import {
  candidatePayload,
  choiceOf,
  closeEntrance,
  codeIn,
  dayFromToday,
  makeEntrance,
  newCandidateEmail,
  registerAndConfirm,
  tokenIn,
  type FixtureEntrance,
} from './candidates.fixtures';

let t: TestApp;
const log: string[] = [];
let ipSerial = 0;
/** A browser of its own (and a client address of its own, so that no test meets another's limits). */
const browser = () => new Client(t.app, `10.14.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`);

beforeAll(async () => {
  // Every line the server logs, down to debug: no token, address or name may be in them.
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream });
});
afterAll(async () => {
  await t?.close();
});

const countOf = async (email: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(candidates)
      .where(sql`lower(${candidates.EMAIL}) = ${email.toLowerCase()}`)
  )[0]!.n;

async function registered(entrance: FixtureEntrance, overrides: Record<string, unknown> = {}) {
  const client = browser();
  const body = candidatePayload(entrance, overrides);
  const { file, sent } = await registerAndConfirm(t, client, body);
  return { client, body, email: String(body.EMAIL).toLowerCase(), candidate: file, res: sent };
}

describe('GET /entrances', () => {
  it('lists the entrances taking registrations today, by deadline then name, with their specialities per cycle; closed and past ones are not offered', async () => {
    const late = await makeEntrance(t, { name: `Zeta ${Date.now()}`, deadline: dayFromToday(t, 12) });
    const lateFirst = await makeEntrance(t, { name: `Alpha ${Date.now()}`, deadline: dayFromToday(t, 12) });
    const today = await makeEntrance(t, { deadline: dayFromToday(t, 0) });
    const closed = await makeEntrance(t, { closedAt: t.clock.now() });
    const past = await makeEntrance(t, { deadline: dayFromToday(t, -1) });

    const res = await browser().get('/api/entrances');
    const all = ok<Entrance[]>(res);
    const mine = all.filter((e) => [late.id, lateFirst.id, today.id, closed.id, past.id].includes(e.Entrance_ID));
    expect(mine.map((e) => e.Entrance_ID)).toEqual([today.id, lateFirst.id, late.id]);
    const keys = all.map((e) => `${e.Entrance_Registration_Limit_Date} ${e.Entrance_Name}`);
    expect(keys).toEqual([...keys].sort());
    const shown = mine[2]!;
    expect(shown).toMatchObject({
      Entrance_Name: late.name,
      Year_Name: '2026-2027',
      School_Name: 'School of Engineering',
      Entrance_Registration_Amount: 25_000,
      Entrance_Registration_Limit_Date: late.deadline,
      OPEN: true,
    });
    // by cycle (its first level, then the catalogue's order), then by branch abbreviation: as the office lists them
    expect(shown.specialities.map((s) => [s.CYCLE_NAME, s.SPECIALITY_CODE])).toEqual([
      ['Higher Technician Certificate (BTS)', 'CGE'],
      ['Higher Technician Certificate (BTS)', 'GSI'],
      ['Higher National Diploma (HND)', 'SWE'],
    ]);
    expect(shown.specialities.find((s) => s.SPECIALITY_CODE === 'GSI')).toEqual({
      SPECIALITY_ID: late.specialities[0]!.id,
      SPECIALITY_DESCRIPTION: 'Information Systems Management',
      SPECIALITY_DESCRIPTION_FR: "Gestion des systèmes d'information",
      SPECIALITY_CODE: 'GSI',
      CYCLE_ID: expect.any(Number),
      CYCLE_NAME: 'Higher Technician Certificate (BTS)',
      CYCLE_NAME_FR: 'Brevet de technicien supérieur (BTS)',
    });
  });
});

/** A seeded cycle's or branch's id and names, by its code or abbreviation. */
const cycleOf = async (code: string) =>
  (await t.db.select({ id: cycles.id, name: cycles.name, nameFr: cycles.nameFr }).from(cycles).where(eq(cycles.code, code)))[0]!;
const branchOf = async (abbreviation: string) =>
  (await t.db.select({ id: branches.id, name: branches.name, nameFr: branches.nameFr }).from(branches).where(eq(branches.abbreviation, abbreviation)))[0]!;

describe('GET /entrances, read again', () => {
  it('answers the same list read after read until an entrance, a speciality or the catalogue changes, and anew the next day', async () => {
    const lastDay = await makeEntrance(t, { deadline: dayFromToday(t, 0), specialities: [{ cycle: 'BTS', branch: 'GSI' }] });
    const open = await makeEntrance(t, { deadline: dayFromToday(t, 12), specialities: [{ cycle: 'BTS', branch: 'GSI' }] });
    const listed = async () => ok<Entrance[]>(await browser().get('/api/entrances')).filter((e) => [lastDay.id, open.id].includes(e.Entrance_ID));
    const codes = async () => (await listed()).map((e) => [e.Entrance_ID, e.specialities.map((s) => s.SPECIALITY_CODE)]);
    expect(await codes()).toEqual([
      [lastDay.id, ['GSI']],
      [open.id, ['GSI']],
    ]);
    expect(await codes()).toEqual([
      [lastDay.id, ['GSI']],
      [open.id, ['GSI']],
    ]);

    // a speciality added (its table alone changes)
    const [hnd, swe] = [await cycleOf('HND'), await branchOf('SWE')];
    await t.db.insert(entranceSpecialities).values({ entranceId: open.id, cycleId: hnd.id, branchId: swe.id });
    expect(await codes()).toEqual([
      [lastDay.id, ['GSI']],
      [open.id, ['GSI', 'SWE']],
    ]);

    // the catalogue's names, each table alone (put back after)
    const [bts, gsi] = [await cycleOf('BTS'), await branchOf('GSI')];
    try {
      await t.db
        .update(branches)
        .set({ nameFr: `${gsi.nameFr} (renamed)` })
        .where(eq(branches.id, gsi.id));
      expect((await listed())[1]!.specialities[0]).toMatchObject({ SPECIALITY_CODE: 'GSI', SPECIALITY_DESCRIPTION_FR: `${gsi.nameFr} (renamed)` });
      await t.db
        .update(cycles)
        .set({ nameFr: `${bts.nameFr} (renamed)` })
        .where(eq(cycles.id, bts.id));
      expect((await listed())[1]!.specialities[0]).toMatchObject({ SPECIALITY_CODE: 'GSI', CYCLE_NAME_FR: `${bts.nameFr} (renamed)` });
    } finally {
      await t.db.update(branches).set({ nameFr: gsi.nameFr }).where(eq(branches.id, gsi.id));
      await t.db.update(cycles).set({ nameFr: bts.nameFr }).where(eq(cycles.id, bts.id));
    }

    // closed by the office
    await closeEntrance(t, open.id);
    expect(await codes()).toEqual([[lastDay.id, ['GSI']]]);
    expect(await codes()).toEqual([[lastDay.id, ['GSI']]]);
    // the next day (university time), the last day's entrance is past: nothing changed in the tables
    t.clock.advance(86_400_000);
    expect(await codes()).toEqual([]);
  });
});

describe('POST /candidate: what is refused', () => {
  let entrance: FixtureEntrance;
  beforeAll(async () => {
    entrance = await makeEntrance(t);
  });

  it("answers every missing required field at once, in the form's order, before any other mistake", async () => {
    const client = browser();
    expect(outcome(await client.post('/api/candidate', {}))).toEqual({
      status: 400,
      code: 'CANDIDATE_FIELDS_MISSING',
      columns: [...CANDIDATE_REQUIRED_FIELDS],
    });

    // empty strings, selected objects without their name, absent fields; a wrong phone number and a
    // wrong date besides do not come first
    const body = candidatePayload(entrance, {
      FORMATION_FIRST_CHOICE: undefined,
      EMAIL: undefined,
      LASTNAME: '  ',
      COUNTRY: { name: '' },
      REGION_ORIGIN: { nom: null },
      CYCLE: { CYCLE_NAME: '' },
      MOTHER_CONTACT: '',
      SECOND_LANGUAGE: {},
      PHONE_NUMBER: '12',
      BIRTHDATE: '2005-02-31',
    });
    expect(outcome(await client.post('/api/candidate', body))).toEqual({
      status: 400,
      code: 'CANDIDATE_FIELDS_MISSING',
      columns: ['LASTNAME', 'COUNTRY', 'REGION_ORIGIN', 'EMAIL', 'MOTHER_CONTACT', 'SECOND_LANGUAGE', 'CYCLE', 'FORMATION_FIRST_CHOICE'],
    });
    // the optional ones are not asked for (DEPARTMENT empty: the contract wants the key, see decision 42)
    const optional = candidatePayload(entrance, {
      DEPARTMENT: '',
      FORMATION_SECOND_CHOICE: undefined,
      ADMISSION_DIPLOMA_GRADE: undefined,
      FIRST_SPORT: undefined,
      LAST_YEAR_RANK: undefined,
      LANGUAGE: undefined,
    });
    const answer = await client.post('/api/candidate', optional);
    expect(answer.statusCode, answer.body).toBe(202);
    // a body that is no form at all misses everything
    expect(outcome(await client.post('/api/candidate', ['LASTNAME']))).toEqual({
      status: 400,
      code: 'CANDIDATE_FIELDS_MISSING',
      columns: [...CANDIDATE_REQUIRED_FIELDS],
    });
  });

  it.each([
    ['too young (under 14 today)', () => ({ BIRTHDATE: `${new Date().getUTCFullYear() - 10}-01-01` }), { BIRTHDATE: 'validation.candidateAge' }],
    ['a department of another region', () => ({ REGION_ORIGIN: { nom: 'Littoral' }, DEPARTMENT: 'Mfoundi' }), { DEPARTMENT: 'validation.department' }],
    ['the same language twice', () => ({ SECOND_LANGUAGE: { name: 'French' } }), { SECOND_LANGUAGE: 'validation.sameLanguage' }],
    ['the same choice twice', () => ({ FORMATION_SECOND_CHOICE: choiceOf(entrance.specialities[0]!) }), { FORMATION_SECOND_CHOICE: 'validation.sameChoice' }],
    ['a phone number that is none', () => ({ PHONE_NUMBER: '12 34' }), { PHONE_NUMBER: 'validation.phone' }],
    ["a father's phone number that is none", () => ({ FATHER_CONTACT: '+237 12' }), { FATHER_CONTACT: 'validation.phone' }],
    ['an address that is none', () => ({ EMAIL: 'not-an-address' }), { EMAIL: 'validation.email' }],
    ['a region that is none', () => ({ REGION_ORIGIN: { nom: 'Atlantis' } }), { REGION_ORIGIN: 'validation.invalid' }],
    ['an unknown country', () => ({ COUNTRY: { name: 'Atlantis' } }), { COUNTRY: 'validation.country' }],
    [
      'unknown countries of birth and of the diploma',
      () => ({ COUNTRY: 'Narnia', COUNTRY_OBTENTION: { name: 'Atlantis' } }),
      { COUNTRY: 'validation.country', COUNTRY_OBTENTION: 'validation.country' },
    ],
  ])('refuses %s (400 VALIDATION_FAILED with the field) and stores nothing', async (_case, overrides, fields) => {
    const body = candidatePayload(entrance, overrides());
    expect(outcome(await browser().post('/api/candidate', body))).toEqual({ status: 400, code: 'VALIDATION_FAILED', fields });
    if (typeof body.EMAIL === 'string' && body.EMAIL.includes('@')) {
      expect(await countOf(body.EMAIL)).toBe(0);
      expect(await mailsTo(t.db, body.EMAIL)).toHaveLength(0);
    }
  });

  it('takes the second choice as optional: absent or null', async () => {
    for (const FORMATION_SECOND_CHOICE of [undefined, null]) {
      const { file } = await registerAndConfirm(t, browser(), candidatePayload(entrance, { FORMATION_SECOND_CHOICE }));
      expect(file.FORMATION_SECOND_CHOICE).toBeNull();
    }
  });

  it('refuses an entrance whose deadline has passed (the clock moves), one the office closed, and one that does not exist: 409 ENTRANCE_CLOSED', async () => {
    const lastDay = await makeEntrance(t, { deadline: dayFromToday(t, 0) });
    expect((await browser().post('/api/candidate', candidatePayload(lastDay))).statusCode).toBe(202);
    t.clock.advance(24 * 3600 * 1000);
    const late = candidatePayload(lastDay);
    expect(outcome(await browser().post('/api/candidate', late))).toEqual({ status: 409, code: 'ENTRANCE_CLOSED' });
    expect(await countOf(String(late.EMAIL))).toBe(0);

    const closed = await makeEntrance(t);
    expect((await browser().post('/api/candidate', candidatePayload(closed))).statusCode).toBe(202);
    await closeEntrance(t, closed.id);
    expect(outcome(await browser().post('/api/candidate', candidatePayload(closed)))).toEqual({ status: 409, code: 'ENTRANCE_CLOSED' });

    expect(outcome(await browser().post('/api/candidate', { ...candidatePayload(closed), ENTRANCE_ID: 2_000_000_000 }))).toEqual({
      status: 409,
      code: 'ENTRANCE_CLOSED',
    });
  });

  it("refuses a choice the entrance does not offer, a choice in the wrong cycle, and a CYCLE that is not the first choice's: 400 SPECIALITY_NOT_OFFERED", async () => {
    const other = await makeEntrance(t);
    const [gsi, cge, swe] = entrance.specialities as [(typeof entrance.specialities)[0], (typeof entrance.specialities)[0], (typeof entrance.specialities)[0]];
    const cases: Record<string, unknown>[] = [
      { FORMATION_FIRST_CHOICE: choiceOf(other.specialities[0]!), CYCLE: gsi.cycleName },
      { FORMATION_SECOND_CHOICE: choiceOf(other.specialities[2]!) },
      { FORMATION_FIRST_CHOICE: { ...choiceOf(gsi), CYCLE_NAME: swe.cycleName } },
      { FORMATION_FIRST_CHOICE: choiceOf(swe), FORMATION_SECOND_CHOICE: choiceOf(gsi), CYCLE: { CYCLE_NAME: gsi.cycleName } },
      { FORMATION_FIRST_CHOICE: { ...choiceOf(gsi), SPECIALITY_ID: 2_000_000_000 } },
    ];
    for (const overrides of cases) {
      const body = candidatePayload(entrance, overrides);
      expect(outcome(await browser().post('/api/candidate', body)), JSON.stringify(overrides)).toEqual({ status: 400, code: 'SPECIALITY_NOT_OFFERED' });
      expect(await countOf(String(body.EMAIL))).toBe(0);
    }
    // a cycle named in French, in another case, is the same cycle; the second choice may be in another cycle
    const { file: created } = await registerAndConfirm(
      t,
      browser(),
      candidatePayload(entrance, {
        CYCLE: gsi.cycleNameFr.toUpperCase(),
        FORMATION_FIRST_CHOICE: { ...choiceOf(cge), CYCLE_NAME: cge.cycleNameFr },
        FORMATION_SECOND_CHOICE: choiceOf(swe),
      }),
    );
    expect(created.CYCLE).toBe('Higher Technician Certificate (BTS)');
    expect(created.FORMATION_FIRST_CHOICE).toEqual({
      CYCLE_NAME: cge.cycleName,
      SPECIALITY_DESCRIPTION: cge.name,
      SPECIALITY_DESCRIPTION_FR: cge.nameFr,
      SPECIALITY_ID: cge.id,
    });
    expect(created.FORMATION_SECOND_CHOICE?.SPECIALITY_ID).toBe(swe.id);
  });
});

describe('POST /candidate: a new registration', () => {
  it("answers 202 and mails a code and a link; the code, typed in this browser, opens the file (HAS_PAID false, a candidate number C + the year's two digits + 6 digits)", async () => {
    const entrance = await makeEntrance(t, { yearName: '2031-2032', amount: 27_500 });
    const { client, body, email, candidate, res } = await registered(entrance);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ok<CandidateRegistrationAccepted>(res, 202)).toEqual({ status: 'CHECK_MAIL', codeExpiresIn: CANDIDATE_CODE_TTL_SECONDS });
    expect(candidate.CANDIDATE_NUMBER).toMatch(CANDIDATE_NUMBER_PATTERN);
    expect(candidate.CANDIDATE_NUMBER).toMatch(/^C31\d{6}$/);
    expect(candidate).toMatchObject({
      MATRICULE: candidate.CANDIDATE_NUMBER,
      HAS_PAID: false,
      paidAt: null,
      EMAIL: email,
      LASTNAME: 'Mbarga',
      FIRSTNAME: 'Aïcha',
      PHONE_NUMBER: '+237677123456',
      EMERGENCY_CONTACT: '+33612345678',
      COUNTRY: 'Cameroon',
      COUNTRY_OBTENTION: 'Cameroon',
      REGION_ORIGIN: 'Centre',
      DEPARTMENT: 'Mfoundi',
      LIVING_TOWN: 'Yaoundé',
      FIRST_LANGUAGE: 'French',
      SECOND_LANGUAGE: 'English',
      ADMISSION_DIPLOMA_GRADE: 14.5,
      IS_PROFESSIONAL: 'NO',
      IS_SPORTIVE: 1,
      IS_HANDICAPED: 0,
      CYCLE: 'Higher Technician Certificate (BTS)',
      ENTRANCE_ID: entrance.id,
      ENTRANCE_NAME: entrance.name,
      ENTRANCE_YEAR: '2031-2032',
      ENTRANCE_AMOUNT: 27_500,
      ENTRANCE_REGISTRATION_LIMIT: entrance.deadline,
      documents: [],
      documentsComplete: false,
      payments: [],
      decision: null,
      PHOTO_4X4_URL: null,
      LANGUAGE: 'en',
    });
    // the registration sets only the attempt (HttpOnly, SameSite=Strict); the code's answer, the file's cookie (HttpOnly, SameSite=Lax)
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies.map((c) => c.name)).toEqual(['portal_candidate_attempt']);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(client.cookies.has('portal_candidate')).toBe(true);
    expect(client.cookies.has('portal_candidate_attempt')).toBe(false);
    const me = await client.get('/api/candidate/me');
    expect(me.headers['cache-control']).toBe('no-store');
    expect(ok<CandidateFile>(me)).toEqual(candidate);

    // one mail: number, entrance, fee, deadline, how to pay, a link to the file
    const mails = await mailsTo(t.db, String(body.EMAIL));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe('candidate-registered');
    expect(mail.subject).toBe(`Entrance registration received: candidate number ${candidate.CANDIDATE_NUMBER}`);
    const [y, m, d] = entrance.deadline.split('-');
    for (const part of ['Hello,', entrance.name, '27.500 FCFA', `${d}/${m}/${y}`, 'MTN Mobile Money', 'Pay the fee', candidate.CANDIDATE_NUMBER])
      expect(mail.textBody).toContain(part);
    // nothing the sender typed: the address is not proven when it is sent (decision 65)
    for (const typed of ['Aïcha', 'Mbarga', 'Yaoundé']) expect(`${mail.subject}\n${mail.textBody}`).not.toContain(typed);
    // the code was used up in this browser
    expect(outcome(await browser().post('/api/candidate/confirm', { code: codeIn(mail.textBody) }))).toEqual({ status: 400, code: 'CANDIDATE_CODE_INVALID' });
    expect(mail.textBody).toMatch(/http:\/\/portal\.test\/candidate\/open#token=[A-Za-z0-9_-]{43}\b/);
    // the mailed link opens the same file in another browser
    const elsewhere = browser();
    expect(ok<CandidateFile>(await elsewhere.post('/api/candidate/auth-link', { token: tokenIn(mail.textBody) })).id).toBe(candidate.id);
    expect(ok<CandidateFile>(await elsewhere.get('/api/candidate/me')).id).toBe(candidate.id);
  });

  it('mails in the language of the form, and numbers the candidates of an entrance from one sequence', async () => {
    const entrance = await makeEntrance(t);
    const first = await registered(entrance, { LANGUAGE: 'fr' });
    const second = await registered(entrance);
    const mail = await lastMailTo(t.db, first.email);
    expect(mail?.subject).toBe(`Inscription au concours reçue\u00a0: numéro de candidat ${first.candidate.CANDIDATE_NUMBER}`);
    expect(mail?.textBody).toContain('Bonjour,');
    expect(mail?.textBody).not.toContain('Aïcha');
    expect(mail?.textBody).toContain('25.000 FCFA');
    expect(first.candidate.LANGUAGE).toBe('fr');
    expect(first.candidate.CANDIDATE_NUMBER).toMatch(/^C26\d{6}$/);
    expect(Number(second.candidate.CANDIDATE_NUMBER.slice(3))).toBeGreaterThan(Number(first.candidate.CANDIDATE_NUMBER.slice(3)));
  });

  it('keeps every digit of a number past 999999, in the answer, the row and the mail', async () => {
    const entrance = await makeEntrance(t);
    const [{ next }] = rowsOf<{ next: number }>(await t.db.execute(sql`select nextval('candidate_number_seq')::int as next`)) as [{ next: number }];
    try {
      await t.db.execute(sql`select setval('candidate_number_seq', 1000041)`);
      const { candidate, email } = await registered(entrance);
      expect(candidate.CANDIDATE_NUMBER).toBe('C261000042');
      expect(candidate.CANDIDATE_NUMBER).toMatch(CANDIDATE_NUMBER_PATTERN);
      expect((await t.db.select({ number: candidates.CANDIDATE_NUMBER }).from(candidates).where(eq(candidates.id, candidate.id)))[0]!.number).toBe(
        'C261000042',
      );
      expect((await lastMailTo(t.db, email))?.subject).toContain('C261000042');
    } finally {
      await t.db.execute(sql`select setval('candidate_number_seq', ${next})`);
    }
  });

  it('answers a repeated submit (same address, any case, same entrance) as a new one, opens nothing here, keeps the one row and mails a code and a link, at most one a minute', async () => {
    const entrance = await makeEntrance(t);
    const { email, candidate, res: first } = await registered(entrance);
    const again = browser();
    const retry = await again.post('/api/candidate', candidatePayload(entrance, { EMAIL: email.toUpperCase(), LASTNAME: 'Someone Else' }));
    expect({ status: retry.statusCode, body: retry.json(), cookies: retry.cookies.map((c) => c.name) }).toEqual({
      status: first.statusCode,
      body: first.json(),
      cookies: first.cookies.map((c) => c.name),
    });
    expect(retry.body).not.toContain(candidate.CANDIDATE_NUMBER);
    expect((await again.get('/api/candidate/me')).statusCode).toBe(401);
    expect(await countOf(email)).toBe(1);
    const [row] = await t.db.select({ LASTNAME: candidates.LASTNAME }).from(candidates).where(eq(candidates.id, candidate.id));
    expect(row!.LASTNAME).toBe('Mbarga');

    const mails = await mailsTo(t.db, email);
    expect(mails.map((m) => m.kind)).toEqual(['candidate-repeated', 'candidate-registered']);
    expect(mails[0]!.subject).toBe(`You are already registered for ${entrance.name}`);
    expect(mails[0]!.textBody).toContain(candidate.CANDIDATE_NUMBER);
    expect(mails[0]!.textBody).not.toContain('Someone Else');
    expect(mails[0]!.textBody).not.toContain('Mbarga');
    // its code opens the registration in the browser that sent it again, not in another
    expect(outcome(await browser().post('/api/candidate/confirm', { code: codeIn(mails[0]!.textBody) }))).toEqual({
      status: 400,
      code: 'CANDIDATE_CODE_INVALID',
    });
    expect(ok<CandidateFile>(await again.post('/api/candidate/confirm', { code: codeIn(mails[0]!.textBody) })).id).toBe(candidate.id);
    // the repeated mail's link opens the registration; it voided the registration mail's link
    expect((await browser().post('/api/candidate/auth-link', { token: tokenIn(mails[1]!.textBody) })).json()).toMatchObject({ code: 'CANDIDATE_LINK_INVALID' });
    expect(ok<CandidateFile>(await browser().post('/api/candidate/auth-link', { token: tokenIn(mails[0]!.textBody) })).id).toBe(candidate.id);

    // within the minute: the same answer, no new mail; after it, a new one
    expect((await browser().post('/api/candidate', candidatePayload(entrance, { EMAIL: email }))).statusCode).toBe(202);
    expect(await mailsTo(t.db, email)).toHaveLength(2);
    t.clock.advance(61_000);
    expect((await browser().post('/api/candidate', candidatePayload(entrance, { EMAIL: email }))).statusCode).toBe(202);
    expect(await mailsTo(t.db, email)).toHaveLength(3);

    // the same address for another entrance is another registration
    const other = await makeEntrance(t);
    t.clock.advance(61_000);
    expect((await registerAndConfirm(t, browser(), candidatePayload(other, { EMAIL: email }))).file.ENTRANCE_ID).toBe(other.id);
    expect(await countOf(email)).toBe(2);
  });
});

describe('the mailed links', () => {
  const ask = (email: string, client = browser()) => client.post('/api/candidate/auth-email', { email });

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const entrance = await makeEntrance(t);
    const { email } = await registered(entrance);
    t.clock.advance(61_000);
    const unknown = newCandidateEmail('Nobody');
    const [known, stranger] = await Promise.all([ask(email), ask(unknown)]);
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toBe(known.body);
    expect(stranger.headers['cache-control']).toBe(known.headers['cache-control']);
    expect(await mailsTo(t.db, unknown)).toHaveLength(0);
    expect((await lastMailTo(t.db, email))?.kind).toBe('candidate-link');
  });

  it("mails one message with a link to each of the address's registrations; each opens its own; at most one mail a minute; a newer link voids the older", async () => {
    const [a, b] = [await makeEntrance(t), await makeEntrance(t)];
    const first = await registered(a, { LANGUAGE: 'fr' });
    const second = await registered(b, { EMAIL: first.email.toUpperCase() });
    t.clock.advance(61_000);
    const before = (await mailsTo(t.db, first.email)).length;
    expect((await ask(` ${first.email.toUpperCase()} `)).statusCode).toBe(200);
    const mails = await mailsTo(t.db, first.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[0]!;
    // the newest registration's language
    expect(mail.subject).toBe('Your link to your entrance registration file');
    expect(mail.textBody).toContain(`${a.name} (School of Engineering, 2026-2027), candidate number ${first.candidate.CANDIDATE_NUMBER}:`);
    expect(mail.textBody).toContain(`${b.name} (School of Engineering, 2026-2027), candidate number ${second.candidate.CANDIDATE_NUMBER}:`);
    const tokens = [...mail.textBody.matchAll(/#token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map(async (token) => ok<CandidateFile>(await browser().post('/api/candidate/auth-link', { token })).id));
    expect(opened.sort()).toEqual([first.candidate.id, second.candidate.id].sort());

    // asked again within the minute: the same answer, nothing mailed
    expect((await ask(first.email)).statusCode).toBe(200);
    expect(await mailsTo(t.db, first.email)).toHaveLength(before + 1);

    // after it: a new mail; its links work, and they voided the ones of any earlier mail
    t.clock.advance(61_000);
    await ask(first.email);
    const third = await ask(first.email);
    expect(third.statusCode).toBe(200);
    const newest = await lastMailTo(t.db, first.email);
    expect(await mailsTo(t.db, first.email)).toHaveLength(before + 2);
    t.clock.advance(61_000);
    await ask(first.email);
    const latest = await lastMailTo(t.db, first.email);
    expect(latest!.id).not.toBe(newest!.id);
    const older = [...newest!.textBody.matchAll(/#token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    const newer = [...latest!.textBody.matchAll(/#token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    for (const token of older)
      expect(outcome(await browser().post('/api/candidate/auth-link', { token }))).toEqual({ status: 400, code: 'CANDIDATE_LINK_INVALID' });
    for (const token of newer) expect((await browser().post('/api/candidate/auth-link', { token })).statusCode).toBe(200);
  });

  it('opens a file once per link: a second use is refused, and so is a link past 24 hours', async () => {
    const entrance = await makeEntrance(t);
    const { email } = await registered(entrance);
    const token = tokenIn((await lastMailTo(t.db, email))!.textBody);
    const [one, two] = await Promise.all([browser().post('/api/candidate/auth-link', { token }), browser().post('/api/candidate/auth-link', { token })]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
    expect(outcome(await browser().post('/api/candidate/auth-link', { token }))).toEqual({ status: 400, code: 'CANDIDATE_LINK_INVALID' });

    // a link is good for 24 hours
    t.clock.advance(61_000);
    await ask(email);
    const fresh = tokenIn((await lastMailTo(t.db, email))!.textBody);
    t.clock.advance(24 * 3600 * 1000 - 1000);
    expect((await browser().post('/api/candidate/auth-link', { token: fresh })).statusCode).toBe(200);

    t.clock.advance(61_000);
    await ask(email);
    const expiring = tokenIn((await lastMailTo(t.db, email))!.textBody);
    expect(expiring).not.toBe(fresh);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect(outcome(await browser().post('/api/candidate/auth-link', { token: expiring }))).toEqual({ status: 400, code: 'CANDIDATE_LINK_INVALID' });

    expect(outcome(await browser().post('/api/candidate/auth-link', { token: 'A'.repeat(43) }))).toEqual({ status: 400, code: 'CANDIDATE_LINK_INVALID' });
    expect(outcome(await browser().post('/api/candidate/auth-link', { token: 'short' }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('limits the requests of one client address, generously (429 past 200 in 15 minutes)', async () => {
    const client = browser();
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push((await ask(newCandidateEmail('Sweep'), client)).statusCode);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await ask(newCandidateEmail('Sweep'), client);
    expect(outcome(refused)).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask(newCandidateEmail('Sweep'))).statusCode).toBe(200);
  });
});

describe("the candidate's own file", () => {
  it('stays open for CANDIDATE_SESSION_SECONDS, read after read, and not a second longer', async () => {
    const entrance = await makeEntrance(t);
    const { client, candidate } = await registered(entrance);
    t.clock.advance(CANDIDATE_SESSION_SECONDS * 1000 - 1000);
    // the same read twice: the second may be the read cache's answer (docs/performance.md), which must not outlive the session
    expect(ok<CandidateFile>(await client.get('/api/candidate/me')).id).toBe(candidate.id);
    expect(ok<CandidateFile>(await client.get('/api/candidate/me')).id).toBe(candidate.id);
    t.clock.advance(2000);
    expect(outcome(await client.get('/api/candidate/me'))).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('shows every change to the file, read after read: the candidate, the entrance, a document, a speciality, the catalogue, a payment and its network', async () => {
    const entrance = await makeEntrance(t);
    const { client, candidate } = await registered(entrance);
    const me = async () => ok<CandidateFile>(await client.get('/api/candidate/me'));
    expect(await me()).toEqual(candidate);
    expect(await me()).toEqual(candidate);

    await t.db.update(candidates).set({ LIVING_TOWN: 'Douala' }).where(eq(candidates.id, candidate.id));
    expect(await me()).toMatchObject({ LIVING_TOWN: 'Douala' });
    await t.db
      .update(entrances)
      .set({ name: `${entrance.name} (renamed)` })
      .where(eq(entrances.id, entrance.id));
    expect(await me()).toMatchObject({ ENTRANCE_NAME: `${entrance.name} (renamed)` });
    await t.db.insert(candidateDocuments).values({
      candidateId: candidate.id,
      kind: 'PHOTO',
      sha256: '0'.repeat(64),
      mime: 'image/png',
      size: 68,
      storageKey: `candidates/${candidate.id}/photo`,
      originalName: 'photo.png',
      uploadedAt: t.clock.now(),
    });
    expect(await me()).toMatchObject({ PHOTO_4X4_URL: '/api/candidate/documents/PHOTO', documents: [{ kind: 'PHOTO', status: 'SUBMITTED' }] });

    // the second choice's speciality now of another branch (its table alone changes)
    const swe = await branchOf('SWE');
    await t.db.update(entranceSpecialities).set({ branchId: swe.id }).where(eq(entranceSpecialities.id, entrance.specialities[1]!.id));
    expect((await me()).FORMATION_SECOND_CHOICE).toMatchObject({ SPECIALITY_ID: entrance.specialities[1]!.id, SPECIALITY_DESCRIPTION: swe.name });

    // the catalogue's names, each table alone (put back after)
    const [bts, gsi] = [await cycleOf('BTS'), await branchOf('GSI')];
    try {
      await t.db
        .update(branches)
        .set({ name: `${gsi.name} (renamed)` })
        .where(eq(branches.id, gsi.id));
      expect((await me()).FORMATION_FIRST_CHOICE).toMatchObject({ SPECIALITY_DESCRIPTION: `${gsi.name} (renamed)` });
      await t.db
        .update(cycles)
        .set({ name: `${bts.name} (renamed)` })
        .where(eq(cycles.id, bts.id));
      expect((await me()).FORMATION_FIRST_CHOICE).toMatchObject({ CYCLE_NAME: `${bts.name} (renamed)` });
    } finally {
      await t.db.update(branches).set({ name: gsi.name }).where(eq(branches.id, gsi.id));
      await t.db.update(cycles).set({ name: bts.name }).where(eq(cycles.id, bts.id));
    }

    // a payment recorded, then settled; its network renamed (put back after)
    const orderNumber = `T${candidate.id}-${Date.now()}`;
    await t.db.insert(payments).values({
      candidateId: candidate.id,
      provider: 'sandbox',
      network: 'MTN_MOMO',
      accountNumber: '+237677123456',
      orderNumber,
      amount: 25_000,
      fees: 375,
      total: 25_375,
      status: 'PENDING',
      createdAt: t.clock.now(),
    });
    expect((await me()).payments).toMatchObject([{ orderNumber, status: 'PENDING', networkName: 'MTN Mobile Money' }]);
    await t.db.update(payments).set({ status: 'PAID', statusAt: t.clock.now() }).where(eq(payments.orderNumber, orderNumber));
    expect((await me()).payments).toMatchObject([{ orderNumber, status: 'PAID' }]);
    try {
      await t.db.update(paymentNetworks).set({ name: 'MTN MoMo' }).where(eq(paymentNetworks.code, 'MTN_MOMO'));
      expect((await me()).payments).toMatchObject([{ orderNumber, networkName: 'MTN MoMo' }]);
    } finally {
      await t.db.update(paymentNetworks).set({ name: 'MTN Mobile Money' }).where(eq(paymentNetworks.code, 'MTN_MOMO'));
    }
    expect((await me()).payments).toMatchObject([{ orderNumber, networkName: 'MTN Mobile Money' }]);
  });

  it("needs the cookie, shows only the session's own file, and closes on sign-out", async () => {
    const entrance = await makeEntrance(t);
    const a = await registered(entrance);
    const b = await registered(entrance);
    expect(outcome(await browser().get('/api/candidate/me'))).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(ok<CandidateFile>(await a.client.get('/api/candidate/me')).id).toBe(a.candidate.id);
    expect(ok<CandidateFile>(await b.client.get('/api/candidate/me')).id).toBe(b.candidate.id);
    // a forged cookie opens nothing
    const forged = browser();
    forged.cookies.set('portal_candidate', 'x'.repeat(43));
    expect((await forged.get('/api/candidate/me')).statusCode).toBe(401);

    const cookie = a.client.cookies.get('portal_candidate')!;
    expect((await a.client.post('/api/candidate/sign-out')).statusCode).toBe(204);
    expect(a.client.cookies.has('portal_candidate')).toBe(false);
    const replay = browser();
    replay.cookies.set('portal_candidate', cookie);
    expect((await replay.get('/api/candidate/me')).statusCode).toBe(401);
    expect((await b.client.get('/api/candidate/me')).statusCode).toBe(200);
  });

  it('the session closes after two hours', async () => {
    const { client } = await registered(await makeEntrance(t));
    t.clock.advance(2 * 3600 * 1000 - 1000);
    expect((await client.get('/api/candidate/me')).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await client.get('/api/candidate/me')).statusCode).toBe(401);
  });

  it('forgets, every night, the sessions and links that can no longer open a file, and only those', async () => {
    const old = await registered(await makeEntrance(t));
    expect((await old.client.post('/api/candidate/auth-email', { email: old.email })).statusCode).toBe(200);
    const rowsOf = async (candidateId: number) => ({
      sessions: (await t.db.select().from(candidateSessions).where(eq(candidateSessions.candidateId, candidateId))).length,
      links: (await t.db.select().from(candidateLinks).where(eq(candidateLinks.candidateId, candidateId))).length,
    });
    expect(await rowsOf(old.candidate.id)).toEqual({ sessions: 1, links: 1 });
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const fresh = await registered(await makeEntrance(t));
    const forgotten = await forgetExpiredCandidateAccess(t.app.ctx);
    expect(forgotten.sessions).toBeGreaterThanOrEqual(1);
    expect(forgotten.links).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(old.candidate.id)).toEqual({ sessions: 0, links: 0 });
    // the file just opened stays open
    expect(await rowsOf(fresh.candidate.id)).toMatchObject({ sessions: 1 });
    expect((await fresh.client.get('/api/candidate/me')).statusCode).toBe(200);
  });
});

describe('the logs', () => {
  it('never carry a token, an address or a name', async () => {
    const entrance = await makeEntrance(t);
    const { email } = await registered(entrance, { LASTNAME: 'Zyxlogname' });
    t.clock.advance(61_000);
    await browser().post('/api/candidate/auth-email', { email });
    const tokens = (await mailsTo(t.db, email)).flatMap((m) => [...m.textBody.matchAll(/#token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
    await browser().post('/api/candidate/auth-link', { token: tokens[0] });
    const text = log.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('/api/candidate');
    for (const secret of [...tokens, email, email.split('@')[0]!, 'Zyxlogname']) expect(text).not.toContain(secret);
  });
});

describe('the capacity gate', () => {
  it('answers 503 SERVER_BUSY with Retry-After past the capacity of POST /candidate, gives every place back, and leaves the other routes alone', async () => {
    const small = await createTestApp({ env: { CANDIDATE_REGISTRATION_CONCURRENCY: '1', CANDIDATE_REGISTRATION_QUEUE: '0' } });
    try {
      const entrance = await makeEntrance(small);
      const client = () => new Client(small.app);
      const answers = await Promise.all([0, 1, 2].map(() => client().post('/api/candidate', candidatePayload(entrance))));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toContain(202);
      expect(statuses).toContain(503);
      const busy = answers.find((a) => a.statusCode === 503)!;
      expect(outcome(busy)).toEqual({ status: 503, code: 'SERVER_BUSY' });
      expect(busy.headers['retry-after']).toBeDefined();
      // refusals (validation, closed entrance) give their place back too: the next ones pass one by one
      expect((await client().post('/api/candidate', {})).statusCode).toBe(400);
      for (let i = 0; i < 3; i++) expect((await client().post('/api/candidate', candidatePayload(entrance))).statusCode).toBe(202);
      const [list, registration] = await Promise.all([client().get('/api/entrances'), client().post('/api/candidate', candidatePayload(entrance))]);
      expect(list.statusCode).toBe(200);
      expect(registration.statusCode).toBe(202);

      // a phone that drops the connection as soon as it has sent its form: its registration is still
      // stored, and its place comes back (else every later registration would be 503)
      const address = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const gone = candidatePayload(entrance);
      const body = JSON.stringify(gone);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(new URL(address).port), '127.0.0.1', () => {
          socket.write(
            `POST /api/candidate HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
            () => {
              socket.destroy();
              resolve();
            },
          );
        });
        socket.on('error', reject);
      });
      let stored = 0;
      for (let i = 0; i < 100 && stored === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored = (
          await small.db
            .select({ id: candidates.id })
            .from(candidates)
            .where(eq(candidates.EMAIL, String(gone.EMAIL).toLowerCase()))
        ).length;
      }
      expect(stored).toBe(1);
      let after = 503;
      for (let i = 0; i < 40 && after === 503; i++) {
        after = (await client().post('/api/candidate', candidatePayload(entrance))).statusCode;
        if (after === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(after).toBe(202);
    } finally {
      await small.close();
    }
  });
});
