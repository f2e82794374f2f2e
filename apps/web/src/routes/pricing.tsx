import { PlanAction } from '@/features/billing/components/plan-action';
import { PricingPage } from '@/features/marketing/components/pricing-page';

export default function PricingRoute() {
  return (
    <PricingPage
      planAction={(plan, billing) => (
        <PlanAction planId={plan.id} billing={billing} highlighted={plan.highlighted} />
      )}
    />
  );
}
