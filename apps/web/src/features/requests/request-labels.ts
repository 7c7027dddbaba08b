// Names and colours every requests page shows the same way: the lecturer's pages and the units' (decision 32).
import { REQUEST_STATUSES, type RequestStatus } from '@portal/contract/rules';
import { inLanguage } from '../../lib/names';

/** Something named in both languages (a unit, a category, a sub-category): its name in the reader's language. */
export const labelled = (item: { name: string; nameFr: string }, language: string): string => inLanguage(language, item.name, item.nameFr);

/** A decision's label in the reader's language. */
export const decisionLabel = (decision: { label: string; labelFr: string }, language: string): string => inLanguage(language, decision.label, decision.labelFr);

/** Every status as a filter's choice, in the reader's language. */
export const statusOptions = (t: (key: string) => string) => REQUEST_STATUSES.map((status) => ({ value: status, label: t(`requests.status.${status}`) }));

/** The colour of a status chip: waiting (default), under way (warning), a positive outcome (success), a negative one (error). */
export const STATUS_COLOR: Record<RequestStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  REGISTERED: 'default',
  PROCESSING: 'warning',
  VALIDATED: 'success',
  VALIDATED_BILLED: 'success',
  VALIDATED_NOT_BILLED: 'success',
  NOT_VALIDATED: 'error',
  REJECTED: 'error',
  CLOSED: 'info',
};
