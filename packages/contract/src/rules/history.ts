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
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];
