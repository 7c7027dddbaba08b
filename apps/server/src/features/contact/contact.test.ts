import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, lastMailTo, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('contact us', () => {
  it('needs both object and message', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const res = await client.post('/api/students/contact-us', { OBJECT: 'OTHER', MESSAGE: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'CONTACT_INCOMPLETE',
      message: 'Make sure to fill the object and message content',
      fields: { MESSAGE: 'validation.required' },
    });
  });

  it('stores the message with the identity of the session, mails support and acknowledges', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const res = await client.post('/api/students/contact-us', {
      OBJECT: 'TIMETABLE_MISSING',
      MESSAGE: 'My timetable is empty this week.',
      FULLNAME: 'Someone Else',
      EMAIL: 'spoof@example.org',
      NUMPHONE: '000',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Mail send successfully');
    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(stored).toMatchObject({
      personId: user.id,
      fullname: `${user.FIRSTNAME as string} ${user.LASTNAME as string}`,
      email: user.EMAIL,
      matricule: user.MATRICULE,
    });
    const support = await lastMailTo(t.db, 'support@portal.local');
    expect(support?.subject).toBe(`[Contact] Timetable does not appear (${user.MATRICULE as string})`);
    expect(support?.textBody).toContain('My timetable is empty this week.');
    expect(support?.replyTo).toBe(user.EMAIL);
    expect((await lastMailTo(t.db, user.EMAIL as string))?.subject).toBe('We received your message');
  });

  it("refuses to send on another person's behalf", async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    const res = await client.post('/api/students/contact-us', { OBJECT: 'OTHER', MESSAGE: 'hello', STUDENT_ID: (user.id as number) + 1 });
    expect(res.statusCode).toBe(403);
    expect((await new Client(t.app).post('/api/students/contact-us', { OBJECT: 'OTHER', MESSAGE: 'hello' })).statusCode).toBe(401);
  });
});
