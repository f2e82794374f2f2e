import { useState } from 'react';
import { classMessages, type ClassDetail } from '@korrigo/domain';
import { Button, ConfirmDialog } from '@/components/ui';
import { useDeleteClass } from '../api/class-mutations';
import { useClassDeletion } from '../api/get-class-deletion';
import { withToast } from '../utils/with-toast';

/**
 * Deletes the class after a confirmation that says what goes with it (issue 15 §8): the roster, the courses of
 * this class alone; courses shared with other classes stay and only lose this class.
 */
export function DeleteClassButton({ data, onDeleted }: { data: ClassDetail; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const impact = useClassDeletion(data.id, open);
  const deleteClass = useDeleteClass();
  const facts = impact.data;
  return (
    <>
      <Button type="button" variant="danger" onClick={() => setOpen(true)}>
        {classMessages.deleteClass}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={classMessages.deleteClassTitle(data.name)}
        description={
          facts ? (
            <>
              {classMessages.deleteClassRoster(facts.students)}
              {facts.deletedCourses.length > 0
                ? ` ${classMessages.deleteClassCourses(facts.deletedCourses)} ${classMessages.deleteClassAnalyses}`
                : ''}
              {facts.keptCourses.length > 0
                ? ` ${classMessages.deleteClassKeptCourses(facts.keptCourses)}`
                : ''}
            </>
          ) : (
            classMessages.deleteClassRoster(data.studentCount)
          )
        }
        confirmLabel={classMessages.deleteClass}
        tone="danger"
        onConfirm={() =>
          void withToast(
            () => deleteClass.mutateAsync(data.id),
            { success: classMessages.classDeleted, failure: classMessages.deleteClassFailed },
            onDeleted,
          )
        }
      />
    </>
  );
}
