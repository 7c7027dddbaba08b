import { useQuery } from '@tanstack/react-query';
import type {
  CatalogueClass,
  EvaluationResults,
  EvaluationSession,
  EvaluationSessionChange,
  EvaluationSessionInput,
  EvaluationSessionList,
  EvaluationSubmission,
  EvaluationSubmitted,
  QuestionForm,
  QuestionFormInput,
  QuestionFormList,
  StudentEvaluationList,
} from '@portal/contract';
import type { EVALUATION_EXPORT_FORMATS } from '@portal/contract/rules';
import { api } from '../../lib/api';
import { filterQuery } from '../../lib/url-filters';

export const evaluationKeys = {
  all: ['evaluation'] as const,
  forms: ['evaluation', 'forms'] as const,
  form: (id: number) => ['evaluation', 'forms', id] as const,
  sessions: ['evaluation', 'sessions'] as const,
  results: (id: number) => ['evaluation', 'results', id] as const,
  classes: ['evaluation', 'classes'] as const,
  mine: (person: number) => ['evaluation', 'mine', person] as const,
};

// ---------------------------------------------------------------- question forms (the office)

export function useQuestionForms() {
  return useQuery({
    queryKey: evaluationKeys.forms,
    queryFn: ({ signal }) => api<QuestionFormList>('/api/question-forms', { signal }),
  });
}

/** A whole form: the office's editor, and the questions a student answers. */
export function useQuestionForm(id: number | null) {
  return useQuery({
    queryKey: evaluationKeys.form(id ?? 0),
    queryFn: ({ signal }) => api<QuestionForm>(`/api/question-forms/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Creates (no id) or replaces (id) a form; a form used by a started session is refused (409 FORM_IN_USE). */
export const saveQuestionForm = (id: number | null, body: QuestionFormInput) =>
  api<QuestionForm>(id === null ? '/api/question-forms' : `/api/question-forms/${id}`, { method: id === null ? 'POST' : 'PUT', body });

export const duplicateQuestionForm = (id: number) => api<QuestionForm>(`/api/question-forms/${id}/duplicate`, { method: 'POST' });

export const deleteQuestionForm = (id: number) => api<void>(`/api/question-forms/${id}`, { method: 'DELETE' });

// ---------------------------------------------------------------- evaluation sessions (the office)

export function useEvaluationSessions() {
  return useQuery({
    queryKey: evaluationKeys.sessions,
    queryFn: ({ signal }) => api<EvaluationSessionList>('/api/evaluation-sessions', { signal }),
  });
}

export const createEvaluationSession = (body: EvaluationSessionInput) => api<EvaluationSession>('/api/evaluation-sessions', { method: 'POST', body });

export const changeEvaluationSession = (id: number, body: EvaluationSessionChange) =>
  api<EvaluationSession>(`/api/evaluation-sessions/${id}`, { method: 'PATCH', body });

/** The catalogue's classes (as the academic pages read them): what a session may cover. */
export function useClasses() {
  return useQuery({
    queryKey: evaluationKeys.classes,
    queryFn: ({ signal }) => api<CatalogueClass[]>('/api/academic/classes', { signal }),
  });
}

export function useEvaluationResults(id: number) {
  return useQuery({
    queryKey: evaluationKeys.results(id),
    queryFn: ({ signal }) => api<EvaluationResults>(`/api/evaluation-sessions/${id}/results`, { signal }),
  });
}

/** The results narrowed like the page, as a file (a plain link: the session cookie goes along). */
export const resultsExportUrl = (id: number, format: (typeof EVALUATION_EXPORT_FORMATS)[number], filters: { classId: number | ''; lecturerId: number | '' }) =>
  `/api/evaluation-sessions/${id}/results/export?${filterQuery({ format, ...filters }).toString()}`;

// ---------------------------------------------------------------- a student's evaluations

/** What the signed-in student has to evaluate, and what is done. */
export function useMyEvaluations(person: number) {
  return useQuery({
    queryKey: evaluationKeys.mine(person),
    queryFn: ({ signal }) => api<StudentEvaluationList>(`/api/students/subjects/${person}`, { signal }),
    enabled: person > 0,
  });
}

export const submitEvaluation = (body: EvaluationSubmission) => api<EvaluationSubmitted>('/api/question-forms/submit', { method: 'POST', body });
