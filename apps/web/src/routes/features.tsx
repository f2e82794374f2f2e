import { FeaturesPage } from '@/features/marketing/components/features-page';

export default function FeaturesRoute() {
  return <FeaturesPage />;
}
