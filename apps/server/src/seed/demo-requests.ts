/**
 * The demo requests (decision 32): a few requests of PER0001 and VAC0001 and of the student demo
 * account at every stage of their processing, each with its steps, the batches that carried it and
 * their items, written as the services would have written them.
 */
import { isoWeekOf, universityDayOf, type RequestStatus, type RequestStepKind } from '@portal/contract/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  classes,
  persons,
  requestBatches,
  requestBatchItems,
  requestDecisions,
  requestHops,
  requestSteps,
  requestSubcategories,
  requestUnits,
  requests,
  subjects,
} from '../db/schema';
import { drawRequestNumbers, requestReferenceOf } from '../features/requests/requests.service';
import { rowsOf } from '../lib/sql';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_STUDENT_CLASSES } from './timetable';

const DAY_MS = 86_400_000;

/** A demo request's step: what happened, at which unit, with what status after it, when and by whom (a matricule); a decision is one of the arrival hop's. */
interface DemoStep {
  kind: RequestStepKind;
  unit: string;
  status: RequestStatus;
  at: Date;
  by: string;
  batch?: string;
  decision?: string;
  comment?: string;
}

/** A demo request: its sub-category, author (a matricule), fields, status of record, holding unit, signature, the batch it arrived by, and its steps (the first is its filing). */
interface DemoRequest {
  sub: string;
  author: string;
  fields: Partial<typeof requests.$inferInsert> & { REQUEST_OBJECT: string };
  status: RequestStatus;
  unit: string | null;
  signedAt: Date | null;
  arrival?: string;
  steps: DemoStep[];
}

/** What the demo requests are written with: days before the seeding instant, a class's subject, a received batch (by its key), a request. */
interface DemoRequestWriter {
  at: (days: number, hours?: number) => Date;
  classSubject: (classCode: string, subjectCode: string) => Promise<{ classId: number; subjectId: number }>;
  batch: (key: string, from: string, to: string, sub: string, created: Date, received: Date, sentBy: string, receivedBy: string) => Promise<void>;
  file: (input: DemoRequest) => Promise<void>;
}

