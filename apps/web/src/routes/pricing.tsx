import { PlanAction } from '@/features/billing/components/plan-action';
import { PricingPage } from '@/features/marketing/components/pricing-page';
import { useProfile } from '@/features/profile/api/get-profile';

export default function PricingRoute() {
  // signed in, the cards know who reads them: a plan for the other account type is not offered
  const { data: profile } = useProfile();
  return (
    <PricingPage
      planAction={(plan, billing) => (
        <PlanAction
          planId={plan.id}
          billing={billing}
          highlighted={plan.highlighted}
          accountType={profile?.accountType}
          currentPlan={profile?.plan}
        />
      )}
    />
  );
}
