import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@korrigo/domain';
import { Alert, Button, Checkbox, FormField } from '@/components/ui';
import { PasswordInput } from '@/components/account/password-input';
import { errorMessage } from '@/lib/api-client';
import { readRememberMe } from '@/lib/storage';
import { fetchConfig } from '@/lib/config';
import { startGoogleSignIn } from '../api/sign-in-social';
import { useSignInEmail } from '../api/sign-in-email';
import { socialErrorMessage } from '../utils/social-error';
import { AuthCard, textLinkClasses } from './auth-card';
import { EmailField } from './credential-fields';
import { GoogleIcon } from './google-icon';
import { SchoolSignInButtons } from './school-sign-in';
import { keepNext, nextPath } from '@/lib/next-path';

/** The confirmation link of an e-mail change lands here (GET /api/profile/email-change): its outcome. */
const emailChangeOutcomes: Record<string, { tone: 'info' | 'error'; text: string }> = {
  changed: { tone: 'info', text: messages.profile.emailChangedRelogin },
  confirmed: { tone: 'info', text: messages.profile.emailChangeAlreadyConfirmed },
  invalid: { tone: 'error', text: messages.profile.emailChangeInvalid },
  taken: { tone: 'error', text: messages.profile.emailChangeTaken },
};

function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      oder mit E-Mail
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/** Login (spec 000 §2): Google, e-mail + password, "Angemeldet bleiben"; success goes to /. */
export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(readRememberMe);
  const returnedError = params.get('error');
  const [error, setError] = useState<string | null>(returnedError ? socialErrorMessage(returnedError) : null);
  const [googlePending, setGooglePending] = useState(false);
  const signIn = useSignInEmail();
  const notice = emailChangeOutcomes[params.get('emailChange') ?? ''];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(messages.errorPrefix + messages.signup.credentialsRequired);
      return;
    }
    setError(null);
    signIn.mutate(
      { email, password, rememberMe },
      {
        onSuccess: () => navigate(nextPath(params, '/')),
        onError: (caught) => setError(messages.errorPrefix + errorMessage(caught)),
      },
    );
  };

  const onGoogle = async () => {
    setError(null);
    setGooglePending(true);
    try {
      const config = await fetchConfig();
      if (!config.googleSignIn) {
        setError(messages.providerErrors['operation-not-allowed']);
        return;
      }
      // the page that sent her here (an invitation) is where Google brings her back to (issue 34 §5)
      await startGoogleSignIn(nextPath(params, '/'), keepNext('/login', params));
    } catch (caught) {
      setError(messages.errorPrefix + errorMessage(caught));
    } finally {
      setGooglePending(false);
    }
  };

  return (
    <AuthCard
      title="Anmelden"
      description="Willkommen zurück bei Korrigo."
      footer={
        <>
          Noch kein Konto?{' '}
          {/* an invitation link's visitor without an account comes back to it after signing up, too */}
          <Link to={keepNext('/signup', params)} className={textLinkClasses}>
            Kostenlos registrieren
          </Link>
        </>
      }
    >
      {notice && !error ? (
        <Alert tone={notice.tone} className="mb-5">
          {notice.text}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        loading={googlePending}
        onClick={onGoogle}
      >
        {googlePending ? null : <GoogleIcon />}
        Mit Google anmelden
      </Button>
      <SchoolSignInButtons callbackURL={nextPath(params, '/')} onError={setError} />
      <Divider />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <EmailField required value={email} onChange={setEmail} />
        <div className="flex flex-col gap-1.5">
          <FormField label="Passwort" required>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <Link to="/reset-password" className={`self-end text-sm ${textLinkClasses}`}>
            Passwort vergessen?
          </Link>
        </div>
        <label className="flex items-center gap-3 text-sm text-slate-700">
          <Checkbox checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
          Angemeldet bleiben
        </label>
        <Button type="submit" size="lg" loading={signIn.isPending}>
          Anmelden
        </Button>
      </form>
    </AuthCard>
  );
}
