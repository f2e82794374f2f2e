import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { RouteFallback } from './route-fallback';

/**
 * Protected routes (spec 000 §2): they wait for session initialisation (spec 000 §4); then, without a
 * signed-in user (from the session or the cached `currentUser`), the visitor goes to /login.
 */
export function RequireAuth() {
  const { user, initialised } = useSession();
  const location = useLocation();
  if (!initialised) return <RouteFallback />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
