import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPersonRecord } from '../lib/person-record';
import { databaseUrlFor } from '../../test/global-setup';
import { createPglite, MIGRATIONS_DIR, type Db } from './client';
import * as schema from './schema';

type Row = Record<string, unknown>;

/** An empty database of the driver the run uses (PostgreSQL with DATABASE_URL, else PGlite), migrated from a folder on demand. */
async function emptyDatabase(): Promise<{
  db: Db;
  query: (text: string, params?: unknown[]) => Promise<Row[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `portal_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: databaseUrlFor(base, name), max: 2 });
    // The database is dropped with its connections at the end; a client still closing is told so.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      query: async (text, params) => (await pool.query(text, params)).rows as Row[],
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const client = await createPglite();
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    query: async (text, params) => (await client.query<Row>(text, params)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder that stops at `lastTag` (the database as it was then). */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) cpSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A database migrated up to `lastTag`, with one class (and its department, branch, cycle and level) to put subjects in. */
async function classBefore(database: Awaited<ReturnType<typeof emptyDatabase>>, lastTag: string): Promise<Row> {
  const before = migrationsUpTo(lastTag);
  folders.push(before);
  await database.migrate(before);
  const [dept] = await database.query(`insert into departments (code, name, name_fr) values ('MIG', 'Migration', 'Migration') returning id`);
  const [branch] = await database.query(
    `insert into branches (abbreviation, name, name_fr, department_id) values ('MIG', 'Migration', 'Migration', $1) returning id`,
    [dept!.id],
  );
  const [cycle] = await database.query(
    `insert into cycles (code, name, name_fr, first_level, last_level) values ('MIG', 'Migration', 'Migration', 1, 2) returning id`,
  );
  await database.query(`insert into levels (id, name, name_fr) values (1, 'Level 1', 'Niveau 1')`);
  const [klass] = await database.query(`insert into classes (code, branch_id, cycle_id, level_id, shift) values ('MIG1/J', $1, $2, 1, 'DAY') returning id`, [
    branch!.id,
    cycle!.id,
  ]);
  return klass!;
}

describe('the migrations journal', () => {
  it('dates each migration after the one before: the migrator skips one dated before the last one a database applied', () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
    const backwards = journal.entries.filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when).map((entry) => entry.tag);
    expect(backwards).toEqual([]);
  });
});

describe('migration 0006_registration_closed_at', () => {
  it('keeps each closed registration closed at the same time, and the open ones open, on the one column left', async () => {
    const database = await emptyDatabase();
    try {
      const before = migrationsUpTo('0005_catalogue_version');
      folders.push(before);
      await database.migrate(before);

      // The two stored facts as they were: persons.actived and profiles.closed_at.
      const person = async (matricule: string, actived: boolean, updatedAt: string) => {
        const [row] = await database.query(
          `insert into persons (matricule, kind, firstname, lastname, actived, updated_at) values ($1, 'STAFF', 'Test', $1, $2, $3) returning id`,
          [matricule, actived, updatedAt],
        );
        return row!.id as number;
      };
      const profile = (personId: number, closedAt: string | null) =>
        database.query(`insert into profiles (person_id, closed_at) values ($1, $2)`, [personId, closedAt]);
      const closedWithDate = await person('MIG0001', true, '2024-03-05T09:00:00Z');
      await profile(closedWithDate, '2024-03-01T10:00:00Z');
      const closedWithoutDate = await person('MIG0002', true, '2024-04-02T08:00:00Z');
      await profile(closedWithoutDate, null);
      const closedWithoutProfile = await person('MIG0003', true, '2024-05-06T07:00:00Z');
      const openWithStaleDate = await person('MIG0004', false, '2024-06-01T12:00:00Z');
      await profile(openWithStaleDate, '2024-01-01T00:00:00Z');
      const open = await person('MIG0005', false, '2024-06-02T12:00:00Z');

      await database.migrate(MIGRATIONS_DIR);

      const rows = await database.query(`select id, registration_closed_at from persons where matricule like 'MIG%' order by matricule`);
      const closedAt = Object.fromEntries(rows.map((r) => [r.id as number, (r.registration_closed_at as Date | null)?.toISOString() ?? null]));
      expect(closedAt).toEqual({
        [closedWithDate]: '2024-03-01T10:00:00.000Z',
        [closedWithoutDate]: '2024-04-02T08:00:00.000Z',
        [closedWithoutProfile]: '2024-05-06T07:00:00.000Z',
        [openWithStaleDate]: null,
        [open]: null,
      });
      const dropped = await database.query(
        `select table_name, column_name from information_schema.columns where (table_name = 'persons' and column_name = 'actived') or (table_name = 'profiles' and column_name = 'closed_at')`,
      );
      expect(dropped).toEqual([]);

      // The record answers as before: ACTIVED and CLOSED_AT from the one column.
      expect(await loadPersonRecord(database.db, closedWithDate)).toMatchObject({ ACTIVED: true, CLOSED_AT: '2024-03-01T10:00:00.000Z' });
      expect(await loadPersonRecord(database.db, openWithStaleDate)).toMatchObject({ ACTIVED: false, CLOSED_AT: null });
    } finally {
      await database.close();
    }
  });
});

describe('migration 0008_bilingual_catalogue_and_office_kind', () => {
  it('gives existing subjects and sessions their English name in French, searches both names, and keeps the kinds of person to the list', async () => {
    const database = await emptyDatabase();
    try {
      const klass = await classBefore(database, '0007_limits_and_known_devices');
      await database.query(`insert into subjects (code, name, class_id, hourly_rate) values ('MIG101', 'Databases', $1, 4000)`, [klass!.id]);
      const [constraint] = await database.query(
        `insert into subject_constraints (level1_j, level2_j, level3_j, level4_j, level5_j, level1_s, level2_s, level3_s, level4_s, level5_s) values (1,1,1,1,1,1,1,1,1,1) returning id`,
      );
      await database.query(
        `insert into application_sessions (designation, start_date, subject_constraint_id, hours_permanent, hours_vacataire, hours_stagiaire, hours_staff) values ('Semester 1', now(), $1, 1, 1, 1, 1)`,
        [constraint!.id],
      );

      await database.migrate(MIGRATIONS_DIR);

      expect(await database.query(`select name, name_fr from subjects`)).toEqual([{ name: 'Databases', name_fr: 'Databases' }]);
      expect(await database.query(`select designation, designation_fr from application_sessions`)).toEqual([
        { designation: 'Semester 1', designation_fr: 'Semester 1' },
      ]);
      await database.query(`update subjects set name_fr = 'Bases de données'`);
      const search = `lower(translate(code || ' ' || name || ' ' || name_fr, 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy'))`;
      expect(await database.query(`select code from subjects where ${search} like '%donnees%'`)).toEqual([{ code: 'MIG101' }]);
      await expect(database.query(`insert into persons (matricule, kind, firstname, lastname) values ('MIG0009', 'ROBOT', 'A', 'B')`)).rejects.toThrow(
        /persons_kind/,
      );
      await database.query(`insert into persons (matricule, kind, firstname, lastname) values ('MIG0010', 'OFFICE', 'A', 'B')`);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0009_requests', () => {
  it('keeps request steps append-only, statuses to the list and a slot ending after it starts', async () => {
    const database = await emptyDatabase();
    try {
      await database.migrate(migrationsUpTo('0009_requests'));
      const [person] = await database.query(`insert into persons (matricule, kind, firstname, lastname) values ('MIG0011', 'STAFF', 'A', 'B') returning id`);
      const [unit] = await database.query(
        `insert into request_units (code, name, name_fr) values ('SENG', 'Lecturers'' service', 'Service aux enseignants') returning id`,
      );
      const [category] = await database.query(
        `insert into request_categories (code, name, name_fr, description, description_fr) values ('01', 'Teaching', 'Enseignement', 'd', 'd') returning id`,
      );
      const [sub] = await database.query(
        `insert into request_subcategories (code, category_id, name, name_fr, description, description_fr, display, first_unit_id) values ('0101', $1, 'Lesson', 'Cours', 'd', 'd', '{}', $2) returning id`,
        [category!.id, unit!.id],
      );
      const insert = (reference: string, status: string, start: string | null, end: string | null) =>
        database.query(
          `insert into requests (reference, author_id, subcategory_id, title, status, unit_id, slot_start, slot_end, filed_at) values ($7, $1, $2, 'T', $4, $3, $5, $6, now()) returning id`,
          [person!.id, sub!.id, unit!.id, status, start, end, reference],
        );
      const [request] = await insert('0101@2026-1', 'REGISTERED', '08:00', '09:50');
      await expect(insert('0101@2026-2', 'LOST', null, null)).rejects.toThrow(/requests_status/);
      await expect(insert('0101@2026-3', 'REGISTERED', '10:10', '09:50')).rejects.toThrow(/requests_slot/);
      await database.query(`insert into request_steps (request_id, unit_id, status, at, by_id) values ($1, $2, 'REGISTERED', now(), $3)`, [
        request!.id,
        unit!.id,
        person!.id,
      ]);
      await expect(database.query(`update request_steps set comment = 'changed'`)).rejects.toThrow(/append-only/);
      // A step goes with its request.
      await database.query(`delete from requests where id = $1`, [request!.id]);
      expect(await database.query(`select id from request_steps`)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0010_requests_processing', () => {
  it('keeps the requests filed before it: their steps become filings, each gets its own verification token; step kinds and batch statuses are held to their lists', async () => {
    const database = await emptyDatabase();
    try {
      await database.migrate(migrationsUpTo('0009_requests'));
      const [person] = await database.query(`insert into persons (matricule, kind, firstname, lastname) values ('MIG0012', 'STAFF', 'A', 'B') returning id`);
      const [unit] = await database.query(
        `insert into request_units (code, name, name_fr) values ('SENG', 'Lecturers'' service', 'Service aux enseignants') returning id`,
      );
      const [category] = await database.query(
        `insert into request_categories (code, name, name_fr, description, description_fr) values ('01', 'Teaching', 'Enseignement', 'd', 'd') returning id`,
      );
      const [sub] = await database.query(
        `insert into request_subcategories (code, category_id, name, name_fr, description, description_fr, display, first_unit_id) values ('0101', $1, 'Lesson', 'Cours', 'd', 'd', '{}', $2) returning id`,
        [category!.id, unit!.id],
      );
      for (const reference of ['0101@2026-1', '0101@2026-2']) {
        const [request] = await database.query(
          `insert into requests (reference, author_id, subcategory_id, title, unit_id, filed_at) values ($1, $2, $3, 'T', $4, now()) returning id`,
          [reference, person!.id, sub!.id, unit!.id],
        );
        await database.query(`insert into request_steps (request_id, unit_id, status, at, by_id) values ($1, $2, 'REGISTERED', now(), $3)`, [
          request!.id,
          unit!.id,
          person!.id,
        ]);
      }

      await database.migrate(MIGRATIONS_DIR);
      expect(await database.query(`select kind from request_steps`)).toEqual([{ kind: 'FILED' }, { kind: 'FILED' }]);
      const tokens = (await database.query(`select verification_token from requests`)).map((r) => r.verification_token as string);
      expect(tokens).toHaveLength(2);
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(tokens).size).toBe(2);
      const [request] = await database.query(`select id from requests limit 1`);
      await expect(
        database.query(`insert into request_steps (request_id, kind, status, at) values ($1, 'LOST', 'REGISTERED', now())`, [request!.id]),
      ).rejects.toThrow(/request_steps_kind/);
      const [other] = await database.query(`insert into request_units (code, name, name_fr) values ('FIN', 'Finance', 'Finances') returning id`);
      await expect(
        database.query(`insert into request_batches (reference, from_unit_id, to_unit_id, status, created_at) values ('B1', $1, $2, 'LOST', now())`, [
          unit!.id,
          other!.id,
        ]),
      ).rejects.toThrow(/request_batches_status/);
      await expect(
        database.query(`insert into request_batches (reference, from_unit_id, to_unit_id, status, created_at) values ('B2', $1, $1, 'DRAFT', now())`, [
          unit!.id,
        ]),
      ).rejects.toThrow(/request_batches_units/);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0012_timetable', () => {
  it("refuses a lecturer, a class or a room in two overlapping lessons (a refused lesson frees its slot), a lesson of another class's subject, overlapping billing periods and a class for anyone but a student", async () => {
    const database = await emptyDatabase();
    try {
      await database.migrate(migrationsUpTo('0012_timetable'));
      const [dept] = await database.query(`insert into departments (code, name, name_fr) values ('MIG', 'Migration', 'Migration') returning id`);
      const [branch] = await database.query(
        `insert into branches (abbreviation, name, name_fr, department_id) values ('MIG', 'Migration', 'Migration', $1) returning id`,
        [dept!.id],
      );
      const [cycle] = await database.query(
        `insert into cycles (code, name, name_fr, first_level, last_level) values ('MIG', 'Migration', 'Migration', 1, 2) returning id`,
      );
      await database.query(`insert into levels (id, name, name_fr) values (1, 'Level 1', 'Niveau 1')`);
      const klass = async (code: string) =>
        (
          await database.query(`insert into classes (code, branch_id, cycle_id, level_id, shift) values ($1, $2, $3, 1, 'DAY') returning id`, [
            code,
            branch!.id,
            cycle!.id,
          ])
        )[0]!.id as number;
      const [classA, classB] = [await klass('MIG1/J A'), await klass('MIG1/J B')];
      const subject = async (classId: number, code: string) =>
        (
          await database.query(`insert into subjects (code, name, name_fr, class_id, hours_cm, hourly_rate) values ($1, $1, $1, $2, 30, 5000) returning id`, [
            code,
            classId,
          ])
        )[0]!.id as number;
      const [subjectA, subjectB] = [await subject(classA, 'MIG101'), await subject(classB, 'MIG102')];
      const person = async (matricule: string, kind = 'STAFF') =>
        (await database.query(`insert into persons (matricule, kind, firstname, lastname) values ($1, $2, 'A', 'B') returning id`, [matricule, kind]))[0]!
          .id as number;
      const [lecturer1, lecturer2, lecturer3] = [await person('MIG0001'), await person('MIG0002'), await person('MIG0003')];
      const lesson = (p: {
        lecturer: number;
        classId: number;
        subjectId: number;
        begin: string;
        end: string;
        room?: string | null;
        status?: string;
        day?: string;
      }) =>
        database.query(
          `insert into lessons (lesson_date, begin_time, end_time, class_id, subject_id, part, lecturer_id, room, building, campus, status, created_at, updated_at)
           values ($1, $2, $3, $4, $5, 'CM', $6, $7, 'Bloc A', 'Logbessou', $8, now(), now()) returning id`,
          [p.day ?? '2026-11-23', p.begin, p.end, p.classId, p.subjectId, p.lecturer, p.room ?? null, p.status ?? 'PendingValidation'],
        );
      await lesson({ lecturer: lecturer1, classId: classA, subjectId: subjectA, begin: '08:00', end: '09:50', room: 'B12' });
      // The same lecturer, overlapping; the same class; the same room written otherwise.
      await expect(lesson({ lecturer: lecturer1, classId: classB, subjectId: subjectB, begin: '09:00', end: '10:00' })).rejects.toThrow(
        /lessons_lecturer_excl/,
      );
      await expect(lesson({ lecturer: lecturer2, classId: classA, subjectId: subjectA, begin: '09:49', end: '11:00' })).rejects.toThrow(/lessons_class_excl/);
      await expect(lesson({ lecturer: lecturer2, classId: classB, subjectId: subjectB, begin: '08:30', end: '09:00', room: 'b12' })).rejects.toThrow(
        /lessons_room_excl/,
      );
      // Back to back is no overlap; another room, another day, a refused lesson are free.
      await lesson({ lecturer: lecturer1, classId: classA, subjectId: subjectA, begin: '09:50', end: '11:00', room: 'B12' });
      await lesson({ lecturer: lecturer2, classId: classB, subjectId: subjectB, begin: '08:00', end: '09:50', room: 'B13' });
      await lesson({ lecturer: lecturer1, classId: classA, subjectId: subjectA, begin: '08:00', end: '09:50', room: 'B12', day: '2026-11-24' });
      await lesson({ lecturer: lecturer3, classId: classA, subjectId: subjectA, begin: '13:00', end: '14:50', status: 'NotValidated' });
      await lesson({ lecturer: lecturer3, classId: classA, subjectId: subjectA, begin: '13:00', end: '14:50' });
      // A lesson's class is its subject's; times stay within the day; a billed lesson names its period.
      await expect(lesson({ lecturer: lecturer3, classId: classB, subjectId: subjectA, begin: '15:10', end: '17:00' })).rejects.toThrow(
        /lessons_subject_class_fk/,
      );
      await expect(lesson({ lecturer: lecturer3, classId: classA, subjectId: subjectA, begin: '07:00', end: '08:00' })).rejects.toThrow(/lessons_times/);
      await expect(
        lesson({ lecturer: lecturer3, classId: classA, subjectId: subjectA, begin: '15:10', end: '17:00', status: 'ValidatedAndBilled' }),
      ).rejects.toThrow(/lessons_billed/);
      await database.query(`insert into billing_periods (name, begin_date, end_date, created_at) values ('November 2026', '2026-11-01', '2026-11-30', now())`);
      await expect(
        database.query(`insert into billing_periods (name, begin_date, end_date, created_at) values ('Late November', '2026-11-30', '2026-12-15', now())`),
      ).rejects.toThrow(/billing_periods_excl/);
      const student = await person('MIG0004', 'STUDENT');
      await database.query(`update persons set class_id = $1 where id = $2`, [classA, student]);
      await expect(database.query(`update persons set class_id = $1 where id = $2`, [classA, lecturer1])).rejects.toThrow(/persons_class_student/);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0019_subject_search_text', () => {
  it('writes the search text of the subjects already there, keeps it with each change, and indexes it', async () => {
    const database = await emptyDatabase();
    try {
      const klass = await classBefore(database, '0018_deferred_announcements');
      await database.query(`insert into subjects (code, name, name_fr, class_id, hourly_rate) values ('MIG101', 'Networks', 'Réseaux', $1, 4000)`, [klass!.id]);

      await database.migrate(MIGRATIONS_DIR);

      expect(await database.query(`select search_text from subjects`)).toEqual([{ search_text: 'mig101 networks reseaux' }]);
      await database.query(`update subjects set name_fr = 'Réseaux et télécoms'`);
      await database.query(`insert into subjects (code, name, name_fr, class_id, hourly_rate) values ('MIG102', 'Économie', 'Économie', $1, 4000)`, [
        klass!.id,
      ]);
      expect(await database.query(`select code, search_text from subjects order by code`)).toEqual([
        { code: 'MIG101', search_text: 'mig101 networks reseaux et telecoms' },
        { code: 'MIG102', search_text: 'mig102 economie economie' },
      ]);
      expect(await database.query(`select indexdef from pg_indexes where indexname = 'subjects_search_trgm_idx'`)).toEqual([
        { indexdef: expect.stringMatching(/gin \(search_text gin_trgm_ops\)/) },
      ]);
      await expect(database.query(`update subjects set search_text = 'x'`)).rejects.toThrow(/search_text/);
    } finally {
      await database.close();
    }
  });
});
