import { DemoPage } from '@/features/marketing/components/demo-page';

export default function DemoRoute() {
  return <DemoPage />;
}
