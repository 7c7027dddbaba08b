import type { EvaluationSessionStateName } from '@portal/contract/rules';

/** The colour of a session's state chip: open green, upcoming blue, ended grey. */
export const STATE_COLORS: Record<EvaluationSessionStateName, 'success' | 'default' | 'info'> = { OPEN: 'success', UPCOMING: 'info', ENDED: 'default' };
