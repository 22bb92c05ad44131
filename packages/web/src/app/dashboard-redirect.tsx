import { homePathFor } from '@puna/domain';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useSession } from '../lib/auth';

/** /dashboard: each user's own home (admin /admin, employer /kryepuntor, worker /datapuntoret). */
export function DashboardRedirect() {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  const user = session.data?.user;
  return <Navigate to={user ? homePathFor(user) : '/login'} replace />;
}
