import { useState } from 'react';
import { GraduationCap } from 'lucide-react';
import { courseMessages, courseWorkMessages, examStatusLabels, type Exam } from '@korrigo/domain';
import { Badge, ConfirmDialog } from '@/components/ui';
import { useExams } from '../../api/get-course-work';
import { useDeleteExam } from '../../api/course-work-mutations';
import { formatDay } from '../../utils/course-work-format';
import { withToast } from '../../utils/with-toast';
import { ExamFormDialog } from './exam-form-dialog';
import { WorkCard, WorkList } from './work-list';

/** Prüfungen tab of the course modal (spec 001 §2, §3 Exam). */
export function ExamsTab({ courseId, canEdit }: { courseId: string; canEdit: boolean }) {
  const query = useExams(courseId);
  const remove = useDeleteExam();
  // undefined: no form open; null: the new form
  const [editing, setEditing] = useState<Exam | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Exam | null>(null);

  return (
    <>
      <WorkList
        label={courseMessages.tabExams}
        query={query}
        emptyText={courseWorkMessages.emptyExams}
        emptyIcon={GraduationCap}
        newLabel={courseWorkMessages.newExam}
        onNew={canEdit ? () => setEditing(null) : null}
        getKey={(item) => item.id}
        renderItem={(item) => (
          <WorkCard
            title={item.name}
            badge={<Badge tone="info">{examStatusLabels[item.status]}</Badge>}
            onEdit={canEdit ? () => setEditing(item) : null}
            onDelete={canEdit ? () => setDeleting(item) : null}
          >
            <p className="text-sm text-slate-700">
              {courseWorkMessages.date}: {formatDay(item.date)}
            </p>
            {item.topics.length > 0 ? (
              <p className="text-sm text-slate-600">
                {courseWorkMessages.topicsShort}: {item.topics.join(', ')}
              </p>
            ) : null}
            {item.learningObjectives.length > 0 ? (
              <p className="text-sm text-slate-600">
                {courseWorkMessages.learningObjectivesShort}: {item.learningObjectives.join(', ')}
              </p>
            ) : null}
          </WorkCard>
        )}
      />
      {editing !== undefined ? (
        <ExamFormDialog courseId={courseId} exam={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting ? courseWorkMessages.deleteExamTitle(deleting.name) : ''}
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
