import { can, type Permission } from '@portal/contract/rules';
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

/** Sign-in and registration pages: someone already signed in goes to their profile. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  if (user) return <Navigate to="/profile" replace />;
  return children;
}

/**
 * Pages for those who hold `permission`, inside `RequireAuth`: anyone else gets `denied` (the
 * app's not-found page for the back office, the profile for the staff's own pages). The
 * server refuses them too (403).
 */
export function RequirePermission({ permission, children, denied }: { permission: Permission; children: ReactNode; denied: ReactNode }) {
  const { user, pending } = useSession();
  if (pending) return <PageLoader />;
  return can(user, permission) ? children : denied;
}
