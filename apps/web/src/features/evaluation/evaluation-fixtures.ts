// What the fake API answers for the evaluation pages: contract-typed forms, sessions, a student's
// evaluations and results.
import type {
  CatalogueClass,
  EvaluationQuestionResult,
  EvaluationResults,
  EvaluationSession,
  EvaluationTargetResult,
  QuestionForm,
  QuestionFormContent,
  QuestionFormSummary,
  StudentEvaluation,
} from '@portal/contract';
import { DEMO_PEOPLE } from '../../test/demo-people';

export const academicUser = DEMO_PEOPLE.academic;
export const studentUser = DEMO_PEOPLE.student;

export const PATHS = {
  forms: '/api/question-forms',
  form: (id: number) => `/api/question-forms/${id}`,
  duplicate: (id: number) => `/api/question-forms/${id}/duplicate`,
  submit: '/api/question-forms/submit',
  sessions: '/api/evaluation-sessions',
  session: (id: number) => `/api/evaluation-sessions/${id}`,
  results: (id: number) => `/api/evaluation-sessions/${id}/results`,
  classes: '/api/academic/classes',
  mine: (person: number) => `/api/students/subjects/${person}`,
  reviews: '/api/reviews',
};

/** The form of the examples: a section of a choice and a scale, then a section with an optional comment. */
export const CONTENT: QuestionFormContent = {
  sections: [
    {
      key: 's1',
      label: 'Teaching',
      labelFr: 'Enseignement',
      questions: [
        {
          key: 'q1',
          type: 'CHOICE',
          label: 'The lecturer explains clearly',
          labelFr: 'L’enseignant explique clairement',
          required: true,
          options: [
            { key: 'o1', label: 'Agree', labelFr: 'D’accord', mark: 4 },
            { key: 'o2', label: 'Disagree', labelFr: 'Pas d’accord', mark: 1 },
          ],
        },
        { key: 'q2', type: 'SCALE', label: 'Overall quality', labelFr: 'Qualité générale', required: true, options: [] },
      ],
    },
    {
      key: 's2',
      label: 'Comments',
      labelFr: 'Commentaires',
      questions: [{ key: 'q3', type: 'TEXT', label: 'What would you change?', labelFr: 'Que changeriez-vous ?', required: false, options: [] }],
    },
  ],
};

export function questionForm(overrides: Partial<QuestionForm> = {}): QuestionForm {
  return {
    id: 31,
    name: 'Teaching evaluation',
    nameFr: 'Évaluation des enseignements',
    sections: 2,
    questions: 3,
    sessions: 0,
    inUse: false,
    updatedAt: '2025-01-10T09:00:00.000Z',
    createdAt: '2025-01-10T09:00:00.000Z',
    content: CONTENT,
    ...overrides,
  };
}

export function formSummary(overrides: Partial<QuestionFormSummary> = {}): QuestionFormSummary {
  const { content: _content, createdAt: _createdAt, ...summary } = questionForm();
  return { ...summary, ...overrides };
}

export const CLASSES: CatalogueClass[] = [
  { id: 61, CODE: 'GL1A', BRANCH_ID: 1, CYCLE_ID: 1, LEVEL_ID: 1, SHIFT: 'DAY' },
  { id: 62, CODE: 'GL2A', BRANCH_ID: 1, CYCLE_ID: 1, LEVEL_ID: 2, SHIFT: 'DAY' },
  { id: 63, CODE: 'RT1B', BRANCH_ID: 2, CYCLE_ID: 1, LEVEL_ID: 1, SHIFT: 'EVENING' },
];

export function evaluationSession(overrides: Partial<EvaluationSession> = {}): EvaluationSession {
  return {
    id: 5,
    name: 'Semester 1 evaluation',
    nameFr: 'Évaluation du semestre 1',
    form: { id: 31, name: 'Teaching evaluation', nameFr: 'Évaluation des enseignements' },
    startDate: '2025-01-13',
    endDate: '2025-01-31',
    state: 'OPEN',
    classes: [{ id: 61, code: 'GL1A' }],
    targets: 4,
    participations: 7,
    createdAt: '2025-01-05T09:00:00.000Z',
    ...overrides,
  };
}

const SESSION_REF = {
  id: 5,
  name: 'Semester 1 evaluation',
  nameFr: 'Évaluation du semestre 1',
  startDate: '2025-01-13',
  endDate: '2025-01-31',
  state: 'OPEN' as const,
  open: true,
};

