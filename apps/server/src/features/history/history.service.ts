import { sql } from 'drizzle-orm';
import {
  CHOICE_CATEGORIES,
  ENROLMENT_STATUSES,
  FILE_COLUMNS,
  MAIL_LINK_PROVIDERS,
  PIECE_TYPES,
  PROFILE_SECTIONS,
  REQUEST_STATUSES,
  STUDENT_DOCUMENT_KINDS,
  STUDENT_PROFILE_SECTIONS,
  type HistoryEvent,
  type HistoryEntry,
  type HistoryFacts,
  type HistoryPage,
} from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { rowsOf } from '../../lib/sql';
import { REQUEST_ATTACHMENT_PURPOSE } from '../requests/requests.service';

/**
 * The audit actions a person's history shows, each with its kind of event (decision 36). Any
 * other action is left out: refused accesses, mails sent (a mail-link code included), reads of a
 * fingerprint or of a student's file, the offices' configuration (choice, enrolment and evaluation
 * sessions, offers, question forms, exports), what the person did to someone else's things. An
 * evaluation answer is never audited (decision 39), so no entry can tell when or what a student answered.
 */
const EVENT_OF_ACTION: Readonly<Record<string, HistoryEvent>> = {
  'account.activated': 'accountActivated',
  'auth.sign-in': 'signIn',
  'auth.sign-out': 'signOut',
  'auth.sign-in-failed': 'signInFailed',
  'auth.code-failed': 'codeFailed',
  'profile.section-saved': 'sectionSaved',
  'profile.changed-by-hr': 'sectionSaved',
  'file.uploaded': 'fileUploaded',
  'file.removed': 'fileRemoved',
  'document.uploaded': 'documentUploaded',
  'document.deleted': 'documentDeleted',
  'document.lastDiploma': 'lastDiplomaChosen',
  'registration.closed': 'registrationClosed',
  'registration.reopened': 'registrationReopened',
  'identification.photo.saved': 'photoSaved',
  'identification.photo.removed': 'photoRemoved',
  'identification.fingerprint.saved': 'fingerprintSaved',
  'identification.fingerprint.removed': 'fingerprintRemoved',
  'identification.completed': 'identificationCompleted',
  'identification.reopened': 'identificationReopened',
  'application.created': 'applicationCreated',
  'application.choices-changed': 'choicesChanged',
  'application.closed': 'applicationClosed',
  'academic.choice-confirmed': 'choiceConfirmed',
  'academic.choice-declined': 'choiceDeclined',
  'academic.choice-reset': 'choiceReset',
  'request.filed': 'requestFiled',
  'request.signed': 'requestSigned',
  'request.rejected': 'requestRejected',
  'request.expired': 'requestExpired',
  'request.sent': 'requestSent',
  'request.received': 'requestReceived',
  'request.returned': 'requestReturned',
  'request.decided': 'requestDecided',
  'studentFile.section-saved': 'studentSectionSaved',
  'studentFile.document-uploaded': 'studentDocumentUploaded',
  'studentFile.document-deleted': 'studentDocumentDeleted',
  'mail-link.linked': 'mailLinked',
  'mail-link.unlinked': 'mailUnlinked',
  'enrolment.applied': 'enrolmentApplied',
  'enrolment.withdrawn': 'enrolmentWithdrawn',
  'enrolment.decided': 'enrolmentDecided',
};

/** The actions shown, as an SQL list of literals (constants of this file, never input). */
const SHOWN_ACTIONS = sql.raw(
  Object.keys(EVENT_OF_ACTION)
    .map((action) => `'${action}'`)
    .join(', '),
);

interface HistoryRow {
  total: number;
  id: string | number | null;
  at: Date | string;
  actor_id: number | null;
  action: string;
  details: Record<string, unknown> | null;
  session_name: string | null;
  session_name_fr: string | null;
  subject_code: string | null;
  subject_name: string | null;
  subject_name_fr: string | null;
  reference: string | null;
  subcategory_name: string | null;
  subcategory_name_fr: string | null;
  unit_name: string | null;
  unit_name_fr: string | null;
  decision_label: string | null;
  decision_label_fr: string | null;
  enrolment_session_name: string | null;
  enrolment_session_name_fr: string | null;
  offer_kind: string | null;
  offer_class_code: string | null;
  offer_subject_code: string | null;
  offer_subject_name: string | null;
  offer_subject_name_fr: string | null;
}

