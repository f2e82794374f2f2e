import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { demoMessages } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { refreshSession } from '@/lib/session';
import { writeRememberMe } from '@/lib/storage';
import { startDemo } from '../api/start-demo';

/**
 * /demo (spec 000 §2): opens a fresh demo teacher account without a sign-up and goes to the dashboard. The
 * demo session ends with the browser.
 */
export function DemoPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const open = useCallback(async () => {
    setFailed(false);
    try {
      writeRememberMe(false);
      await startDemo();
      await refreshSession(queryClient);
      navigate('/dashboard', { replace: true });
    } catch {
      setFailed(true);
    }
  }, [navigate, queryClient]);

  useEffect(() => {
    // One demo account per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    void open();
  }, [open]);

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <DocumentTitle title="Demo" />
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Korrigo ausprobieren</h1>
        {failed ? (
          <>
            <Alert tone="error">{demoMessages.failed}</Alert>
            <div className="flex gap-3">
              <Button onClick={() => void open()}>Erneut versuchen</Button>
              <Button variant="secondary" asChild>
                <Link to="/signup">Kostenlos registrieren</Link>
              </Button>
            </div>
          </>
        ) : (
          <p role="status" className="flex items-center gap-3 text-slate-600">
            <Spinner />
            {demoMessages.preparing}
          </p>
        )}
        <p className="text-sm text-slate-600">
          Das Demo-Konto ist nur für dich und wird nach einem Tag gelöscht. Bitte lade keine echten
          Schülerdaten hoch.
        </p>
      </div>
    </div>
  );
}
