import { Navigate, useParams } from 'react-router';
import { RouteFallback } from '@/app/route-fallback';
import { TeamInvitationScreen } from '@/features/team/components/team-invitation-screen';
import { useSession } from '@/lib/session';

/**
 * /team/einladung/:token, the link in a Pro Team invitation. Signed out, the teacher signs in (or up) first
 * and comes back here (`?next=`).
 */
export default function TeamInvitationRoute() {
  const { token = '' } = useParams();
  const { user, initialised } = useSession();
  if (!initialised) return <RouteFallback />;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(`/team/einladung/${token}`)}`} replace />;
  return <TeamInvitationScreen token={token} />;
}
