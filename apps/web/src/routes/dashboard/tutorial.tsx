import { DocumentTitle, PageHeader } from '@/components/page';

/** spec 001 §2: the tutorial screen shows only the heading "Dashboard". */
export default function TutorialRoute() {
  return (
    <>
      <DocumentTitle title="Tutorial" />
      <PageHeader title="Dashboard" />
    </>
  );
}