/** The writer of the demo requests: the people, units, sub-categories, hops and decisions they name, looked up once. */
async function demoRequestWriter(tx: Tx, now: Date): Promise<DemoRequestWriter> {
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const people = await tx
    .select({ id: persons.id, MATRICULE: persons.MATRICULE })
    .from(persons)
    .where(
      inArray(persons.MATRICULE, [
        DEMO_ACCOUNTS.permanent.matricule,
        DEMO_ACCOUNTS.partTime.matricule,
        DEMO_ACCOUNTS.seng.matricule,
        DEMO_ACCOUNTS.finance.matricule,
        DEMO_ACCOUNTS.school.matricule,
        DEMO_ACCOUNTS.admin.matricule,
        DEMO_ACCOUNTS.student.matricule,
      ]),
    );
  const personId = (matricule: string) => people.find((p) => p.MATRICULE === matricule)!.id;
  const unitId = new Map((await tx.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
  const subs = new Map(
    (await tx.select({ id: requestSubcategories.id, code: requestSubcategories.code }).from(requestSubcategories)).map((s) => [s.code, s.id]),
  );
  const hopOf = async (sub: string, from: string, to: string) =>
    (
      await tx
        .select({ id: requestHops.id })
        .from(requestHops)
        .where(and(eq(requestHops.subcategoryId, subs.get(sub)!), eq(requestHops.fromUnitId, unitId.get(from)!), eq(requestHops.toUnitId, unitId.get(to)!)))
    )[0]!.id;
  const decisionOf = async (hopId: number, label: string) =>
    (
      await tx
        .select({ id: requestDecisions.id })
        .from(requestDecisions)
        .where(and(eq(requestDecisions.hopId, hopId), eq(requestDecisions.label, label)))
    )[0]!.id;
  const classSubject = async (classCode: string, subjectCode: string) => {
    const [row] = await tx
      .select({ classId: classes.id, subjectId: subjects.id })
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(and(eq(classes.code, classCode), eq(subjects.code, subjectCode)));
    return row!;
  };
  const next = async (sequence: string) => rowsOf<{ next: number }>(await tx.execute(sql`select nextval(${sequence})::int as next`))[0]!.next;

  const batches = new Map<string, { id: number; hopId: number }>();
  const batch = async (key: string, from: string, to: string, sub: string, created: Date, received: Date, sentBy: string, receivedBy: string) => {
    const number = await next('request_batch_seq');
    const [row] = await tx
      .insert(requestBatches)
      .values({
        reference: `${from}-${universityDayOf(created).slice(0, 4)}-${String(number).padStart(4, '0')}`,
        fromUnitId: unitId.get(from)!,
        toUnitId: unitId.get(to)!,
        status: 'RECEIVED',
        createdAt: created,
        createdBy: personId(sentBy),
        sentAt: created,
        sentBy: personId(sentBy),
        receivedAt: received,
        receivedBy: personId(receivedBy),
      })
      .returning({ id: requestBatches.id });
    batches.set(key, { id: row!.id, hopId: await hopOf(sub, from, to) });
  };

  const file = async (input: DemoRequest) => {
    const filedAt = input.steps[0]!.at;
    const arrivalHopId = input.arrival ? batches.get(input.arrival)!.hopId : null;
    // (drawn as a filing draws them: the id written below and the reference's number)
    const { id, number } = await drawRequestNumbers(tx);
    await tx
      .insert(requests)
      .overridingSystemValue()
      .values({
        ...input.fields,
        id,
        REQUEST_PBLM_WEEK: input.fields.REQUEST_PBLM_DATE ? isoWeekOf(input.fields.REQUEST_PBLM_DATE) : null,
        REQUEST_ID: requestReferenceOf(input.sub, universityDayOf(filedAt), number),
        REQUEST_AUTHOR: personId(input.author),
        REQUEST_CATEGORY_ID: subs.get(input.sub)!,
        REQUEST_STATUS: input.status,
        REQUEST_UNITY_ID: input.unit ? unitId.get(input.unit)! : null,
        signedAt: input.signedAt,
        filedAt,
        arrivalHopId,
        updatedAt: input.steps.at(-1)!.at,
      });
    for (const key of new Set(input.steps.flatMap((s) => (s.batch ? [s.batch] : [])))) {
      await tx.insert(requestBatchItems).values({ batchId: batches.get(key)!.id, requestId: id, hopId: batches.get(key)!.hopId });
    }
    await tx.insert(requestSteps).values(
      await Promise.all(
        input.steps.map(async (s) => ({
          requestId: id,
          kind: s.kind,
          unitId: unitId.get(s.unit)!,
          status: s.status,
          at: s.at,
          by: personId(s.by),
          batchId: s.batch ? batches.get(s.batch)!.id : null,
          decisionId: s.decision ? await decisionOf(arrivalHopId!, s.decision) : null,
          comment: s.comment ?? null,
        })),
      ),
    );
  };

  return { at, classSubject, batch, file };
}

/**
 * The lecturers' five: one finished payment claim (validated and billed, filed 40 days before), one
 * hourly-rate claim finance did not validate, one teaching claim received by the School of Computer
 * Science and awaiting its decision, one contract claim signed and ready to send at the lecturers'
 * service, and one reprography request filed now, not yet signed.
 */
async function seedLecturersDemoRequests({ at, classSubject, batch, file }: DemoRequestWriter, now: Date): Promise<void> {
  const SENG = DEMO_ACCOUNTS.seng.matricule;
  const FIN = DEMO_ACCOUNTS.finance.matricule;
  const SCHOOL = DEMO_ACCOUNTS.school.matricule;
  const PER = DEMO_ACCOUNTS.permanent.matricule;
  const VAC = DEMO_ACCOUNTS.partTime.matricule;

  // The transmittal batches: two to finance, received, and one to the School of Computer Science, received.
  await batch('fees', 'SENG', 'FIN', '0201', at(38), at(37), SENG, FIN);
  await batch('rate', 'SENG', 'FIN', '0202', at(23), at(22), SENG, FIN);
  await batch('lesson', 'SENG', 'SCH-INF', '0101', at(8), at(7), SENG, SCHOOL);

  // Finished: a payment claim finance validated and billed.
  await file({
    sub: '0201',
    author: PER,
    fields: {
      AMOUNT_RECEIVED: 150000,
      AMOUNT_EXPECTED: 187500,
      VH_DISPLAYED: 30,
      VH_EXPECTED: 37.5,
      REQUEST_OBJECT: 'October fees short by 7.5 hours',
      DESCRIPTION: 'My October fees count 30 hours; I taught 37.5 (timetable and attendance sheets attached to my file).',
    },
    status: 'VALIDATED_BILLED',
    unit: null,
    signedAt: at(39),
    arrival: 'fees',
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(40), by: PER },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(39), by: SENG },
      { kind: 'SENT', unit: 'FIN', status: 'REGISTERED', at: at(38), by: SENG, batch: 'fees' },
      { kind: 'RECEIVED', unit: 'FIN', status: 'PROCESSING', at: at(37), by: FIN, batch: 'fees' },
      {
        kind: 'DECIDED',
        unit: 'FIN',
        status: 'VALIDATED_BILLED',
        at: at(30),
        by: FIN,
        decision: 'Validated and billed',
        comment: 'The 7.5 missing hours are paid with the fees of next month.',
      },
    ],
  });

  // Finished: an hourly-rate claim finance did not validate.
  await file({
    sub: '0202',
    author: VAC,
    fields: {
      TH_DISPLAYED: 4000,
      TH_EXPECTED: 5000,
      REQUEST_OBJECT: 'Hourly rate of a level 3 class',
      DESCRIPTION: 'My level 3 hours are paid at the level 1 rate.',
    },
    status: 'NOT_VALIDATED',
    unit: null,
    signedAt: at(24),
    arrival: 'rate',
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(25), by: VAC },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(24), by: SENG },
      { kind: 'SENT', unit: 'FIN', status: 'REGISTERED', at: at(23), by: SENG, batch: 'rate' },
      { kind: 'RECEIVED', unit: 'FIN', status: 'PROCESSING', at: at(22), by: FIN, batch: 'rate' },
      {
        kind: 'DECIDED',
        unit: 'FIN',
        status: 'NOT_VALIDATED',
        at: at(18),
        by: FIN,
        decision: 'Not validated',
        comment: 'The classes you taught last semester are level 1 classes: the rate applied is right.',
      },
    ],
  });

  // Awaiting a decision: a teaching claim received by the school of its class.
  const lesson = await classSubject('BTS1 GSI/J B', 'GSI103');
  await file({
    sub: '0101',
    author: VAC,
    fields: {
      CLASS_ID: lesson.classId,
      SUBJECT_ID: lesson.subjectId,
      REQUEST_PBLM_DATE: universityDayOf(at(12)),
      REQUEST_PBLM_HOUR_START: '08:00',
      REQUEST_PBLM_HOUR_END: '09:50',
      REQUEST_OBJECT: 'Teaching session not recorded',
      DESCRIPTION: 'I taught the first slot; the class delegate signed the attendance sheet.',
    },
    status: 'PROCESSING',
    unit: 'SCH-INF',
    signedAt: at(9),
    arrival: 'lesson',
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(10), by: VAC },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(9), by: SENG },
      { kind: 'SENT', unit: 'SCH-INF', status: 'REGISTERED', at: at(8), by: SENG, batch: 'lesson' },
      { kind: 'RECEIVED', unit: 'SCH-INF', status: 'PROCESSING', at: at(7), by: SCHOOL, batch: 'lesson' },
    ],
  });

  // Ready to send: a contract claim signed at the lecturers' service.
  await file({
    sub: '0301',
    author: PER,
    fields: { REQUEST_OBJECT: 'Contract for this year not received', DESCRIPTION: 'I teach in BTS1 and BTS2 since October and have not received my contract.' },
    status: 'REGISTERED',
    unit: 'SENG',
    signedAt: at(2),
    steps: [
      { kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: at(3), by: PER },
      { kind: 'SIGNED', unit: 'SENG', status: 'REGISTERED', at: at(2), by: SENG },
    ],
  });

  // Awaiting the signature: a reprography request filed now.
  const copies = await classSubject('BTS1 GSI/J A', 'GSI101');
  await file({
    sub: '0401',
    author: PER,
    fields: {
      CLASS_ID: copies.classId,
      REPRO_COPY_NUMBER: 60,
      REPRO_STUDENT_COUNT: 58,
      REQUEST_OBJECT: 'Handout of chapter 3',
      DESCRIPTION: 'Twenty pages, one copy per student and two spares.',
    },
    status: 'REGISTERED',
    unit: 'SENG',
    signedAt: null,
    steps: [{ kind: 'FILED', unit: 'SENG', status: 'REGISTERED', at: now, by: PER }],
  });
}

