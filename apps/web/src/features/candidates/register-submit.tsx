// The registration's send: the required fields first, all at once, as the server would answer them;
// then the schema's check; then `POST /candidate`, whose refusals say what to do next. The answer
// is the same for every address (decision 65): the mail's code is awaited.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CandidateCreate, CandidateCreateValues, CandidateRegistrationAccepted, Entrance } from '@portal/contract';
import { missingCandidateFields } from '@portal/contract/rules';
import { FormError } from '../../components/form-error';
import { isApiError } from '../../lib/api';
import { messageWithWait } from '../../lib/wait-message';
import { createCandidate } from './candidates-api';
import { candidateBody, formFieldOf, type CandidateFormValues } from './register-form';

/** The message over the send button: a translation key, the missing fields' labels, and a second sentence. */
export interface Problem {
  key: string;
  fields?: readonly string[];
  then?: string;
  /** the server's wait before a new try (SERVER_BUSY's or REGISTRATION_RATE_LIMITED's Retry-After), in seconds */
  wait?: number;
}

/** The alert of a refused send: "N required field(s) missing: ...", or the message of its key, and what to do next. */
export function ProblemAlert({ problem }: { problem: Problem | null }) {
  const { t } = useTranslation();
  if (!problem) return <FormError message={null} />;
  const labels = problem.fields?.map((field) => t(`candidates.fields.${field}`, { defaultValue: field }));
  const text = labels ? t(problem.key, { count: labels.length, fields: labels.join(', ') }) : t(problem.key);
  const then = problem.then ? (problem.wait ? messageWithWait(t, problem.then, problem.wait) : t(problem.then)) : null;
  return <FormError message={then ? `${text} ${then}` : text} />;
}

interface Options {
  form: UseFormReturn<CandidateFormValues, unknown, CandidateCreateValues>;
  entrance: Entrance | undefined;
  language: 'en' | 'fr';
  /** opens the first section holding one of these fields */
  openFor: (paths: readonly string[]) => void;
  /** reads the entrances again (one closed, a speciality no longer offered) */
  refetchEntrances: () => void;
  /** sent: the mail's code is awaited at this address, for this long (seconds) */
  onAccepted: (email: string, expiresIn: number) => void;
}

/** The form's submit, the message of a refused send, and whether it is sending. */
export function useRegisterSubmit({ form, entrance, language, openFor, refetchEntrances, onAccepted }: Options) {
  const [problem, setProblem] = useState<Problem | null>(null);

  /** Puts the server's field messages on their fields, and opens the first section they name. */
  const applyServerFields = (fields: Record<string, string>) => {
    const named: string[] = [];
    for (const [path, key] of Object.entries(fields)) {
      const field = formFieldOf(path);
      if (!field) continue;
      form.setError(field, { type: 'server', message: key });
      named.push(field);
    }
    openFor(named);
  };

  const mutation = useMutation({
    mutationFn: (body: CandidateCreate) => createCandidate(body),
    // the same answer for every address: the draft and the chosen files stay until the code is confirmed
    onSuccess: (accepted: CandidateRegistrationAccepted, body) => {
      setProblem(null);
      onAccepted(body.EMAIL, accepted.codeExpiresIn);
    },
    onError: (error) => {
      if (!isApiError(error)) {
        setProblem({ key: 'errors.CANDIDATE_CREATE_FAILED', then: 'candidates.register.kept' });
        return;
      }
      switch (error.code) {
        case 'CANDIDATE_FIELDS_MISSING':
          if (error.columns.length === 0) break;
          setProblem({ key: 'errors.CANDIDATE_FIELDS_MISSING', fields: error.columns });
          openFor(error.columns);
          return;
        case 'VALIDATION_FAILED':
          applyServerFields(error.fields);
          setProblem({ key: 'errors.VALIDATION_FAILED' });
          return;
        case 'ENTRANCE_CLOSED':
          setProblem({ key: 'errors.ENTRANCE_CLOSED', then: 'candidates.register.kept' });
          refetchEntrances();
          return;
        case 'SPECIALITY_NOT_OFFERED':
          applyServerFields(error.fields);
          setProblem({ key: 'errors.SPECIALITY_NOT_OFFERED' });
          openFor(['CYCLE']);
          refetchEntrances();
          return;
        case 'SERVER_BUSY':
        case 'REGISTRATION_RATE_LIMITED':
          // the crowd's wait, or this connection's, as the server says it (Retry-After, decisions 45 and 65)
          setProblem({ key: 'errors.CANDIDATE_CREATE_FAILED', then: `errors.${error.code}`, ...(error.retryAfter ? { wait: error.retryAfter } : {}) });
          return;
        default:
          break;
      }
      setProblem({ key: 'errors.CANDIDATE_CREATE_FAILED', then: 'candidates.register.kept' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setProblem(null);
    // the required fields first, all at once, as the server would answer them
    const missing = missingCandidateFields(candidateBody(form.getValues(), entrance, language) as Record<string, unknown>);
    if (missing.length > 0) {
      setProblem({ key: 'errors.CANDIDATE_FIELDS_MISSING', fields: missing });
      openFor(missing);
      void form.trigger();
      return;
    }
    void form.handleSubmit(
      (values) => mutation.mutate(values as CandidateCreate),
      (errors) => {
        setProblem({ key: 'errors.VALIDATION_FAILED' });
        openFor(Object.keys(errors));
      },
    )();
  };

  return { submit, problem, setProblem, sending: mutation.isPending };
}
