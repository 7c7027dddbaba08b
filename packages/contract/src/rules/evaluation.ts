// The evaluation of teaching (issue 13, decision 39): question forms built by the academic office,
// evaluation sessions over classes, anonymous answers and results shown past a threshold.

/**
 * A question's type: CHOICE (one option among the question's, each with a mark), SCALE (1 to 5) or
 * TEXT (a free comment).
 */
export const QUESTION_TYPES = ['CHOICE', 'SCALE', 'TEXT'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A SCALE question's answers: 1 (poor) to 5 (excellent). */
export const SCALE_MIN = 1;
export const SCALE_MAX = 5;

/**
 * Results of a (lecturer, subject, class) are shown only once at least this many students answered;
 * below it, "not enough answers to show results".
 */
export const RESULTS_THRESHOLD = 5;

/**
 * Sealed answers wait in the ballot box until at least this many of one session are there (or the
 * session has ended); then they are moved to the answers together, in a random order, so that
 * neither the order nor the transaction of the move says who answered what.
 */
export const BALLOT_MIX_SIZE = 5;

/** A form's bounds: sections, questions, options, the length of a label and of a comment. */
export const MAX_FORM_SECTIONS = 20;
export const MAX_FORM_QUESTIONS = 100;
export const MAX_QUESTION_OPTIONS = 10;
export const MAX_LABEL_LENGTH = 500;
export const MAX_COMMENT_LENGTH = 2000;
/** An option's mark: 0 to 20. */
export const MAX_OPTION_MARK = 20;

/** An evaluation session's state from its dates and today (university time): not started, open, ended. */
export const EVALUATION_SESSION_STATES = ['UPCOMING', 'OPEN', 'ENDED'] as const;
export type EvaluationSessionStateName = (typeof EVALUATION_SESSION_STATES)[number];

/** The formats the results of a session export to. */
export const EVALUATION_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
