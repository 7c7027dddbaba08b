import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_STUDENT_DOCUMENTS_PER_KIND } from '@portal/contract';
import { files, studentDocuments } from '../../db/schema';
import { pdf, postMultipart, storedObjects } from '../../../test/files';
import { onPostgres, sameSessionOn, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { studentId } from './students.fixtures';

/**
 * A student's documents under concurrent uploads sent to two server instances on one PostgreSQL
 * database (decision 37): the per-kind limit and the single CV hold because every upload locks the
 * student's row first (lockStudent). PGlite runs one query at a time and would hide the races, so
 * these run on PostgreSQL only. Without the lock, several uploads see room for one more diploma and
 * all get in, and two CVs race into the unique index.
 */
describe.runIf(onPostgres)("a student's uploads under concurrency (PostgreSQL, two instances)", () => {
  const AT_ONCE = 8;
  const cluster = twoInstances();
  let ownerId: number;
  let clients: Client[];

  beforeAll(async () => {
    const { t, other } = cluster;
    ownerId = await studentId(t, 70);
    const first = await sessionFor(t, ownerId, t.app);
    clients = [first, sameSessionOn(first, other)];
  });

  const send = (i: number, fields: Record<string, string | number>) =>
    postMultipart(clients[i % 2]!, '/api/students/documents', fields, {
      data: pdf(`race ${i} ${randomBytes(6).toString('hex')}`),
      filename: `f${i}.pdf`,
      type: 'application/pdf',
    });
  const codes = (answers: { statusCode: number; json: () => { code?: string } }[]) =>
    answers.map((res) => (res.statusCode === 201 ? '201' : `${res.statusCode} ${res.json().code}`)).sort();
  const documents = () => cluster.t.db.select().from(studentDocuments).where(eq(studentDocuments.personId, ownerId));

  it(`lets exactly one of ${AT_ONCE} diplomas in when one place is left`, async () => {
    for (let i = 0; i < MAX_STUDENT_DOCUMENTS_PER_KIND - 1; i++)
      expect((await send(100 + i, { KIND: 'DIPLOMA', LABEL: `Diploma ${i}`, YEAR: 2010 })).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i, { KIND: 'DIPLOMA', LABEL: `Race ${i}`, YEAR: 2020 })));
    expect(codes(answers)).toEqual(['201', ...Array.from({ length: AT_ONCE - 1 }, () => '409 STUDENT_DOCUMENTS_LIMIT')]);
    expect(await documents()).toHaveLength(MAX_STUDENT_DOCUMENTS_PER_KIND);
    // the refused files were not kept: one stored object per document
    const kept = await cluster.t.db.select({ id: files.id }).from(files).where(eq(files.ownerId, ownerId));
    expect(kept).toHaveLength(MAX_STUDENT_DOCUMENTS_PER_KIND);
    expect(storedObjects(cluster.t, ownerId).sort()).toEqual(kept.map((row) => row.id).sort());
  });

  it(`keeps one CV when ${AT_ONCE} new ones arrive at once, each replacing the one before`, async () => {
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(200 + i, { KIND: 'CV' })));
    expect(codes(answers)).toEqual(Array.from({ length: AT_ONCE }, () => '201'));
    const cvs = (await documents()).filter((document) => document.kind === 'CV');
    expect(cvs).toHaveLength(1);
    const kept = await cluster.t.db.select({ id: files.id }).from(files).where(eq(files.ownerId, ownerId));
    expect(kept).toHaveLength(MAX_STUDENT_DOCUMENTS_PER_KIND + 1);
    expect(storedObjects(cluster.t, ownerId).sort()).toEqual(kept.map((row) => row.id).sort());
  });
});
