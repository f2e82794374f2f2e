import { HomePage } from '@/features/marketing/components/home-page';

export default function HomeRoute() {
  return <HomePage />;
}