/**
 * The student demo account's three (decision 41; signed by their filing, about the student's class,
 * the first of DEMO_STUDENT_CLASSES): an enrolment certificate the school issued, a grade dispute the
 * School of Computer Science received and has to decide on, and a transcript filed yesterday, at the
 * student records office, ready to send. The office has no demo member: the administrator sent them.
 */
async function seedStudentDemoRequests({ at, classSubject, batch, file }: DemoRequestWriter): Promise<void> {
  const SCHOOL = DEMO_ACCOUNTS.school.matricule;
  // The student demo account's requests, about their class (BTS1 GSI/J A: the School of Computer Science).
  const ADMIN = DEMO_ACCOUNTS.admin.matricule;
  const STUDENT = DEMO_ACCOUNTS.student.matricule;
  const ownClass = await classSubject(DEMO_STUDENT_CLASSES[0], 'GSI102');
  await batch('certificate', 'SCOL', 'SCH-INF', '1103', at(19), at(18), ADMIN, SCHOOL);
  await batch('grades', 'SCOL', 'SCH-INF', '1201', at(12), at(11), ADMIN, SCHOOL);

  // Finished: an enrolment certificate the school issued.
  await file({
    sub: '1103',
    author: STUDENT,
    fields: {
      CLASS_ID: ownClass.classId,
      REQUEST_OBJECT: 'Enrolment certificate for my scholarship',
      DESCRIPTION: 'The regional scholarship office asks for a certificate of this year.',
    },
    status: 'VALIDATED',
    unit: null,
    signedAt: at(20),
    arrival: 'certificate',
    steps: [
      { kind: 'FILED', unit: 'SCOL', status: 'REGISTERED', at: at(20), by: STUDENT },
      { kind: 'SENT', unit: 'SCH-INF', status: 'REGISTERED', at: at(19), by: ADMIN, batch: 'certificate' },
      { kind: 'RECEIVED', unit: 'SCH-INF', status: 'PROCESSING', at: at(18), by: SCHOOL, batch: 'certificate' },
      {
        kind: 'DECIDED',
        unit: 'SCH-INF',
        status: 'VALIDATED',
        at: at(16),
        by: SCHOOL,
        decision: 'Certificate issued',
        comment: "Your certificate is ready: collect it at the school's secretariat.",
      },
    ],
  });

  // Awaiting a decision: a grade dispute received by the school of the student's class.
  await file({
    sub: '1201',
    author: STUDENT,
    fields: {
      CLASS_ID: ownClass.classId,
      SUBJECT_ID: ownClass.subjectId,
      REQUEST_PBLM_DATE: universityDayOf(at(21)),
      REQUEST_PBLM_HOUR_START: '08:00',
      REQUEST_PBLM_HOUR_END: '09:50',
      REQUEST_OBJECT: 'Mid-term examination grade',
      DESCRIPTION: 'My mid-term grade reads 8/20; the corrected paper I was shown gave 13/20 (exercise 3 was not counted).',
    },
    status: 'PROCESSING',
    unit: 'SCH-INF',
    signedAt: at(14),
    arrival: 'grades',
    steps: [
      { kind: 'FILED', unit: 'SCOL', status: 'REGISTERED', at: at(14), by: STUDENT },
      { kind: 'SENT', unit: 'SCH-INF', status: 'REGISTERED', at: at(12), by: ADMIN, batch: 'grades' },
      { kind: 'RECEIVED', unit: 'SCH-INF', status: 'PROCESSING', at: at(11), by: SCHOOL, batch: 'grades' },
    ],
  });

  // Ready to send: a transcript filed yesterday at the student records office.
  await file({
    sub: '1102',
    author: STUDENT,
    fields: { CLASS_ID: ownClass.classId, REQUEST_OBJECT: 'Transcript of semester 1', DESCRIPTION: 'For an internship application.' },
    status: 'REGISTERED',
    unit: 'SCOL',
    signedAt: at(1),
    steps: [{ kind: 'FILED', unit: 'SCOL', status: 'REGISTERED', at: at(1), by: STUDENT }],
  });
}

/**
 * A few demo requests at every stage of their processing (decision 32), consistent with the model:
 * the lecturers' (PER0001 and VAC0001), then the student demo account's. `now` is the seeding instant.
 */
export async function seedDemoRequests(tx: Tx, now: Date): Promise<void> {
  const writer = await demoRequestWriter(tx, now);
  await seedLecturersDemoRequests(writer, now);
  await seedStudentDemoRequests(writer);
}
