import { PricingPage } from '@/features/marketing/components/pricing-page';

export default function PricingRoute() {
  return <PricingPage />;
}
