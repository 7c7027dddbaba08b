import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { QuestionForm, StudentEvaluation, StudentEvaluationList } from '@portal/contract';
import { BALLOT_MIX_SIZE, RESULTS_THRESHOLD } from '@portal/contract/rules';
import { answerEvaluation, type Answers } from '../evaluation';
import { pluralTranslator, translator, type Lang } from '../i18n';
import { apiSignInStudent, emailOnFile, prepare, signIn, signInStudent } from '../session';
import { expect, portalUrl, test } from '../portal';

/** PER0001 teaches GSI102 in BTS1 GSI/J A, whose students answer the demo session (students.spec.ts evaluates GSI101). */
const LECTURER = 'PER0001';
const SUBJECT = 'GSI102';
const CLASS = 'BTS1 GSI/J A';
/** Demo students of that class with an account (seed/demo.ts DEMO_EVALUATION_STUDENTS): four answer through the API, one on a phone. */
const THROUGH_API = ['ST24A004', 'ST24A007', 'ST24A010', 'ST24A013'] as const;
const ON_A_PHONE = 'ST24A016';

/** The five students' answers, the phone's last; comments left out where a student wrote none. */
const ANSWERS: Answers[] = [
  {
    objectives: 'agree-strongly',
    syllabus: 'agree',
    usefulness: 5,
    clarity: 'agree-strongly',
    punctuality: 'always',
    availability: 4,
    rating: 5,
    comments: 'The examples from real projects helped a lot.',
  },
  { objectives: 'agree', syllabus: 'agree', usefulness: 4, clarity: 'agree', punctuality: 'always', rating: 4 },
  {
    objectives: 'agree',
    syllabus: 'disagree',
    usefulness: 3,
    clarity: 'agree',
    punctuality: 'often',
    availability: 3,
    rating: 3,
    comments: 'Les travaux pratiques arrivaient trop tard dans le semestre.',
  },
  { objectives: 'disagree', syllabus: 'agree', usefulness: 4, clarity: 'disagree', punctuality: 'often', rating: 3 },
  {
    objectives: 'agree-strongly',
    syllabus: 'agree-strongly',
    usefulness: 5,
    clarity: 'agree-strongly',
    punctuality: 'always',
    availability: 5,
    rating: 5,
    comments: 'Très clair, merci pour les exercices corrigés.',
  },
];

/** The open session's GSI102 target of the signed-in student. */
async function gsi102(request: APIRequestContext, studentId: number): Promise<StudentEvaluation> {
  const list = (await (await request.get(`/api/students/subjects/${studentId}`)).json()) as StudentEvaluationList;
  const target = list.items.find((item) => item.subject.code === SUBJECT && item.class.code === CLASS && item.session.open);
  expect(target, `${SUBJECT} is to evaluate for student ${studentId}`).toBeTruthy();
  expect(target!.done).toBe(false);
  return target!;
}

