/**
 * The demo evaluation of teaching (issue 13, decision 39): a bilingual question form (the course,
 * the lecturer, overall), an evaluation session open from a week before the seed day to three weeks
 * after it over the demo students' first class (BTS1 GSI/J A: PER0001 for GSI101 and GSI102,
 * PER0004 for GSI104), answered by nobody yet, so that students (ST24A001 and
 * DEMO_EVALUATION_STUDENTS) answer it; and last semester's ended session over BTS2 GSI/S A whose
 * anonymous answers PER0001 reads at once in Reviews. Everything follows from the seed day alone.
 */
import { addDays, BALLOT_MIX_SIZE, QuestionFormContentInput, universityDayOf, type EvaluationAnswers } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  classes,
  evaluationParticipations,
  evaluationResponses,
  evaluationSessionClasses,
  evaluationSessions,
  evaluationTargets,
  persons,
  questionForms,
  subjects,
} from '../db/schema';
import { normalizeContent } from '../features/evaluation/forms.service';
import { assignedTargets } from '../features/evaluation/sessions.service';
import { DEMO_ACCOUNTS } from './demo';

const agreement = [
  { key: 'disagree-strongly', label: 'Strongly disagree', labelFr: "Pas du tout d'accord", mark: 0 },
  { key: 'disagree', label: 'Disagree', labelFr: "Plutôt pas d'accord", mark: 1 },
  { key: 'agree', label: 'Agree', labelFr: "Plutôt d'accord", mark: 2 },
  { key: 'agree-strongly', label: 'Strongly agree', labelFr: "Tout à fait d'accord", mark: 3 },
];
const frequency = [
  { key: 'never', label: 'Never', labelFr: 'Jamais', mark: 0 },
  { key: 'rarely', label: 'Rarely', labelFr: 'Rarement', mark: 1 },
  { key: 'often', label: 'Often', labelFr: 'Souvent', mark: 2 },
  { key: 'always', label: 'Always', labelFr: 'Toujours', mark: 3 },
];

/** The demo form: what a quality unit asks students at the end of a semester. */
export const DEMO_EVALUATION_FORM: { name: string; nameFr: string; content: QuestionFormContentInput } = {
  name: 'End-of-semester evaluation of teaching',
  nameFr: 'Évaluation des enseignements de fin de semestre',
  content: {
    sections: [
      {
        key: 'course',
        label: 'The course',
        labelFr: 'Le cours',
        questions: [
          {
            key: 'objectives',
            type: 'CHOICE',
            label: 'The objectives of the course were stated clearly',
            labelFr: 'Les objectifs du cours ont été clairement annoncés',
            required: true,
            options: agreement,
          },
          {
            key: 'syllabus',
            type: 'CHOICE',
            label: 'What was taught matched the syllabus',
            labelFr: 'Le contenu enseigné correspondait au programme',
            required: true,
            options: agreement,
          },
          {
            key: 'usefulness',
            type: 'SCALE',
            label: 'How useful is this course for your training? (1 not at all, 5 very)',
            labelFr: 'Ce cours est-il utile à votre formation ? (1 pas du tout, 5 très)',
            required: true,
          },
        ],
      },
      {
        key: 'lecturer',
        label: 'The lecturer',
        labelFr: "L'enseignant",
        questions: [
          {
            key: 'clarity',
            type: 'CHOICE',
            label: 'The lecturer explained clearly',
            labelFr: "L'enseignant expliquait clairement",
            required: true,
            options: agreement,
          },
          {
            key: 'punctuality',
            type: 'CHOICE',
            label: 'The lecturer came on time',
            labelFr: "L'enseignant arrivait à l'heure",
            required: true,
            options: frequency,
          },
          {
            key: 'availability',
            type: 'SCALE',
            label: 'How available was the lecturer for your questions? (1 not at all, 5 very)',
            labelFr: "L'enseignant était-il disponible pour vos questions ? (1 pas du tout, 5 très)",
            required: false,
          },
        ],
      },
      {
        key: 'overall',
        label: 'Overall',
        labelFr: "Dans l'ensemble",
        questions: [
          {
            key: 'rating',
            type: 'SCALE',
            label: 'Your overall rating of this teaching (1 poor, 5 excellent)',
            labelFr: 'Votre appréciation générale de cet enseignement (1 médiocre, 5 excellent)',
            required: true,
          },
          { key: 'comments', type: 'TEXT', label: 'Comments and suggestions', labelFr: 'Commentaires et suggestions', required: false },
        ],
      },
    ],
  },
};

/** The class of the open session (the demo student's) and of last semester's ended one. */
export const DEMO_EVALUATION_CLASS = 'BTS1 GSI/J A';
export const DEMO_PAST_EVALUATION_CLASS = 'BTS2 GSI/S A';

