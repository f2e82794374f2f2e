import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { accountConstants, messages } from '@korrigo/domain';
import { Alert, Button } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { resetSession, useSession } from '@/lib/session';
import { useSignOut } from '../api/sign-out';
import { AuthCard, textLinkClasses } from './auth-card';

/** Logout (spec 000 §2): confirm, sign out, say so, and go to /login after 1.5 s. */
export function LogoutScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), accountConstants.logoutRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!user && !done) return <Navigate to="/login" replace />;

  return (
    <AuthCard title="Abmelden">
      <div className="flex flex-col gap-5">
        {done ? (
          <Alert tone="success">{messages.logout.success}</Alert>
        ) : (
          <>
            <p className="text-slate-700">{messages.logout.question}</p>
            {signOut.isError ? (
              <Alert tone="error">{messages.logout.failedPrefix + errorMessage(signOut.error)}</Alert>
            ) : null}
            <Button
              size="lg"
              variant="danger"
              loading={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onSuccess: () => {
                    // Mark done first, so the cleared session does not bounce us to /login before the notice.
                    setDone(true);
                    resetSession(queryClient);
                  },
                })
              }
            >
              <LogOut aria-hidden="true" />
              Abmelden
            </Button>
            <Link to="/" className={`self-center text-sm ${textLinkClasses}`}>
              Zurück zur Startseite
            </Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
