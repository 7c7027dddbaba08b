// The form's check: the contract's CandidateCreate, the very schema the server parses the body with,
// and the mailed code's (CandidateConfirm).
// Its own chunk (Zod, the phone numbering plan): loaded at the form's first check, prefetched once
// the page shows, so that the page's first view stays light on a slow connection.
import type { Resolver } from 'react-hook-form';
import { CandidateConfirm, CandidateCreate, type CandidateCreateValues, type Entrance } from '@portal/contract';
import { contractResolver, type TextValues } from '../../lib/contract-resolver';
import { candidateBody, type CandidateFormValues } from './register-form';

/** The resolver of the registration form, for the entrance chosen and the page's language at the time of the check. */
export function candidateResolver(entrance: Entrance | undefined, language: 'en' | 'fr'): Resolver<CandidateFormValues, unknown, CandidateCreateValues> {
  const toBody = (values: TextValues) => candidateBody(values as unknown as CandidateFormValues, entrance, language);
  return contractResolver(CandidateCreate, toBody) as unknown as Resolver<CandidateFormValues, unknown, CandidateCreateValues>;
}

/** The check of the mailed code (six digits, the spaces a phone adds dropped), as `POST /candidate/confirm` parses it. */
export const codeResolver = contractResolver(CandidateConfirm, (values: { code: string }) => values);