/** The open session's days around the seed day: from a week before to three weeks after. */
export const demoEvaluationDates = (today: string) => ({ startDate: addDays(today, -7), endDate: addDays(today, 21) });

const COMMENTS = [
  'Clear lectures, but more practical exercises would help.',
  'Très bon cours, les exemples étaient concrets.',
  'The pace was a little fast at the end of the semester.',
  '',
  'Merci pour la disponibilité après les cours.',
  '',
];

/** The n-th demo answer of last semester (deterministic, varied). */
function pastAnswers(n: number): EvaluationAnswers {
  const pick = <T>(list: readonly T[], k: number) => list[(n * 7 + k * 3) % list.length]!;
  const answers: EvaluationAnswers = {
    objectives: pick(['agree', 'agree-strongly', 'agree', 'disagree'], 1),
    syllabus: pick(['agree-strongly', 'agree', 'agree'], 2),
    usefulness: pick([4, 5, 3, 4, 5], 3),
    clarity: pick(['agree', 'agree-strongly', 'disagree', 'agree'], 4),
    punctuality: pick(['always', 'often', 'always', 'rarely'], 5),
    rating: pick([4, 3, 5, 4, 2, 4], 6),
  };
  if (n % 3 !== 2) answers.availability = pick([3, 4, 5, 4], 7);
  const comment = COMMENTS[n % COMMENTS.length]!;
  if (comment) answers.comments = comment;
  return answers;
}

/** Seeds the demo evaluation for the seed instant `now` (after the students have their classes). */
export async function seedDemoEvaluation(tx: Tx, now: Date): Promise<void> {
  const today = universityDayOf(now);
  const academic = (await tx.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.academic.matricule)))[0]!.id;
  const [form] = await tx
    .insert(questionForms)
    .values({
      name: DEMO_EVALUATION_FORM.name,
      nameFr: DEMO_EVALUATION_FORM.nameFr,
      content: normalizeContent(QuestionFormContentInput.parse(DEMO_EVALUATION_FORM.content)),
      createdAt: now,
      createdBy: academic,
      updatedAt: now,
    })
    .returning({ id: questionForms.id });
  const classIds = new Map(
    (
      await tx
        .select({ id: classes.id, code: classes.code })
        .from(classes)
        .where(inArray(classes.code, [DEMO_EVALUATION_CLASS, DEMO_PAST_EVALUATION_CLASS]))
    ).map((c) => [c.code, c.id]),
  );

  const session = async (values: { name: string; nameFr: string; startDate: string; endDate: string; classCode: string }) => {
    const classId = classIds.get(values.classCode)!;
    const [row] = await tx
      .insert(evaluationSessions)
      .values({
        name: values.name,
        nameFr: values.nameFr,
        formId: form!.id,
        startDate: values.startDate,
        endDate: values.endDate,
        createdAt: now,
        createdBy: academic,
      })
      .returning({ id: evaluationSessions.id });
    await tx.insert(evaluationSessionClasses).values({ sessionId: row!.id, classId });
    const targets = await assignedTargets(tx, [classId]);
    const inserted = targets.length
      ? await tx
          .insert(evaluationTargets)
          .values(targets.map((target) => ({ sessionId: row!.id, ...target })))
          .returning()
      : [];
    return { id: row!.id, classId, targets: inserted };
  };

  const { startDate, endDate } = demoEvaluationDates(today);
  await session({
    name: 'Evaluation of teaching, this semester',
    nameFr: 'Évaluation des enseignements, ce semestre',
    startDate,
    endDate,
    classCode: DEMO_EVALUATION_CLASS,
  });

  // Last semester: ended, its participations and its answers as the ballot box leaves them: a group of
  // five mixed, and the last two, too few to publish, dropped at the end (decision 64).
  const past = await session({
    name: 'Evaluation of teaching, last semester',
    nameFr: 'Évaluation des enseignements, semestre précédent',
    startDate: addDays(today, -200),
    endDate: addDays(today, -170),
    classCode: DEMO_PAST_EVALUATION_CLASS,
  });
  const students = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.KIND, 'STUDENT'), eq(persons.classId, past.classId)))
    .orderBy(persons.MATRICULE);
  const [gsi201] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.classId, past.classId), eq(subjects.code, 'GSI201')));
  const target = past.targets.find((t) => t.subjectId === gsi201?.id);
  if (target) {
    const answering = students.slice(0, 7);
    if (answering.length) {
      await tx.insert(evaluationParticipations).values(answering.map((student) => ({ targetId: target.id, studentId: student.id })));
      await tx.insert(evaluationResponses).values(answering.slice(0, BALLOT_MIX_SIZE).map((_, n) => ({ targetId: target.id, answers: pastAnswers(n) })));
    }
  }
}
