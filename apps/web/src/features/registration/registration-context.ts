import { createContext, useContext } from 'react';
import type { PersonRecord, RegistrationState } from '@portal/contract';
import type { StepId } from './steps';

export interface RegistrationContextValue {
  /** the person's record, as last answered by the server */
  record: PersonRecord;
  /** saved-at and missing fields per section; undefined until loaded */
  state: RegistrationState | undefined;
  /** closed registration: nothing can be changed here any more */
  readOnly: boolean;
  /** the steps whose form holds changes not saved yet */
  unsaved: readonly StepId[];
  goTo: (step: StepId) => void;
  /** a step's form tells whether it holds unsaved changes */
  reportDirty: (step: StepId, dirty: boolean) => void;
  /** the server refused a change because the registration is closed */
  markClosed: () => void;
}

export const RegistrationContext = createContext<RegistrationContextValue | null>(null);

export function useRegistration(): RegistrationContextValue {
  const value = useContext(RegistrationContext);
  if (!value) throw new Error('useRegistration() needs the registration page');
  return value;
}
