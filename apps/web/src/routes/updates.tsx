import { UpdatesPage } from '@/features/marketing/components/updates-page';

export default function UpdatesRoute() {
  return <UpdatesPage />;
}
