import { DocumentTitle } from '@/components/page';
import { StudentIdReviewScreen } from '@/features/student-id/components/student-id-review-screen';

/** /dashboard/ausweise (issue 20 point 4): teachers of a school and the operator confirm student IDs. */
export default function StudentIdReviewsRoute() {
  return (
    <>
      <DocumentTitle title="Schülerausweise prüfen" />
      <StudentIdReviewScreen />
    </>
  );
}
