import { useState } from 'react';
import { School } from 'lucide-react';
import { messages, schoolSignInMessages as text } from '@korrigo/domain';
import { Button } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { startSocialSignIn } from '../api/sign-in-social';

/**
 * „Mit Schulkonto anmelden“ (issue 35 §1): one button per configured school provider, on the login and the
 * sign-up page; nothing when none is configured. The account type comes from the school, so sign-up and
 * sign-in are the same round trip, which ends on `callbackURL` (or back on /login with `?error=`).
 */
export function SchoolSignInButtons({
  callbackURL,
  onError,
}: {
  callbackURL: string;
  onError: (message: string | null) => void;
}) {
  const config = useConfig();
  const [pending, setPending] = useState<string | null>(null);
  const providers = config.data?.schoolSignIn ?? [];
  if (providers.length === 0) return null;

  const start = async (providerId: string) => {
    onError(null);
    setPending(providerId);
    try {
      await startSocialSignIn(providerId, callbackURL, '/login');
    } catch (caught) {
      onError(messages.errorPrefix + errorMessage(caught));
      setPending(null);
    }
  };

  return (
    <div className="mt-3 flex flex-col gap-2">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="secondary"
          size="lg"
          className="w-full"
          loading={pending === provider.id}
          onClick={() => void start(provider.id)}
        >
          {pending === provider.id ? null : <School aria-hidden="true" />}
          {providers.length === 1 ? text.button : text.buttonFor(provider.name)}
        </Button>
      ))}
      <p className="text-center text-xs text-slate-600">
        {providers.length === 1 ? `${providers[0]!.name} · ` : null}
        {text.hint}
      </p>
    </div>
  );
}