export function studentEvaluation(overrides: Partial<StudentEvaluation> = {}): StudentEvaluation {
  return {
    STUDENT_EVALUATION_SESSION: 901,
    session: SESSION_REF,
    subject: { id: 11, code: 'INF101', name: 'Algorithms', nameFr: 'Algorithmique' },
    lecturer: { FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga' },
    class: { id: 61, code: 'GL1A' },
    formId: 31,
    done: false,
    ...overrides,
  };
}

/** Open: two to do (one done); an upcoming session; an ended one missed. */
export const MY_EVALUATIONS: StudentEvaluation[] = [
  studentEvaluation(),
  studentEvaluation({
    STUDENT_EVALUATION_SESSION: 902,
    subject: { id: 12, code: 'MAT101', name: 'Calculus', nameFr: 'Analyse' },
    lecturer: { FIRSTNAME: 'Marie', LASTNAME: 'Ngono' },
    done: true,
  }),
  studentEvaluation({
    STUDENT_EVALUATION_SESSION: 903,
    session: {
      id: 6,
      name: 'Semester 2 evaluation',
      nameFr: 'Évaluation du semestre 2',
      startDate: '2025-06-02',
      endDate: '2025-06-20',
      state: 'UPCOMING',
      open: false,
    },
  }),
  studentEvaluation({
    STUDENT_EVALUATION_SESSION: 904,
    session: {
      id: 4,
      name: 'Previous year evaluation',
      nameFr: 'Évaluation de l’an dernier',
      startDate: '2024-05-02',
      endDate: '2024-05-20',
      state: 'ENDED',
      open: false,
    },
    subject: { id: 13, code: 'PHY101', name: 'Physics', nameFr: 'Physique' },
  }),
];

const question = (overrides: Partial<EvaluationQuestionResult>): EvaluationQuestionResult => ({
  key: 'q1',
  type: 'CHOICE',
  label: '',
  labelFr: '',
  sectionKey: 's1',
  answered: 0,
  average: null,
  maxMark: null,
  distribution: [],
  comments: [],
  ...overrides,
});

/** Shown results: six answers. */
export const SHOWN_QUESTIONS: EvaluationQuestionResult[] = [
  question({
    key: 'q1',
    label: 'The lecturer explains clearly',
    labelFr: 'L’enseignant explique clairement',
    answered: 6,
    average: 3,
    maxMark: 4,
    distribution: [
      { key: 'o1', label: 'Agree', labelFr: 'D’accord', mark: 4, count: 4 },
      { key: 'o2', label: 'Disagree', labelFr: 'Pas d’accord', mark: 1, count: 2 },
    ],
  }),
  question({
    key: 'q2',
    type: 'SCALE',
    label: 'Overall quality',
    labelFr: 'Qualité générale',
    answered: 6,
    average: 3.833,
    maxMark: 5,
    distribution: [1, 2, 3, 4, 5].map((value) => ({ key: String(value), label: '', labelFr: '', mark: value, count: [0, 0, 2, 3, 1][value - 1]! })),
  }),
  question({
    key: 'q3',
    type: 'TEXT',
    label: 'What would you change?',
    labelFr: 'Que changeriez-vous ?',
    sectionKey: 's2',
    answered: 2,
    comments: ['More exercises, please', 'Nothing'],
  }),
];

export function targetResult(overrides: Partial<EvaluationTargetResult> = {}): EvaluationTargetResult {
  return {
    targetId: 701,
    lecturer: { id: 1, FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga' },
    subject: { id: 11, code: 'INF101', name: 'Algorithms', nameFr: 'Algorithmique' },
    class: { id: 61, code: 'GL1A' },
    answers: 6,
    participants: 6,
    notShown: 0,
    hidden: false,
    questions: SHOWN_QUESTIONS,
    ...overrides,
  };
}

/** Below the threshold: three answers, nothing shown. */
export const HIDDEN = targetResult({
  targetId: 702,
  lecturer: { id: 2, FIRSTNAME: 'Marie', LASTNAME: 'Ngono' },
  subject: { id: 12, code: 'MAT101', name: 'Calculus', nameFr: 'Analyse' },
  class: { id: 62, code: 'GL2A' },
  answers: 0,
  participants: 4,
  notShown: 4,
  hidden: true,
  questions: [],
});

export function evaluationResults(overrides: Partial<EvaluationResults> = {}): EvaluationResults {
  return {
    session: evaluationSession({
      classes: [
        { id: 61, code: 'GL1A' },
        { id: 62, code: 'GL2A' },
      ],
    }),
    form: CONTENT,
    threshold: 5,
    targets: [targetResult(), HIDDEN],
    participation: [
      { class: { id: 61, code: 'GL1A' }, students: 8, participants: 6, participationRate: 0.75, submissions: 10, expected: 16, submissionRate: 0.625 },
      { class: { id: 62, code: 'GL2A' }, students: 10, participants: 4, participationRate: 0.4, submissions: 4, expected: 20, submissionRate: 0.2 },
    ],
    ...overrides,
  };
}
