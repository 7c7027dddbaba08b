// What GET /reviews answers in the lecturer's tests: their own results, one shown, one below the threshold.
import type { QuestionFormContent, Review } from '@portal/contract';
import { DEMO_PEOPLE } from '../../test/demo-people';

export const lecturerUser = DEMO_PEOPLE.permanent;

const FORM: QuestionFormContent = {
  sections: [
    {
      key: 's1',
      label: 'Teaching',
      labelFr: 'Enseignement',
      questions: [
        { key: 'q1', type: 'SCALE', label: 'Overall quality', labelFr: 'Qualité générale', required: true, options: [] },
        { key: 'q2', type: 'TEXT', label: 'Comments', labelFr: 'Commentaires', required: false, options: [] },
      ],
    },
  ],
};

const SESSION = {
  id: 5,
  name: 'Semester 1 evaluation',
  nameFr: 'Évaluation du semestre 1',
  startDate: '2025-01-13',
  endDate: '2025-01-31',
  state: 'ENDED' as const,
  open: false,
};

export function review(overrides: Partial<Review> = {}): Review {
  return {
    targetId: 701,
    session: SESSION,
    form: FORM,
    lecturer: { id: 1, FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga' },
    subject: { id: 11, code: 'INF101', name: 'Algorithms', nameFr: 'Algorithmique' },
    class: { id: 61, code: 'GL1A' },
    answers: 5,
    participants: 5,
    notShown: 0,
    hidden: false,
    questions: [
      {
        key: 'q1',
        type: 'SCALE',
        label: 'Overall quality',
        labelFr: 'Qualité générale',
        sectionKey: 's1',
        answered: 5,
        average: 4.2,
        maxMark: 5,
        distribution: [1, 2, 3, 4, 5].map((value) => ({ key: String(value), label: '', labelFr: '', mark: value, count: [0, 0, 1, 2, 2][value - 1]! })),
        comments: [],
      },
      {
        key: 'q2',
        type: 'TEXT',
        label: 'Comments',
        labelFr: 'Commentaires',
        sectionKey: 's1',
        answered: 1,
        average: null,
        maxMark: null,
        distribution: [],
        comments: ['Clear and patient'],
      },
    ],
    ...overrides,
  };
}

/** Four answers given: a group too small to publish (decision 64), so nothing is shown. */
export const FEW = review({ targetId: 702, class: { id: 62, code: 'GL2A' }, answers: 0, participants: 4, notShown: 4, hidden: true, questions: [] });
