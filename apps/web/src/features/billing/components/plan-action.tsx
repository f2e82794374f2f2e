import { Link } from 'react-router';
import {
  offerRequestLink,
  paidPlanIds,
  planForAccountType,
  planMessages,
  plansById,
  type AccountType,
  type PaidPlanId,
  type PlanId,
} from '@korrigo/domain';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useStartCheckout } from '../api/start-checkout';

type PlanActionProps = {
  /** the pricing card's plan */
  planId: PlanId;
  billing: 'monthly' | 'annual';
  highlighted?: boolean;
  /** signed in: who reads the card, and the plan she has */
  accountType?: AccountType;
  currentPlan?: PlanId;
};

const isPaidPlan = (plan: PlanId): plan is PaidPlanId => (paidPlanIds as readonly string[]).includes(plan);

/**
 * The button of a pricing card (issue 20 point 2): with online payment configured and signed in it opens the
 * provider's checkout for the plan and the chosen interval; signed out it leads to the sign-up; without
 * payment configured it asks for an offer through the contact form, the plan preselected. The pre-rendered
 * page (ADR 0005) shows the sign-up link until the app has started.
 */
export function PlanAction({
  planId: plan,
  billing,
  highlighted,
  accountType,
  currentPlan,
}: PlanActionProps) {
  const hydrated = useHydrated();
  const config = useConfig();
  const { user } = useSession();
  const checkout = useStartCheckout();
  const variant = highlighted ? 'primary' : 'secondary';

  const definition = plansById[plan];
  const trialLabel = definition.trialDays
    ? `${definition.trialDays} Tage kostenlos testen`
    : 'Kostenlos starten';

  if (plan === 'enterprise') {
    return (
      <Button variant="secondary" asChild className="w-full">
        <Link to={offerRequestLink('enterprise')}>{planMessages.requestOffer}</Link>
      </Button>
    );
  }
  if (hydrated && user && currentPlan === plan) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        {planMessages.currentPlan}
      </Button>
    );
  }
  if (hydrated && user && accountType && isPaidPlan(plan) && !planForAccountType(plan, accountType)) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        {accountType === 'student' ? planMessages.onlyForTeachers : planMessages.onlyForStudents}
      </Button>
    );
  }
  const checkoutReady = hydrated && config.data?.checkout === true;
  if (!isPaidPlan(plan) || !hydrated || (checkoutReady && !user)) {
    return (
      <Button variant={variant} asChild className="w-full">
        <Link to="/signup">{trialLabel}</Link>
      </Button>
    );
  }
  if (!checkoutReady) {
    // the configuration is still loading, or there is no online payment here
    if (config.isPending) {
      return (
        <Button variant={variant} className="w-full" disabled>
          {trialLabel}
        </Button>
      );
    }
    return (
      <Button variant={variant} asChild className="w-full">
        <Link to={offerRequestLink(plan)}>{planMessages.requestOffer}</Link>
      </Button>
    );
  }
  const start = () =>
    checkout.mutate(
      { plan, interval: billing === 'annual' ? 'year' : 'month' },
      { onError: (error) => toast.error(errorMessage(error)) },
    );
  const leaving = checkout.isPending || checkout.isSuccess;
  return (
    <Button
      variant={variant}
      className="w-full"
      loading={leaving}
      onClick={start}
      // two cards may say '14 Tage kostenlos testen': the name says which (the visible text is part of it)
      aria-label={leaving ? undefined : `${definition.name}: ${trialLabel}`}
    >
      {leaving ? planMessages.checkoutStarting : trialLabel}
    </Button>
  );
}
