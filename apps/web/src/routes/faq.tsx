import { InProgressNotice } from '@/components/in-progress-notice';
import { PageContainer } from '@/components/page';

// Built by a later issue (public pages); until then an honest notice.
export default function FaqRoute() {
  return (
    <PageContainer>
      <InProgressNotice title="Häufige Fragen" />
    </PageContainer>
  );
}
