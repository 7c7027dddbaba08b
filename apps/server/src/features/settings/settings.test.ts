import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { saveSettings } from './settings.service';
import { Client, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('settings', () => {
  it('stores the language, which the record and later mails follow', async () => {
    const matricule = DEMO_ACCOUNTS.support.matricule;
    const { client, user } = await signIn(t, matricule);
    expect((await client.get('/api/settings')).json()).toEqual({});
    const saved = await client.post('/api/settings', { LANGUAGE: 'fr', STUDENT_ID: user.id, theme: 'dark' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ LANGUAGE: 'fr', theme: 'dark' });
    expect((await client.post('/api/settings', { theme: null })).json()).toEqual({ LANGUAGE: 'fr' });
    expect((await client.get(`/api/students/${user.id as number}`)).json().LANGUAGE).toBe('fr');

    t.clock.advanceSeconds(120);
    await new Client(t.app).post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
    const mail = await lastMailTo(t.db, await emailOf(t.db, matricule));
    expect(mail?.subject).toMatch(/^Votre code de connexion\u00a0: \d{6}$/);
    expect(mail?.textBody).toContain('Bonjour');
  });

  it('refuses a bad language and another person', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    const bad = await client.post('/api/settings', { LANGUAGE: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('LANGUAGE');
    expect((await client.post('/api/settings', { LANGUAGE: 'fr', STUDENT_ID: (user.id as number) + 1 })).statusCode).toBe(403);
    expect((await client.get('/api/settings')).json()).toEqual({});
  });

  it('merges with what is stored when what the session read is behind', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const personId = user.id as number;
    expect((await client.post('/api/settings', { theme: 'dark' })).json()).toEqual({ theme: 'dark' });
    // A session read before that save (another instance's, kept in its memory) knew no row, then an empty one.
    expect(await saveSettings(t.app.ctx, { personId, values: { LANGUAGE: 'fr' }, known: null })).toEqual({ theme: 'dark', LANGUAGE: 'fr' });
    expect(await saveSettings(t.app.ctx, { personId, values: { size: 2 }, known: {} })).toEqual({ theme: 'dark', LANGUAGE: 'fr', size: 2 });
    expect((await client.get('/api/settings')).json()).toEqual({ theme: 'dark', LANGUAGE: 'fr', size: 2 });
  });
});
