import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isPasswordValid, messages } from '@korrigo/domain';
import { Alert, Button } from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, textLinkClasses } from './auth-card';
import { EmailField, NewPasswordField } from './credential-fields';

const backToLogin = (
  <Link to="/login" className={textLinkClasses}>
    Zurück zur Anmeldung
  </Link>
);

function RequestLinkForm({ invalidToken }: { invalidToken: boolean }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(messages.profile.emailInvalid);
      return;
    }
    setError(null);
    request.mutate(email, { onError: (caught) => setError(messages.errorPrefix + errorMessage(caught)) });
  };

  return (
    <AuthCard
      title="Passwort zurücksetzen"
      description="Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst."
      footer={backToLogin}
    >
      {invalidToken && !request.isSuccess ? (
        <Alert tone="error" className="mb-5">
          {messages.passwordReset.invalidToken}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      ) : null}
      {request.isSuccess ? (
        <Alert tone="success">{messages.passwordReset.requested}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <EmailField required value={email} onChange={setEmail} />
          <Button type="submit" size="lg" loading={request.isPending}>
            Link anfordern
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPasswordValid(password)) {
      setError(messages.signup.passwordInvalid);
      return;
    }
    setError(null);
    reset.mutate(
      { token, newPassword: password },
      {
        onError: (caught) =>
          setError(
            caught instanceof ApiClientError && caught.code === 'INVALID_TOKEN'
              ? messages.passwordReset.invalidToken
              : messages.errorPrefix + errorMessage(caught),
          ),
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title="Passwort geändert">
        <div className="flex flex-col gap-5">
          <Alert tone="success">{messages.passwordReset.done}</Alert>
          <Button asChild size="lg">
            <Link to="/login">Zur Anmeldung</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Neues Passwort festlegen" footer={backToLogin}>
      {error ? (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <NewPasswordField label="Neues Passwort" required value={password} onChange={setPassword} />
        <Button type="submit" size="lg" disabled={!isPasswordValid(password)} loading={reset.isPending}>
          Passwort speichern
        </Button>
      </form>
    </AuthCard>
  );
}

/** /reset-password: request a link, or (with `?token=`) set the new password. */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <NewPasswordForm token={token} />;
  return <RequestLinkForm invalidToken={params.get('error') === 'INVALID_TOKEN'} />;
}
