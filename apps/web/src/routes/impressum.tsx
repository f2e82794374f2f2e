import { ImpressumPage } from '@/features/marketing/components/impressum-page';

export default function ImpressumRoute() {
  return <ImpressumPage />;
}
