import { useState } from 'react';
import { courseMessages, type Course } from '@korrigo/domain';
import { Button, ConfirmDialog } from '@/components/ui';
import { useDeleteCourse } from '../api/course-mutations';
import { useCourseDeletion } from '../api/get-course-deletion';
import { withToast } from '../utils/with-toast';

/**
 * Deletes the course after a confirmation that counts what goes with it (issue 15 §8) and says that linked
 * analyses stay.
 */
export function DeleteCourseButton({ course, onDeleted }: { course: Course; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const impact = useCourseDeletion(course.id, open);
  const deleteCourse = useDeleteCourse();
  const facts = impact.data;
  return (
    <>
      <Button type="button" variant="danger" onClick={() => setOpen(true)}>
        {courseMessages.deleteCourse}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={courseMessages.deleteCourseTitle(course.name)}
        description={
          facts
            ? `${courseMessages.deleteCourseBody(facts.assignments, facts.exams, facts.materials)} ${courseMessages.deleteCourseAnalyses(facts.analyses)}`
            : '…'
        }
        confirmLabel={courseMessages.deleteCourse}
        tone="danger"
        onConfirm={() =>
          void withToast(
            () => deleteCourse.mutateAsync(course.id),
            { success: courseMessages.courseDeleted, failure: courseMessages.deleteCourseFailed },
            onDeleted,
          )
        }
      />
    </>
  );
}
