import { courseMessages, type Course } from '@korrigo/domain';
import { Button } from '@/components/ui';
import { useSyncLmsRoster } from '../api/course-mutations';
import { withToast } from '../utils/with-toast';

/**
 * „Teilnehmende aus der Lernplattform übernehmen“ (issue 35 §2, ADR 0031): the LMS course's pupils become the
 * course's participants. The toast is the server's summary, or its German reason when the LMS failed.
 */
export function LmsRosterButton({ course }: { course: Course }) {
  const sync = useSyncLmsRoster();
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={sync.isPending}
      onClick={() =>
        void withToast(() => sync.mutateAsync(course.id), {
          success: (result) => result.message,
          failure: courseMessages.lmsTakeOverFailed,
          serverMessage: true,
        })
      }
    >
      {sync.isPending ? courseMessages.lmsTakingOver : courseMessages.lmsTakeOver}
    </Button>
  );
}
