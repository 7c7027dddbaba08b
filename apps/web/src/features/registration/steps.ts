import { lazy, type ComponentType } from 'react';
import { PROFILE_SECTIONS, type ProfileSection } from '@portal/contract/rules';
import StatusStep from './steps/status-step';

/** The wizard's steps: the contract's sections in their order, then the closure. */
export type StepId = ProfileSection | 'closure';
export const STEP_IDS: readonly StepId[] = [...PROFILE_SECTIONS, 'closure'];

type StepModule = Promise<{ default: ComponentType }>;

/**
 * The first step comes with the page (it is what the page shows first); every other step's
 * form is its own chunk (Zod, libphonenumber and the MUI inputs are shared chunks), loaded
 * when the step is first opened and prefetched once the wizard shows.
 */
export const stepLoaders: Record<Exclude<StepId, 'status'>, () => StepModule> = {
  personal: () => import('./steps/personal-step'),
  identification: () => import('./steps/identification-step'),
  address: () => import('./steps/address-step'),
  familial: () => import('./steps/familial-step'),
  parents: () => import('./steps/parents-step'),
  emergency: () => import('./steps/emergency-step'),
  fiscal: () => import('./steps/fiscal-step'),
  professional: () => import('./steps/professional-step'),
  'last-job': () => import('./steps/last-job-step'),
  financial: () => import('./steps/financial-step'),
  'pay-mode': () => import('./steps/pay-mode-step'),
  documents: () => import('./steps/documents-step'),
  closure: () => import('./steps/closure-step'),
};

const components: Partial<Record<StepId, ComponentType>> = { status: StatusStep };
for (const [id, load] of Object.entries(stepLoaders) as [Exclude<StepId, 'status'>, () => StepModule][]) components[id] = lazy(load);
export const STEP_COMPONENTS = components as Record<StepId, ComponentType>;

/** Fetches every step's code in the background; failures are ignored (it loads again when opened). */
export function prefetchSteps(): void {
  for (const load of Object.values(stepLoaders)) load().catch(() => undefined);
}
