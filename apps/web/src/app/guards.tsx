import type { BackOfficeRole, PersonRecord } from '@portal/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session';

/** Pages for signed-in people: everyone else goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, pending } = useSession();
  const location = useLocation();
  if (pending) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Pages of the staff (the HR registration): students and others go to their profile. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user, pending } = useSession();
  const location = useLocation();
  if (pending) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user.KIND !== 'STAFF') return <Navigate to="/profile" replace />;
  return children;
}

/** Sign-in and registration pages: someone already signed in goes to their profile. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  if (user) return <Navigate to="/profile" replace />;
  return children;
}

/**
 * Back-office pages, inside `RequireAuth`: anyone without one of `roles` (ADMIN always passes)
 * gets `denied` (the app's not-found page). The server refuses them too (403).
 */
export function RequireRoles({ roles, children, denied }: { roles: readonly BackOfficeRole[]; children: ReactNode; denied: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  return user && hasRole(user, roles) ? children : denied;
}

export const hasRole = (person: Pick<PersonRecord, 'ROLES'>, roles: readonly BackOfficeRole[]): boolean =>
  person.ROLES.some((role) => role === 'ADMIN' || roles.includes(role));
