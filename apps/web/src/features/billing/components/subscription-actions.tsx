import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { planMessages, type Profile } from '@korrigo/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOpenPortal } from '../api/open-portal';

/** A subscription that still exists (a cancelled one waits for its period's end): the portal manages it. */
function hasOpenSubscription(profile: Profile): boolean {
  const status = profile.subscription?.status;
  return Boolean(status && status !== 'canceled' && status !== 'incomplete_expired');
}

/** How often and how long the profile is read again while a paid checkout waits for the provider's event. */
const pollMs = 2000;
const pollTimes = 15;

/**
 * On the profile's plan card (issue 20 point 2): 'Abo verwalten' opens the provider's customer portal
 * (cancellation at the period's end, payment methods, invoices); back from checkout it thanks and, until the
 * provider's event has set the plan, reads the profile again for a while.
 */
export function SubscriptionActions({ profile }: { profile: Profile }) {
  const portal = useOpenPortal();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returned = params.get('checkout') === 'success';
  const waiting = returned && profile.plan === 'free';
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (!waiting || polls >= pollTimes) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      setPolls((n) => n + 1);
    }, pollMs);
    return () => clearTimeout(timer);
  }, [waiting, polls, queryClient]);

  return (
    <>
      {returned ? (
        <Alert tone={waiting ? 'info' : 'success'}>
          {waiting ? planMessages.checkoutPending : planMessages.checkoutSucceeded}
        </Alert>
      ) : null}
      {hasOpenSubscription(profile) ? (
        <Button
          variant="secondary"
          loading={portal.isPending || portal.isSuccess}
          onClick={() => portal.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
        >
          {portal.isPending || portal.isSuccess ? null : <CreditCard aria-hidden="true" />}
          {planMessages.manageSubscription}
        </Button>
      ) : null}
    </>
  );
}
