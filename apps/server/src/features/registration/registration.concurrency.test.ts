import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { dataUrl, jpeg, pdf } from '../../../test/files';
import { onPostgres, signIn, twoInstances } from '../../../test/helpers';
import { VALID_SECTIONS } from './fixtures';

/** The closure lock under concurrent requests to two server instances (PostgreSQL only). */
describe.runIf(onPostgres)('closure under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();

  it('closes once when closure and saves arrive together, and no save lands after the closure', async () => {
    const { client, user } = await signIn(cluster.t, DEMO_ACCOUNTS.partTime.matricule);
    const id = user.id as number;
    for (const [section, body] of Object.entries(VALID_SECTIONS))
      expect((await client.request('PATCH', `/api/students/update/${section}`, body)).statusCode).toBe(200);
    await client.post('/api/students/files', { col: 'IDENTITY1', FILE: dataUrl('image/jpeg', await jpeg(60, 40, 7)) });
    await client.post('/api/students/files', { col: 'IDENTITY2', FILE: dataUrl('image/jpeg', await jpeg(60, 40, 8)) });
    await client.post('/api/students/cv', { FILE: dataUrl('application/pdf', pdf('race')) });

    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const requests = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? cluster.instance(i).inject({ method: 'POST', url: '/api/students/close-sign', headers: { cookie }, payload: {} })
        : cluster
            .instance(i)
            .inject({ method: 'PATCH', url: '/api/students/update/parents', headers: { cookie }, payload: { ...VALID_SECTIONS.parents, HEIGHT: 150 + i } }),
    );
    const results = await Promise.all(requests);
    const closures = results.filter((_, i) => i % 3 === 0);
    expect(closures.every((r) => r.statusCode === 200)).toBe(true);
    const saves = results.filter((_, i) => i % 3 !== 0);
    expect(saves.every((r) => r.statusCode === 200 || r.json().code === 'REGISTRATION_CLOSED')).toBe(true);

    const closed = await cluster.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.closed'), eq(auditLog.targetId, String(id))));
    expect(closed).toHaveLength(1);
    expect(await cluster.t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'registration-closed'))).toHaveLength(1);
    // Every save that was accepted was written before the closure.
    const accepted = await cluster.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.section-saved'), eq(auditLog.targetId, String(id))));
    const lastSave = Math.max(...accepted.map((a) => a.id));
    expect(lastSave).toBeLessThan(closed[0]!.id);
  });
});
