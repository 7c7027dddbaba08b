import type { ReactNode } from 'react';
import type { BackOfficeRole, PersonRecord } from '@portal/contract';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';

/** Who works on staff registrations: the human resources service and the administrators. */
export const HR_AUDIENCES = ['HR', 'ADMIN'] as const satisfies readonly BackOfficeRole[];

export const isHrStaff = (person: Pick<PersonRecord, 'ROLES'> | null): boolean =>
  !!person && person.ROLES.some((role) => (HR_AUDIENCES as readonly string[]).includes(role));

/**
 * The human resources pages, inside `RequireAuth`: anyone signed in without the HR or ADMIN
 * role gets `denied` (the app's not-found page). The server refuses them too (403).
 */
export function RequireHr({ children, denied }: { children: ReactNode; denied: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  return isHrStaff(user) ? children : denied;
}