/**
 * One page of what is the person's, newest first, and how many in all, in one statement: the audit
 * entries whose target is the person, one of their applications, one of their choices, one of
 * their requests or one of their enrolment applications (`mine`, a few rows, each read through
 * `audit_log_target_idx`), of the actions shown; then what the page's sentences name (session,
 * subject, request, unit, decision, enrolment session and offer).
 */
function historyStatement(personId: number, limit: number, offset: number) {
  return sql`
    with mine (target_type, target_id) as (
      select 'person'::text, ${personId}::text
      union all select 'application', a.id::text from applications a where a.employee_id = ${personId}
      union all select 'choice', c.id::text from application_choices c join applications a on a.id = c.application_id where a.employee_id = ${personId}
      union all select 'request', r.id::text from requests r where r.author_id = ${personId}
      union all select 'enrolment_application', e.id::text from enrolment_applications e where e.student_id = ${personId}
    ),
    own as materialized (
      select l.id, l.at, l.actor_id, l.action, l.target_type, l.target_id, l.details
      from mine m join audit_log l on l.target_type = m.target_type and l.target_id = m.target_id
      where l.action in (${SHOWN_ACTIONS})
    ),
    counted as (select count(*)::int as total from own),
    page as (select * from own order by at desc, id desc limit ${limit} offset ${offset})
    select c.total, q.*
    from counted c
    left join (
      select p.id::text as id, p.at, p.actor_id, p.action, p.details,
        ses.designation as session_name, ses.designation_fr as session_name_fr,
        s.code as subject_code, s.name as subject_name, s.name_fr as subject_name_fr,
        r.reference, rs.name as subcategory_name, rs.name_fr as subcategory_name_fr,
        u.name as unit_name, u.name_fr as unit_name_fr,
        d.label as decision_label, d.label_fr as decision_label_fr,
        es.name as enrolment_session_name, es.name_fr as enrolment_session_name_fr,
        eo.kind as offer_kind, oc.code as offer_class_code,
        os.code as offer_subject_code, os.name as offer_subject_name, os.name_fr as offer_subject_name_fr
      from page p
      left join applications ap on ap.id = (case when p.target_type = 'application' then p.target_id::int end)
      left join application_sessions ses on ses.id = coalesce(ap.session_application_id, case when p.target_type = 'choice' then (p.details->>'sessionId')::int end)
      left join subjects s on s.id = (case when p.target_type = 'choice' then (p.details->>'subjectId')::int end)
      left join requests r on r.id = (case when p.target_type = 'request' then p.target_id::int end)
      left join request_subcategories rs on rs.id = r.subcategory_id
      left join request_units u on u.id = (case when p.target_type = 'request' then (p.details->>'unitId')::int end)
      left join request_decisions d on d.id = (case when p.target_type = 'request' then (p.details->>'decisionId')::int end)
      left join enrolment_applications ea on ea.id = (case when p.target_type = 'enrolment_application' then p.target_id::int end)
      left join enrolment_sessions es on es.id = ea.session_id
      left join enrolment_offers eo on eo.id = ea.offer_id
      left join classes oc on oc.id = eo.class_id
      left join subjects os on os.id = eo.subject_id
    ) q on true
    order by q.at desc, q.id::bigint desc`;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

const bilingual = (name: string | null, nameFr: string | null) => (name !== null && nameFr !== null ? { name, nameFr } : undefined);

/** The parts of a change of choices as the audit keeps them, code and category only. */
function choiceParts(value: unknown): HistoryFacts['added'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((part: unknown) => {
    const { code, category } = (part ?? {}) as { code?: unknown; category?: unknown };
    const known = oneOf(CHOICE_CATEGORIES, category);
    return typeof code === 'string' && known ? [{ code, category: known }] : [];
  });
}

/** What an enrolment application was for: the class's code, or the optional subject's code and names. */
function offerOf(row: HistoryRow): HistoryFacts['offer'] {
  if (row.offer_kind === 'CLASS' && row.offer_class_code !== null) return { kind: 'CLASS', code: row.offer_class_code };
  if (row.offer_kind === 'SUBJECT' && row.offer_subject_code !== null && row.offer_subject_name !== null && row.offer_subject_name_fr !== null) {
    return { kind: 'SUBJECT', code: row.offer_subject_code, name: row.offer_subject_name, nameFr: row.offer_subject_name_fr };
  }
  return undefined;
}

/**
 * The facts of an event, built field by field from what the audit entry and its joins hold: the
 * whitelist of decision 36 (never the IP, an address, a value changed, a reason or comment, a name).
 */
function factsOf(event: HistoryEvent, row: HistoryRow): HistoryFacts {
  const details = row.details ?? {};
  const facts: HistoryFacts = {};
  const session = bilingual(row.session_name, row.session_name_fr);
  switch (event) {
    case 'sectionSaved':
      facts.section = oneOf(PROFILE_SECTIONS, details.section);
      break;
    case 'fileUploaded':
    case 'fileRemoved':
      facts.column = oneOf(FILE_COLUMNS, details.column);
      break;
    case 'documentUploaded':
    case 'documentDeleted':
      facts.pieceType = oneOf(PIECE_TYPES, details.pieceType);
      break;
    case 'applicationCreated':
      facts.session = session;
      break;
    case 'applicationClosed':
      facts.session = session;
      if (typeof details.hours === 'number') facts.hours = details.hours;
      break;
    case 'choicesChanged':
      facts.session = session;
      facts.added = choiceParts(details.added);
      facts.removed = choiceParts(details.removed);
      break;
    case 'choiceConfirmed':
    case 'choiceDeclined':
    case 'choiceReset':
      facts.session = session;
      if (row.subject_code !== null && row.subject_name !== null && row.subject_name_fr !== null)
        facts.subject = { code: row.subject_code, name: row.subject_name, nameFr: row.subject_name_fr };
      facts.category = oneOf(CHOICE_CATEGORIES, details.category);
      break;
    case 'requestFiled':
    case 'requestSigned':
    case 'requestRejected':
    case 'requestExpired':
    case 'requestSent':
    case 'requestReceived':
    case 'requestReturned':
    case 'requestDecided': {
      const reference = row.reference ?? (typeof details.reference === 'string' ? details.reference : null);
      if (reference !== null) facts.reference = reference;
      facts.subcategory = bilingual(row.subcategory_name, row.subcategory_name_fr);
      facts.status = oneOf(REQUEST_STATUSES, details.status);
      if (event !== 'requestFiled' && event !== 'requestExpired') facts.unit = bilingual(row.unit_name, row.unit_name_fr);
      if (event === 'requestDecided' && row.decision_label !== null && row.decision_label_fr !== null)
        facts.decision = { label: row.decision_label, labelFr: row.decision_label_fr };
      break;
    }
    case 'studentSectionSaved':
      // the section only: never the fields changed nor their values
      facts.studentSection = oneOf(STUDENT_PROFILE_SECTIONS, details.section);
      break;
    case 'studentDocumentUploaded':
    case 'studentDocumentDeleted':
      // the kind only: never the title, the year, the stored file nor its type
      facts.studentDocument = oneOf(STUDENT_DOCUMENT_KINDS, details.kind);
      break;
    case 'mailLinked':
      // how it was proven; never the address, which the audit keeps masked and the history not at all
      facts.provider = oneOf(MAIL_LINK_PROVIDERS, details.provider);
      break;
    case 'enrolmentApplied':
    case 'enrolmentWithdrawn':
    case 'enrolmentDecided':
      facts.session = bilingual(row.enrolment_session_name, row.enrolment_session_name_fr);
      facts.offer = offerOf(row);
      if (event === 'enrolmentDecided') facts.enrolmentStatus = oneOf(ENROLMENT_STATUSES, details.status);
      break;
    default:
      break;
  }
  // Only the facts known: an absent one is left out rather than sent empty.
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as HistoryFacts;
}

/** The kind of an audit entry: a registration file, or an attachment uploaded before filing a request. */
function eventOf(row: HistoryRow): HistoryEvent | null {
  const event = EVENT_OF_ACTION[row.action] ?? null;
  if (event === 'fileUploaded' && row.details?.purpose === REQUEST_ATTACHMENT_PURPOSE) return 'attachmentUploaded';
  return event;
}

/**
 * `GET /history`: the person's activity, newest first, a page at a time (decision 36): what they
 * did (sign-ins, sections saved, closure, choices, requests filed, a student's file, mail account
 * and enrolment applications) and what the offices did to or for them (`byOffice`: the actor is
 * someone else, never named). Kinds and facts only: the web app writes the sentence in the
 * reader's language.
 */
export async function listHistory(ctx: ServiceContext, input: { personId: number; page: number; pageSize: number }): Promise<HistoryPage> {
  const { personId, page, pageSize } = input;
  const rows = rowsOf<HistoryRow>(await ctx.db.execute(historyStatement(personId, pageSize, (page - 1) * pageSize)));
  const entries: HistoryEntry[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    const event = eventOf(row);
    if (!event) continue;
    entries.push({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      event,
      byOffice: row.actor_id !== null && Number(row.actor_id) !== personId,
      facts: factsOf(event, row),
    });
  }
  return { rows: entries, total: Number(rows[0]?.total ?? 0), page, pageSize };
}
