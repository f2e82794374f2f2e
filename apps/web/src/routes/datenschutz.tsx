import { DatenschutzPage } from '@/features/marketing/components/datenschutz-page';

export default function DatenschutzRoute() {
  return <DatenschutzPage />;
}
