import { Navigate, useParams } from 'react-router';
import { RouteFallback } from '@/app/route-fallback';
import { InvitationScreen } from '@/features/classes/components/invitation-screen';
import { useSession } from '@/lib/session';

/**
 * /einladung/:code, the link in an invitation mail and behind a join code. Signed out, the visitor signs in
 * (or up) first and comes back here (`?next=`).
 */
export default function InvitationRoute() {
  const { code = '' } = useParams();
  const { user, initialised } = useSession();
  if (!initialised) return <RouteFallback />;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(`/einladung/${code}`)}`} replace />;
  return <InvitationScreen code={code} />;
}
