import { z } from 'zod';
import { pageNumber, wholeNumber } from './common';
import { ChoiceCategory } from './applications';
import { FileColumn, PieceType } from './registration';
import { RequestStatus } from './requests';
import { ENROLMENT_OFFER_KINDS, ENROLMENT_STATUSES } from './rules/enrolment';
import { HISTORY_EVENTS } from './rules/history';
import { LIST_PAGE_SIZE } from './rules/limits';
import { PROFILE_SECTIONS } from './rules/registration';
import { MAIL_LINK_PROVIDERS, STUDENT_DOCUMENT_KINDS, STUDENT_PROFILE_SECTIONS } from './rules/students';

// A person's activity history (issue 12, decision 36): `GET /history`, the session's person only.

/** A name in both languages (a request's sub-category, a unit, a choice session). */
const Bilingual = z.object({ name: z.string(), nameFr: z.string() });

/** A part of a subject in a change of one's choices: `INF201` `CM`. */
export const HistoryChoicePart = z.object({ code: z.string(), category: ChoiceCategory });
export type HistoryChoicePart = z.infer<typeof HistoryChoicePart>;

/** What an enrolment application was for: a class (its code), or an optional subject (its code and names). */
export const HistoryOffer = z.object({ kind: z.enum(ENROLMENT_OFFER_KINDS), code: z.string(), name: z.string().optional(), nameFr: z.string().optional() });
export type HistoryOffer = z.infer<typeof HistoryOffer>;

/**
 * What the sentence of an event names, each fact present only for the events that have it. A
 * whitelist: no address (IP or e-mail, masked or not), no sensitive value (bank, NIU, CNPS, salary,
 * fingerprint, a student's answers in their file), no reason or comment written by an office, no
 * other person's name or id, and nothing of the evaluation of teaching (decision 39).
 */
export const HistoryFacts = z
  .object({
    /** the registration section saved (`sectionSaved`) */
    section: z.enum(PROFILE_SECTIONS).optional(),
    /** the registration file added or removed (`fileUploaded`, `fileRemoved`) */
    column: FileColumn.optional(),
    /** the kind of document added or deleted */
    pieceType: PieceType.optional(),
    /** the request's reference (`0101@2026-000012`) */
    reference: z.string().optional(),
    /** the request's sub-category */
    subcategory: Bilingual.optional(),
    /** the request's status after the event */
    status: RequestStatus.optional(),
    /** the decision a unit took (`requestDecided`) */
    decision: z.object({ label: z.string(), labelFr: z.string() }).optional(),
    /** the unit a request step names: the one that signed, rejected, decided, received, or the one it was sent or came back to */
    unit: Bilingual.optional(),
    /** the subject of a decided choice */
    subject: z.object({ code: z.string(), name: z.string(), nameFr: z.string() }).optional(),
    /** the part of the subject decided (CM, TD, TP) */
    category: ChoiceCategory.optional(),
    /** the choice session of an application, or the enrolment session of an enrolment application */
    session: Bilingual.optional(),
    /** the parts added to and removed from one's choices (`choicesChanged`) */
    added: z.array(HistoryChoicePart).optional(),
    removed: z.array(HistoryChoicePart).optional(),
    /** the hours of the choices an application was closed with */
    hours: z.number().optional(),
    /** the section of a student's file saved (`studentSectionSaved`) */
    studentSection: z.enum(STUDENT_PROFILE_SECTIONS).optional(),
    /** the kind of file a student added to or deleted from their file: never its title nor the file */
    studentDocument: z.enum(STUDENT_DOCUMENT_KINDS).optional(),
    /** how a linked mail address was proven (`mailLinked`): never the address, not even masked */
    provider: z.enum(MAIL_LINK_PROVIDERS).optional(),
    /** the class or optional subject of an enrolment application */
    offer: HistoryOffer.optional(),
    /** the status the academic office's decision gave an enrolment application (`enrolmentDecided`) */
    enrolmentStatus: z.enum(ENROLMENT_STATUSES).optional(),
  })
  .meta({ id: 'HistoryFacts' });
export type HistoryFacts = z.infer<typeof HistoryFacts>;

export const HistoryEntry = z
  .object({
    id: z.number().int(),
    /** when (ISO timestamp) */
    at: z.string(),
    event: z.enum(HISTORY_EVENTS),
    /** someone else did it to or for the person: an office (never named by its agent), not the person */
    byOffice: z.boolean(),
    facts: HistoryFacts,
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** The paging of `GET /history`. */
export const HistoryQuery = z.object({
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 100).default(LIST_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** One page of the person's history, newest first. */
export const HistoryPage = z
  .object({ rows: z.array(HistoryEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'HistoryPage' });
export type HistoryPage = z.infer<typeof HistoryPage>;
