// shared by the class set's release and the single analysis's release note (features import no feature)
import { RefreshCw } from 'lucide-react';
import { messages, type LtiDeliveriesQuery } from '@korrigo/domain';
import { Alert, Button } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useLtiDeliveries, useRetryLtiDeliveries } from '@/lib/api/lti-deliveries';

/**
 * Grades back (issue 35 §2): „An die Lernplattform übertragen: 23 von 25 · 2 fehlgeschlagen“ with the reason
 * and „Erneut senden“. Nothing when no result of this class set or analysis goes to an LMS.
 */
export function LmsDeliveryState({ query }: { query: LtiDeliveriesQuery }) {
  const deliveries = useLtiDeliveries(query);
  const retry = useRetryLtiDeliveries(query);
  const state = deliveries.data;
  if (!state || state.total === 0) return null;
  const failed = state.failed > 0;
  return (
    <div className="flex w-full flex-col items-start gap-2" data-testid="lms-delivery-state">
      <Alert tone={failed ? 'warning' : state.pending > 0 ? 'info' : 'success'}>
        <p>{state.summary}</p>
        {failed && state.lastError ? <p className="mt-1">{state.lastError}</p> : null}
      </Alert>
      {failed ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={retry.isPending}
          onClick={() => retry.mutate()}
        >
          <RefreshCw aria-hidden="true" />
          {messages.lti.retryDeliveries}
        </Button>
      ) : null}
      {retry.isError ? <Alert tone="error">{errorMessage(retry.error)}</Alert> : null}
    </div>
  );
}
