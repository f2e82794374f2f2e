import { InProgressNotice } from '@/components/in-progress-notice';

// Built by a later issue; until then an honest notice.
export default function AnalyticsRoute() {
  return <InProgressNotice title="Analytics" />;
}
