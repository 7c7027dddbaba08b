import { addDays, universityDayOf, type EvaluationSession, type QuestionForm, type QuestionFormInput, type StudentEvaluationList } from '@portal/contract';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { ok, personIdOf, sessionFor, type Client, type TestApp } from '../../../test/helpers';

/**
 * Test data of the evaluation of teaching (decision 39): a small form with every kind of question,
 * sessions made through the API, and the answers a student sends. Classes, subjects, lecturers,
 * students and assignments come from the timetable's fixtures.
 */

/** The academic office, signed in. */
export const office = async (t: TestApp, app = t.app): Promise<Client> => sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.academic.matricule), app);

/** A form with a CHOICE (marks 0, 2, 4), a SCALE, an optional SCALE and an optional TEXT question. */
export const FORM: QuestionFormInput = {
  name: 'Test form',
  nameFr: 'Formulaire de test',
  content: {
    sections: [
      {
        key: 'course',
        label: 'The course',
        labelFr: 'Le cours',
        questions: [
          {
            key: 'clear',
            type: 'CHOICE',
            label: 'Was it clear?',
            labelFr: 'Était-ce clair ?',
            required: true,
            options: [
              { key: 'no', label: 'No', labelFr: 'Non', mark: 0 },
              { key: 'partly', label: 'Partly', labelFr: 'En partie', mark: 2 },
              { key: 'yes', label: 'Yes', labelFr: 'Oui', mark: 4 },
            ],
          },
          { key: 'useful', type: 'SCALE', label: 'Useful?', labelFr: 'Utile ?', required: true },
        ],
      },
      {
        key: 'overall',
        label: 'Overall',
        labelFr: 'Dans l’ensemble',
        questions: [
          { key: 'pace', type: 'SCALE', label: 'Pace', labelFr: 'Rythme', required: false },
          { key: 'comment', type: 'TEXT', label: 'Comments', labelFr: 'Commentaires', required: false },
        ],
      },
    ],
  },
};

export async function createForm(client: Client, form: QuestionFormInput = FORM): Promise<QuestionForm> {
  return ok<QuestionForm>(await client.post('/api/question-forms', form), 201);
}

/** Today (university time) of the test's clock, and a day `days` from it. */
export const today = (t: TestApp) => universityDayOf(t.clock.now());
export const dayFrom = (t: TestApp, days: number) => addDays(today(t), days);

/** A session through the API, open today unless told (from `from` to `to` days from today). */
export async function createSession(
  t: TestApp,
  client: Client,
  input: { formId: number; classIds: number[]; from?: number; to?: number; name?: string },
): Promise<EvaluationSession> {
  return ok<EvaluationSession>(
    await client.post('/api/evaluation-sessions', {
      name: input.name ?? 'Test session',
      nameFr: input.name ?? 'Session de test',
      formId: input.formId,
      startDate: dayFrom(t, input.from ?? -1),
      endDate: dayFrom(t, input.to ?? 10),
      classIds: input.classIds,
    }),
    201,
  );
}

/** A student's list of what to evaluate. */
export async function evaluationsOf(client: Client, studentId: number) {
  return ok<StudentEvaluationList>(await client.get(`/api/students/subjects/${studentId}`)).items;
}

/** A submission about a target, with answers by question key. */
export const submission = (targetId: number, sessionId: number, answers: Record<string, string | number>) => ({
  STUDENT_EVALUATION_SESSION: targetId,
  EVALUATION_SESSION_ID: sessionId,
  input: Object.entries(answers).map(([id, value]) => ({ id, value })),
});
