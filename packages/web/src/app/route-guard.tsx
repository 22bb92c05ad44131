import type { TSubscriptionType } from '@puna/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { isAdminUser, useSession } from '../lib/auth';

type RequireAuthProps = {
  /**
   * User types let in. An empty list means admins only; a platform admin who is not viewing an
   * account (an impersonation is an employer session) is sent to /admin from any other area, where
   * every call would be refused.
   */
  allowedUserTypes: ReadonlyArray<'employer' | 'worker'>;
  /** When set, the subscription type must be one of these, else back to / (docs/product.md#route-guard). */
  allowedSubscriptions?: ReadonlyArray<TSubscriptionType>;
  /** Subscription types sent back to /kryepuntor (docs/product.md#route-guard). */
  deniedSubscriptions?: ReadonlyArray<TSubscriptionType>;
  children: ReactNode;
};

/**
 * The route guard (docs/product.md#route-guard): 'Loading...', then /login for visitors, /admin for
 * an admin outside the admin area, / for the wrong kind of user.
 */
export function RequireAuth({
  allowedUserTypes,
  allowedSubscriptions,
  deniedSubscriptions,
  children,
}: RequireAuthProps) {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  const user = session.data?.authenticated ? session.data.user : undefined;
  if (!user) return <Navigate to="/login" replace />;
  if (isAdminUser(user)) return allowedUserTypes.length === 0 ? children : <Navigate to="/admin" replace />;
  if (!allowedUserTypes.includes(user.userType)) return <Navigate to="/" replace />;
  if (allowedSubscriptions && !allowedSubscriptions.includes(user.type)) return <Navigate to="/" replace />;
  if (deniedSubscriptions?.includes(user.type)) return <Navigate to="/kryepuntor" replace />;
  return children;
}