/** A student of the class signs in through the API, as the student form does, and submits their answers. */
async function answerThroughApi(matricule: string, answers: Answers): Promise<{ target: StudentEvaluation; form: QuestionForm }> {
  const api = await playwrightRequest.newContext({ baseURL: portalUrl() });
  try {
    const id = await apiSignInStudent(api, matricule, await emailOnFile(api, matricule));
    const target = await gsi102(api, id);
    const form = (await (await api.get(`/api/question-forms/${target.formId}`)).json()) as QuestionForm;
    const input = Object.entries(answers).map(([key, value]) => ({ id: key, value }));
    const sent = await api.post('/api/question-forms/submit', {
      data: { STUDENT_EVALUATION_SESSION: target.STUDENT_EVALUATION_SESSION, EVALUATION_SESSION_ID: target.session.id, input },
      headers: { origin: portalUrl() },
    });
    expect(sent.status(), `${matricule}'s answers`).toBe(201);
    // once only
    const again = await api.post('/api/question-forms/submit', {
      data: { STUDENT_EVALUATION_SESSION: target.STUDENT_EVALUATION_SESSION, EVALUATION_SESSION_ID: target.session.id, input },
      headers: { origin: portalUrl() },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('EVALUATION_ALREADY_ANSWERED');
    return { target, form };
  } finally {
    await api.dispose();
  }
}

const number = (value: number, lang: Lang) => new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 1 }).format(value);
const percent = (value: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(value);

/** The lecturer's card of GSI102 in the open session, in their Reviews. */
function card(page: Page, lang: Lang, target: StudentEvaluation) {
  const t = translator(lang);
  const subject = lang === 'fr' ? target.subject.nameFr : target.subject.name;
  const session = page.getByRole('region', { name: lang === 'fr' ? target.session.nameFr : target.session.name });
  return session.getByRole('article', { name: t('evaluation.results.cardLabel', { subject: `${SUBJECT} · ${subject}`, class: CLASS }) });
}

/**
 * The threshold of anonymity, end to end: four students of the class evaluate GSI102 and its
 * lecturer (through the API, as the student form signs in); the lecturer's Reviews show only
 * "not enough answers". A fifth answers on a phone, in French; the lecturer then reads the
 * results: answers counted, averages, distributions and the comments; nobody else's subjects.
 */
test('evaluation: four answers leave the lecturer with the threshold message; the fifth, on a phone in French, shows the results in Reviews', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const t = translator('en');
  const tc = pluralTranslator('en');

  let first: { target: StudentEvaluation; form: QuestionForm } | undefined;
  for (const [index, matricule] of THROUGH_API.entries()) {
    const answered = await answerThroughApi(matricule, ANSWERS[index]!);
    first ??= answered;
  }
  const { target, form } = first!;

  // The lecturer, with four answers: the card of GSI102, counted and held back, and only the threshold message.
  const lecturerContext = await browser.newContext();
  const lecturer = await lecturerContext.newPage();
  await prepare(lecturer, 'en');
  await signIn(lecturer, lecturerContext.request, t, LECTURER, LECTURER);
  await lecturer.goto('/reviews');
  await expect(lecturer.getByRole('heading', { level: 1, name: t('reviews.title') })).toBeVisible();
  const held = card(lecturer, 'en', target);
  await expect(held).toBeVisible();
  await expect(held).toContainText(t('evaluation.results.hidden', { count: RESULTS_THRESHOLD }));
  await expect(held).toContainText(tc('evaluation.results.answers', 0));
  // the four wait for a fifth: not shown, to protect anonymity (decision 64)
  await expect(held).toContainText(tc('evaluation.results.notShown', THROUGH_API.length, { size: BALLOT_MIX_SIZE }));
  await expect(held.getByText(startOfAverage(t))).toHaveCount(0);
  for (const answers of ANSWERS.slice(0, 4)) if (answers.comments) await expect(held).not.toContainText(String(answers.comments));
  // Their own subjects only: GSI104 of the class is PER0004's.
  await expect(lecturer.getByRole('article', { name: /^GSI104 / })).toHaveCount(0);

  // The fifth student, on a phone, in French: the student form, the list, the three sections, Submit.
  const fr = translator('fr');
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const phone = await phoneContext.newPage();
  await prepare(phone, 'fr');
  await signInStudent(phone, phoneContext.request, fr, ON_A_PHONE, await emailOnFile(phoneContext.request, ON_A_PHONE));
  await phone.goto('/evaluation');
  await expect(phone.getByRole('heading', { level: 1, name: fr('evaluation.student.title') })).toBeVisible();
  const lecturerName = `${target.lecturer.LASTNAME} ${target.lecturer.FIRSTNAME}`;
  const item = phone.getByRole('listitem', { name: `${target.subject.nameFr}, ${lecturerName}` });
  await item.getByRole('link', { name: fr('evaluation.student.start') }).click();
  await expect(phone.getByRole('heading', { level: 1, name: fr('evaluation.answer.titleOf', { subject: target.subject.nameFr }) })).toBeVisible();
  // the form, and nothing wider than the phone
  await expect(phone.getByRole('form', { name: fr('evaluation.answer.formLabel') })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await answerEvaluation(phone, fr, 'fr', form.content, ANSWERS[4]!);
  await expect(phone.getByText(fr('evaluation.student.submitted', { subject: target.subject.nameFr }))).toBeVisible();
  await expect(item.getByText(fr('evaluation.student.done'), { exact: true })).toBeVisible();
  await phoneContext.close();

  // The lecturer, with five: the results, mixed and anonymous.
  const shown = card(lecturer, 'en', target);
  await expect(async () => {
    await lecturer.reload();
    await expect(shown).toContainText(tc('evaluation.results.answers', ANSWERS.length), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(shown).not.toContainText(t('evaluation.results.hidden', { count: RESULTS_THRESHOLD }));

  // each number from the answers given: the 1-5 overall rating and the first question's marks
  const questions = form.content.sections.flatMap((s) => s.questions);
  const rating = questions.find((q) => q.key === 'rating')!;
  const ratingAverage = ANSWERS.reduce((sum, a) => sum + Number(a.rating), 0) / ANSWERS.length;
  const ratingResult = shown.getByRole('region', { name: rating.label, exact: true });
  await expect(ratingResult).toContainText(t('evaluation.results.averageOf', { value: number(ratingAverage, 'en'), total: 5 }));
  await expect(ratingResult).toContainText(tc('evaluation.results.answered', ANSWERS.length));

  const objectives = questions.find((q) => q.key === 'objectives')!;
  const marks = new Map(objectives.options.map((o) => [o.key, o.mark]));
  const objectivesAverage = ANSWERS.reduce((sum, a) => sum + marks.get(String(a.objectives))!, 0) / ANSWERS.length;
  const objectivesResult = shown.getByRole('region', { name: objectives.label, exact: true });
  await expect(objectivesResult).toContainText(
    t('evaluation.results.averageOf', { value: number(objectivesAverage, 'en'), total: Math.max(...marks.values()) }),
  );
  const distribution = objectivesResult.getByRole('list', { name: t('evaluation.results.distribution', { label: objectives.label }) });
  for (const option of objectives.options) {
    const count = ANSWERS.filter((a) => a.objectives === option.key).length;
    const line = distribution.getByRole('listitem').filter({ has: lecturer.getByText(option.label, { exact: true }) });
    await expect(line).toContainText(t('evaluation.results.countShare', { count, value: percent(count / ANSWERS.length, 'en') }));
  }

  // the comments, each once, without their authors
  const comments = questions.find((q) => q.key === 'comments')!;
  const written = ANSWERS.map((a) => a.comments).filter((c): c is string => typeof c === 'string');
  const commentList = shown.getByRole('list', { name: t('evaluation.results.commentsLabel', { label: comments.label }) });
  await expect(commentList.getByRole('listitem')).toHaveCount(written.length);
  for (const comment of written) await expect(commentList.getByRole('listitem').filter({ hasText: comment })).toHaveCount(1);
  for (const matricule of [...THROUGH_API, ON_A_PHONE]) await expect(shown).not.toContainText(matricule);

  await lecturerContext.close();
});

/** The first words of an average ("Average "), to find none in a card that shows no result. */
const startOfAverage = (t: ReturnType<typeof translator>) => new RegExp(`^${t('evaluation.results.average', { value: '' }).trim()}`);
