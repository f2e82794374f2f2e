import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, Mail } from 'lucide-react';
import {
  isPasswordValid,
  messages,
  providerErrorMessage,
  validateSignupStep1,
  validateSignupStep2,
  type SignupStep1,
} from '@korrigo/domain';
import { AccountTypePicker } from '@/components/account/account-type-picker';
import { BundeslandSelect, ClassLevelSelect } from '@/components/account/account-selects';
import { SubjectPicker } from '@/components/account/subject-picker';
import { Alert, Button, Checkbox, FormField, Input, Progress } from '@/components/ui';
import { ApiClientError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCompleteGoogleSignup } from '../api/complete-google-signup';
import { fetchConfig } from '@/lib/config';
import { startGoogleSignIn } from '../api/sign-in-social';
import { useSignUp } from '../api/sign-up';
import {
  clearPendingGoogleSignup,
  readPendingGoogleSignup,
  savePendingGoogleSignup,
} from '../utils/pending-google-signup';
import { socialErrorMessage } from '../utils/social-error';
import { AuthCard, textLinkClasses } from './auth-card';
import { EmailField, NewPasswordField } from './credential-fields';
import { GoogleIcon } from './google-icon';
import { SchoolSignInButtons } from './school-sign-in';
import { keepNext, nextPath } from '@/lib/next-path';

const emptyStep1: SignupStep1 = {
  name: '',
  accountType: 'student',
  bundesland: '',
  school: '',
  subjects: [],
  classLevel: '',
  termsAccepted: false,
};

/** spec 000 §8: sign-up errors by provider code; a failed profile save is shown as it is. */
function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    if (error.code === 'profile-save-failed') return messages.signup.profileSaveFailed;
    return providerErrorMessage(error.code, error.message);
  }
  return providerErrorMessage(undefined, messages.http.internal);
}

/**
 * The Google round trip ends here (`?google=complete`): save the step-1 data, then go on to the page that sent
 * her to sign up (`?next=`, an invitation: issue 34 §5), else to the dashboard.
 */
function useFinishGoogleSignup(onError: (message: string) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const complete = useCompleteGoogleSignup();
  const started = useRef(false);
  const returning = params.get('google') === 'complete';

  useEffect(() => {
    if (!returning || !user || started.current) return;
    started.current = true;
    const pending = readPendingGoogleSignup();
    const target = nextPath(params, '/dashboard');
    if (!pending) {
      navigate(target, { replace: true });
      return;
    }
    complete.mutate(pending, {
      onSuccess: () => {
        clearPendingGoogleSignup();
        navigate(target, { replace: true });
      },
      onError: (error) => onError(signupErrorMessage(error)),
    });
  }, [returning, user, complete, navigate, onError, params]);

  return returning && complete.isPending;
}

