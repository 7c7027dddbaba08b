import { count, eq, inArray } from 'drizzle-orm';
import countriesLib from 'i18n-iso-countries';
import enCountries from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import frCountries from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import type { Db, Tx } from '../db/client';
import {
  accounts,
  applicationChoices,
  applications,
  applicationSessions,
  banks,
  branches,
  classes,
  countries,
  cycles,
  departments,
  identificationTypes,
  identifications,
  institutions,
  levels,
  paymentModes,
  persons,
  profiles,
  regions,
  subjectConstraints,
  subjects,
  towns,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import {
  BANKS,
  BIRTHPLACES,
  BRANCHES,
  DEMO_CHOICE_SESSION,
  CYCLES,
  DEPARTMENTS,
  FIRST_NAMES,
  IDENTIFICATION_TYPES,
  INSTITUTION,
  LAST_NAMES,
  PAYMENT_MODES,
  PROGRAMME_LABELS,
  REGIONS,
  SUBJECT_POOLS,
} from './data';
import { seedDemoRequests } from './demo-requests';
import { seedRequests, seedUnitMembers } from './requests';
import { seedDemoTimetable } from './timetable';
import { seedDemoStudentFile } from './students';
import { seedDemoEvaluation } from './evaluation';
import { seedDemoEnrolment } from './enrolment';
import { seedDemoAdmissions } from './admissions';
import { seedPaymentNetworks } from './payment-networks';
import { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, DEMO_EVALUATION_STUDENTS, DEMO_PASSWORD, DEMO_PAST_ASSIGNMENTS, DEMO_UNCLAIMED, DEMO_UNIT_MEMBERS } from './demo';

countriesLib.registerLocale(enCountries);
countriesLib.registerLocale(frCountries);

/** Seeds the demo data when the registry is empty; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(persons);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await seedReference(tx);
    await seedCatalogue(tx);
    await seedRequests(tx);
    await seedPeople(tx, passwordHash);
    await seedDemoRequests(tx, new Date());
    await seedDemoTimetable(tx, new Date());
    await seedDemoStudentFile(tx, new Date());
    await seedDemoEvaluation(tx, new Date());
    await seedDemoEnrolment(tx, new Date());
    await seedDemoAdmissions(tx, new Date());
  });
  return true;
}

async function seedReference(tx: Tx): Promise<void> {
  const en = countriesLib.getNames('en', { select: 'official' });
  const fr = countriesLib.getNames('fr', { select: 'official' });
  await tx.insert(countries).values(
    Object.keys(en)
      .sort()
      .map((code) => ({ code, nameEn: en[code]!, nameFr: fr[code] ?? en[code]! })),
  );
  for (const region of REGIONS) {
    const [r] = await tx.insert(regions).values({ name: region.name, nameFr: region.nameFr }).returning({ id: regions.id });
    await tx.insert(towns).values(region.towns.map((name) => ({ regionId: r!.id, name })));
  }
  await tx.insert(identificationTypes).values(IDENTIFICATION_TYPES);
  await tx.insert(paymentModes).values(PAYMENT_MODES);
  await tx.insert(banks).values(BANKS);
  await seedPaymentNetworks(tx);
}

/** Hourly rate (CFA) by level: more for the upper levels. */
const RATE_BY_LEVEL = [0, 4000, 4000, 5000, 6500, 6500];

async function seedCatalogue(tx: Tx): Promise<void> {
  await tx.insert(institutions).values(INSTITUTION);
  const [constraint] = await tx.insert(subjectConstraints).values(DEMO_CHOICE_SESSION.constraint).returning({ id: subjectConstraints.id });
  await tx.insert(applicationSessions).values({ ...DEMO_CHOICE_SESSION.session, SUBJECT_CONSTRAINT_ID: constraint!.id });
  const deptRows = await tx.insert(departments).values(DEPARTMENTS).returning();
  const deptId = new Map(deptRows.map((d) => [d.code, d.id]));
  const cycleRows = await tx.insert(cycles).values(CYCLES).returning();
  const cycleId = new Map(cycleRows.map((c) => [c.code, c.id]));
  await tx.insert(levels).values([1, 2, 3, 4, 5].map((id) => ({ id, name: `Level ${id}`, nameFr: `Niveau ${id}` })));
  const branchRows = await tx
    .insert(branches)
    .values(
      BRANCHES.map((branch) => ({ abbreviation: branch.abbreviation, name: branch.name, nameFr: branch.nameFr, departmentId: deptId.get(branch.department)! })),
    )
    .returning({ id: branches.id, abbreviation: branches.abbreviation });
  const branchId = new Map(branchRows.map((b) => [b.abbreviation, b.id]));

  // Every class of every speciality: `<programme><level> <speciality>/<regime> <group>` (BTS1 GSI/J A).
  const planned = BRANCHES.flatMap((branch, index) =>
    branch.runs.flatMap((run) =>
      run.levels.flatMap((level) =>
        (['DAY', 'EVENING'] as const).flatMap(
          (shift) =>
            (shift === 'DAY' ? run.day : run.evening)?.map((group) => ({
              branch,
              index,
              level,
              shift,
              code: `${PROGRAMME_LABELS[run.cycle]!(level)} ${branch.abbreviation}/${shift === 'DAY' ? 'J' : 'S'} ${group}`,
              cycleId: cycleId.get(run.cycle)!,
            })) ?? [],
        ),
      ),
    ),
  );
  const classRows = await tx
    .insert(classes)
    .values(planned.map((c) => ({ code: c.code, branchId: branchId.get(c.branch.abbreviation)!, cycleId: c.cycleId, levelId: c.level, shift: c.shift })))
    .returning({ id: classes.id, code: classes.code });
  const classId = new Map(classRows.map((c) => [c.code, c.id]));

  await tx.insert(subjects).values(
    planned.flatMap(({ branch, index, level, shift, code }) => {
      const pool = SUBJECT_POOLS[branch.department]!;
      const perClass = 5 + ((index + level) % 2);
      return Array.from({ length: perClass }, (_, k) => {
        const [name, nameFr] = pool[(level * 3 + k + index) % pool.length]!;
        return {
          code: `${branch.abbreviation}${level}${String(k + 1).padStart(2, '0')}`,
          name,
          nameFr,
          classId: classId.get(code)!,
          hoursCm: 20 + ((k * 5 + level) % 3) * 5,
          hoursTd: 10 + ((k + level) % 3) * 5,
          hoursTp: k % 2 === 0 ? 10 : 0,
          hourlyRate: RATE_BY_LEVEL[level]! + (shift === 'EVENING' ? 500 : 0),
          credits: 2 + ((k + level) % 4),
        };
      });
    }),
  );
}

type NewPerson = typeof persons.$inferInsert;

function demoPerson(n: number, fields: Pick<NewPerson, 'MATRICULE' | 'KIND'> & Partial<NewPerson>): NewPerson {
  const gender = n % 2 === 0 ? 'Male' : 'Female';
  const first = FIRST_NAMES[gender][n % FIRST_NAMES[gender].length]!;
  const last = LAST_NAMES[(n * 7) % LAST_NAMES.length]!;
  const email = `${first}.${last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const year = fields.KIND === 'STUDENT' ? 2001 + (n % 5) : 1965 + (n % 30);
  return {
    FIRSTNAME: first,
    LASTNAME: last,
    GENDER: gender,
    BIRTHDATE: `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
    BIRTHPLACE: BIRTHPLACES[n % BIRTHPLACES.length]!,
    COUNTRY: 'Cameroon',
    EMAIL: `${email}.${fields.MATRICULE.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
    PHONE_NUMBER: `+2376${String(70000000 + n * 7919).slice(0, 8)}`,
    ...fields,
  };
}

async function seedPeople(tx: Tx, passwordHash: string): Promise<void> {
  const people: NewPerson[] = [];
  let n = 0;
  const staff = (prefix: string, status: NonNullable<NewPerson['STATUS']>, howMany: number) => {
    for (let i = 1; i <= howMany; i++) people.push(demoPerson(n++, { MATRICULE: `${prefix}${String(i).padStart(4, '0')}`, KIND: 'STAFF', STATUS: status }));
  };
  staff('PER', 'PERMANENT', 8);
  staff('VAC', 'VACATAIRE', 24);
  staff('STG', 'STAGIAIRE', 4);
  staff('SUP', 'STAFF', 6);
  const roles = [['HR', 'REQUESTS'], ['ACADEMIC'], ['IDENTIFICATION'], ['ADMISSIONS'], ['ADMIN'], ['REQUESTS'], ['REQUESTS'], ['REQUESTS']];
  // the back-office service accounts: no HR registration, no subject choice (decision 29)
  roles.forEach((r, i) => people.push(demoPerson(n++, { MATRICULE: `BO${String(i + 1).padStart(4, '0')}`, KIND: 'OFFICE', ROLES: r })));
  for (let i = 1; i <= 120; i++) people.push(demoPerson(n++, { MATRICULE: `ST24A${String(i).padStart(3, '0')}`, KIND: 'STUDENT' }));
  const unclaimedStudent = people.find((p) => p.MATRICULE === DEMO_UNCLAIMED.student.matricule)!;
  unclaimedStudent.BIRTHDATE = DEMO_UNCLAIMED.student.birthdate;
  people.push(demoPerson(n++, { MATRICULE: DEMO_UNCLAIMED.noEmail, KIND: 'STAFF', STATUS: 'VACATAIRE', EMAIL: null }));

  const inserted = await tx.insert(persons).values(people).returning({ id: persons.id, MATRICULE: persons.MATRICULE, EMAIL: persons.EMAIL });
  const byMatricule = new Map(inserted.map((p) => [p.MATRICULE, p]));
  const now = new Date('2024-01-01T00:00:00Z');
  await tx.insert(accounts).values(
    [...Object.values(DEMO_ACCOUNTS), ...DEMO_EVALUATION_STUDENTS.map((matricule) => ({ matricule, username: null }))].map(({ matricule, username }) => {
      const person = byMatricule.get(matricule)!;
      return { personId: person.id, username, email: person.EMAIL!, passwordHash, emailVerifiedAt: now, createdAt: now, updatedAt: now };
    }),
  );

  // Two lecturers whose registration HR has closed (with an NIU on file), one of them identified,
  // so that the choice session can be tried at once. Their files were handed in on paper.
  const closed = [DEMO_ACCOUNTS.closedLecturer.matricule, DEMO_ACCOUNTS.readyLecturer.matricule].map((m) => byMatricule.get(m)!.id);
  for (const [i, personId] of closed.entries()) {
    await tx.update(persons).set({ registrationClosedAt: now }).where(eq(persons.id, personId));
    await tx.insert(profiles).values({ personId, NIU: `P0845123456${String(70 + i)}Q`, CNPSYN: true });
  }
  await tx.insert(identifications).values({ personId: closed[1]!, completedAt: now });

  await seedUnitMembers(tx, DEMO_UNIT_MEMBERS);
  await seedPastAssignments(tx, byMatricule);
}

/** A closed choice session of the year before, whose confirmed choices are the demo lecturers' assignments (DEMO_PAST_ASSIGNMENTS). */
async function seedPastAssignments(tx: Tx, byMatricule: Map<string, { id: number }>): Promise<void> {
  const [constraint] = await tx.insert(subjectConstraints).values(DEMO_CHOICE_SESSION.constraint).returning({ id: subjectConstraints.id });
  const [session] = await tx
    .insert(applicationSessions)
    .values({
      ...DEMO_CHOICE_SESSION.session,
      DESIGNATION: 'Subject choices, semester 2, 2022-2023',
      DESIGNATION_FR: 'Choix des matières, semestre 2, 2022-2023',
      START_DATE: new Date('2023-01-16T00:00:00Z'),
      END_DATE: new Date('2023-02-15T00:00:00Z'),
      ACTIVED: false,
      SUBJECT_CONSTRAINT_ID: constraint!.id,
    })
    .returning({ id: applicationSessions.id });
  for (const [matricule, assigned] of Object.entries(DEMO_PAST_ASSIGNMENTS)) {
    const [application] = await tx
      .insert(applications)
      .values({
        EMPLOYEE_ID: byMatricule.get(matricule)!.id,
        SESSION_APPLICATION_ID: session!.id,
        SUBJECT_CONSTRAINT_ID: constraint!.id,
        TOTAL_HOURS: 200,
        CLOSED: true,
      })
      .returning({ id: applications.id });
    const rows = await tx
      .select({ id: subjects.id, code: subjects.code, classCode: classes.code })
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(
        inArray(
          classes.code,
          assigned.map((a) => a.classCode),
        ),
      );
    const chosen = rows.filter((row) => assigned.some((a) => a.classCode === row.classCode && a.subjects.includes(row.code)));
    await tx
      .insert(applicationChoices)
      .values(
        chosen.map((subject) => ({ applicationId: application!.id, sessionId: session!.id, SUBJECT_ID: subject.id, CATEGORY: 'CM' as const, AFFECTATION: 1 })),
      );
  }
}
