// A person's activity history (issue 12, decision 36): the kinds of event it shows. The server
// reads them from the audit log (each audit action a person may see maps to one kind); the web
// app writes the sentence of each kind, from its facts, in the reader's language.

/**
 * What happened, in the order of a person's life in the portal. An event done by an office to
 * or for the person (human resources, the identification office, the academic office, a unit
 * processing requests) carries `byOffice`; the office is never named by its agent.
 */
export const HISTORY_EVENTS = [
  // the account and signing in
  'accountActivated',
  'signIn',
  'signOut',
  /** a wrong password was given for the person's account (by anyone) */
  'signInFailed',
  /** a wrong e-mailed code was given in a sign-in to the person's account */
  'codeFailed',
  // the HR registration
  'sectionSaved',
  'fileUploaded',
  'fileRemoved',
  'documentUploaded',
  'documentDeleted',
  'lastDiplomaChosen',
  'registrationClosed',
  'registrationReopened',
  // identification
  'photoSaved',
  'photoRemoved',
  'fingerprintSaved',
  'fingerprintRemoved',
  'identificationCompleted',
  'identificationReopened',
  // subject choices and their decisions
  'applicationCreated',
  'choicesChanged',
  'applicationClosed',
  'choiceConfirmed',
  'choiceDeclined',
  'choiceReset',
  // requests and their processing
  'attachmentUploaded',
  'requestFiled',
  'requestSigned',
  'requestRejected',
  'requestExpired',
  'requestSent',
  'requestReceived',
  'requestReturned',
  'requestDecided',
  // a student's own file (decision 37)
  'studentSectionSaved',
  'studentDocumentUploaded',
  'studentDocumentDeleted',
  // a linked mail account (decision 40): linked or unlinked, never the address
  'mailLinked',
  'mailUnlinked',
  // enrolment applications (decision 38) and the academic office's decisions on them
  'enrolmentApplied',
  'enrolmentWithdrawn',
  'enrolmentDecided',
  // The evaluation of teaching has no kind, on purpose (decision 39): an answer is not audited, and
  // nothing here may tell that, when or what a student answered. The office's forms and sessions are
  // its configuration, left out as the other offices' is.
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];
