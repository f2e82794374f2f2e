import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { assignmentStatusLabels, courseMessages, courseWorkMessages, type Assignment } from '@korrigo/domain';
import { Badge, ConfirmDialog } from '@/components/ui';
import { useAssignments } from '../../api/get-course-work';
import { useDeleteAssignment } from '../../api/course-work-mutations';
import { formatDateTime } from '../../utils/course-work-format';
import { withToast } from '../../utils/with-toast';
import { AssignmentFormDialog } from './assignment-form-dialog';
import { WorkCard, WorkList } from './work-list';

/** Aufgaben tab of the course modal (spec 001 §2, §3 Assignment). */
export function AssignmentsTab({ courseId, canEdit }: { courseId: string; canEdit: boolean }) {
  const query = useAssignments(courseId);
  const remove = useDeleteAssignment();
  // undefined: no form open; null: the new form
  const [editing, setEditing] = useState<Assignment | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Assignment | null>(null);

  return (
    <>
      <WorkList
        label={courseMessages.tabAssignments}
        query={query}
        emptyText={courseWorkMessages.emptyAssignments}
        emptyIcon={ClipboardList}
        newLabel={courseWorkMessages.newAssignment}
        onNew={canEdit ? () => setEditing(null) : null}
        getKey={(item) => item.id}
        renderItem={(item) => (
          <WorkCard
            title={item.title}
            badge={<Badge tone="info">{assignmentStatusLabels[item.status]}</Badge>}
            onEdit={canEdit ? () => setEditing(item) : null}
            onDelete={canEdit ? () => setDeleting(item) : null}
          >
            <p className="text-sm text-slate-700">
              {courseWorkMessages.dueShort(formatDateTime(item.dueDate))} ·{' '}
              {courseWorkMessages.pointsShort(item.points)}
            </p>
            {item.description ? (
              <p className="text-sm whitespace-pre-line text-slate-600">{item.description}</p>
            ) : null}
            {item.links.length > 0 ? (
              <ul className="flex flex-col gap-0.5 text-sm">
                {item.links.map((link) => (
                  <li key={link} className="truncate">
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-primary-700 underline"
                    >
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </WorkCard>
        )}
      />
      {editing !== undefined ? (
        <AssignmentFormDialog
          courseId={courseId}
          assignment={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting ? courseWorkMessages.deleteAssignmentTitle(deleting.title) : ''}
        description={courseWorkMessages.deleteBody}
        confirmLabel={courseWorkMessages.delete}
        tone="danger"
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) {
            void withToast(() => remove.mutateAsync({ courseId, id: target.id }), {
              success: courseWorkMessages.deleted,
              failure: courseWorkMessages.deleteFailed,
            });
          }
        }}
      />
    </>
  );
}
