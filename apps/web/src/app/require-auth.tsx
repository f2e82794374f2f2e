import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';

/**
 * Protected routes (spec 000 §2): without a signed-in user (from the session or the cached `currentUser`)
 * the visitor goes to /login.
 */
export function RequireAuth() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