export function SignupWizard() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<1 | 2>(1);
  const [step1, setStep1] = useState<SignupStep1>(() => readPendingGoogleSignup() ?? emptyStep1);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const returnedError = params.get('error');
  const [error, setErrorText] = useState<string | null>(
    returnedError ? socialErrorMessage(returnedError) : null,
  );
  // Counts shown errors, so the same message twice still brings the box into view again.
  const [errorShown, setErrorShown] = useState(0);
  const setError = useCallback((message: string | null) => {
    setErrorText(message);
    if (message) setErrorShown((count) => count + 1);
  }, []);
  const [googlePending, setGooglePending] = useState(false);
  const signUp = useSignUp();
  const finishingGoogle = useFinishGoogleSignup(setError);
  const headingRef = useRef<HTMLDivElement>(null);

  const update = <K extends keyof SignupStep1>(key: K, value: SignupStep1[K]) =>
    setStep1((current) => ({ ...current, [key]: value }));

  // On a phone the error box sits far above the buttons: move focus (and the view) to it.
  useEffect(() => {
    if (errorShown > 0) headingRef.current?.focus();
  }, [errorShown]);

  const goToStep = (next: 1 | 2) => {
    setError(null);
    setStep(next);
    headingRef.current?.focus();
  };

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignupStep1(step1);
    if (problem) {
      setError(problem);
      return;
    }
    goToStep(2);
  };

  const onGoogle = async () => {
    // The step-1 checks hold for Google sign-up too (spec 000 §5).
    const problem = validateSignupStep1(step1);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setGooglePending(true);
    try {
      const config = await fetchConfig();
      if (!config.googleSignIn) {
        setError(messages.providerErrors['operation-not-allowed']);
        return;
      }
      savePendingGoogleSignup(step1);
      // the invitation she came from rides along in the return address (issue 34 §5)
      await startGoogleSignIn(keepNext('/signup?google=complete', params), keepNext('/signup', params));
    } catch (caught) {
      setError(signupErrorMessage(caught));
    } finally {
      setGooglePending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignupStep2({ email, password });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    signUp.mutate(
      { ...step1, email: email.trim(), password, rememberMe: true },
      {
        onSuccess: () => navigate(nextPath(params, '/dashboard')),
        onError: (caught) => setError(signupErrorMessage(caught)),
      },
    );
  };

  const progress = (
    <div className="mb-6 flex flex-col gap-2">
      <div className="flex items-center justify-between text-xs font-medium text-slate-600">
        <span>Schritt {step} von 2</span>
        <span>{step === 1 ? '50 %' : '100 %'}</span>
      </div>
      <Progress value={step === 1 ? 50 : 100} label="Fortschritt der Registrierung" />
    </div>
  );

  const errorBox = error ? (
    <Alert tone="error" className="mb-5">
      {error}
    </Alert>
  ) : null;

  return (
    <AuthCard
      wide
      top={progress}
      title={step === 1 ? 'Konto erstellen' : 'Zugangsdaten festlegen'}
      description={
        step === 1
          ? 'Erzähl uns kurz, wer du bist. Die Registrierung ist kostenlos.'
          : 'Mit dieser E-Mail-Adresse und deinem Passwort meldest du dich künftig an.'
      }
      footer={
        <>
          Bereits ein Konto?{' '}
          <Link to={keepNext('/login', params)} className={textLinkClasses}>
            Anmelden
          </Link>
        </>
      }
    >
      <div ref={headingRef} tabIndex={-1} className="scroll-mt-24 outline-none">
        {finishingGoogle ? (
          <Alert tone="info" className="mb-5">
            {messages.web.googleProfileSaving}
          </Alert>
        ) : null}
        {errorBox}
      </div>

      {step === 1 ? (
        <form noValidate onSubmit={onContinue} className="flex flex-col gap-5">
          <FormField label="Name">
            <Input
              autoComplete="name"
              value={step1.name}
              onChange={(event) => update('name', event.target.value)}
              maxLength={120}
            />
          </FormField>

          <AccountTypePicker value={step1.accountType} onChange={(value) => update('accountType', value)} />

          {step1.accountType === 'teacher' ? (
            <div className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
              <FormField label="Bundesland">
                <BundeslandSelect
                  value={step1.bundesland}
                  onChange={(event) => update('bundesland', event.target.value)}
                />
              </FormField>
              <FormField label="Schule">
                <Input
                  autoComplete="organization"
                  value={step1.school}
                  onChange={(event) => update('school', event.target.value)}
                  maxLength={200}
                />
              </FormField>
              <SubjectPicker value={step1.subjects} onChange={(subjects) => update('subjects', subjects)} />
            </div>
          ) : (
            <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
              <FormField label="Klasse/Semester">
                <ClassLevelSelect
                  value={step1.classLevel}
                  onChange={(event) => update('classLevel', event.target.value)}
                />
              </FormField>
            </div>
          )}

          <label className="flex items-start gap-3 text-sm text-slate-700">
            <Checkbox
              className="mt-0.5"
              checked={step1.termsAccepted}
              onChange={(event) => update('termsAccepted', event.target.checked)}
            />
            <span>
              Ich akzeptiere die{' '}
              <Link to="/terms" target="_blank" className={textLinkClasses}>
                Allgemeinen Geschäftsbedingungen (AGB)
              </Link>
              .
            </span>
          </label>

          <div className="flex flex-col gap-3">
            <Button type="submit" size="lg">
              <Mail aria-hidden="true" />
              Weiter mit E-Mail
            </Button>
            <Button type="button" size="lg" variant="secondary" loading={googlePending} onClick={onGoogle}>
              {googlePending ? null : <GoogleIcon />}
              Mit Google fortfahren
            </Button>
          </div>
          {/* a school's account needs neither this form nor the terms: the school signs up its pupils */}
          <SchoolSignInButtons callbackURL={nextPath(params, '/dashboard')} onError={setError} />
        </form>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <EmailField value={email} onChange={setEmail} />
          <NewPasswordField
            label="Passwort"
            hint={messages.web.passwordHint}
            value={password}
            onChange={setPassword}
          />

          <Button type="submit" size="lg" disabled={!isPasswordValid(password)} loading={signUp.isPending}>
            Registrieren
          </Button>
          <button
            type="button"
            onClick={() => goToStep(1)}
            className={`inline-flex cursor-pointer items-center justify-center gap-1.5 self-center text-sm ${textLinkClasses}`}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Zurück zu Schritt 1
          </button>
        </form>
      )}
    </AuthCard>
  );
}
