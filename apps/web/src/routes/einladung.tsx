import { useParams } from 'react-router';
import { RouteFallback } from '@/app/route-fallback';
import { InvitationScreen, InvitationVisitorScreen } from '@/features/classes/components/invitation-screen';
import { useSession } from '@/lib/session';

/**
 * /einladung/:code, the link in an invitation mail and behind a join code. Signed out, the visitor reads what
 * she is invited to, signs up (or in) from there and comes back here (`?next=`) to accept (issue 34 §5).
 */
export default function InvitationRoute() {
  const { code = '' } = useParams();
  const { user, initialised } = useSession();
  if (!initialised) return <RouteFallback />;
  if (!user) return <InvitationVisitorScreen code={code} />;
  return <InvitationScreen code={code} />;
}
