import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  courseWorkMessages,
  examFieldsSchema,
  examStatusLabels,
  examStatusOptions,
  newExamDefaults,
  type Exam,
} from '@korrigo/domain';
import { Dialog, DialogContent, FormField, Input, Select, Textarea } from '@/components/ui';
import { useCreateExam, useUpdateExam } from '../../api/course-work-mutations';
import { linesOf } from '../../utils/course-work-format';
import { withToast } from '../../utils/with-toast';
import { CreateDialogFooter } from '../dialog-parts';

/** The form's own shape: topics and objectives one per line. */
const formSchema = examFieldsSchema.pick({ name: true, date: true, status: true }).extend({
  topics: z.string(),
  learningObjectives: z.string(),
});
type FormValues = z.input<typeof formSchema>;

function initialValues(exam: Exam | null): FormValues {
  const source = exam ?? newExamDefaults(new Date());
  return {
    name: source.name,
    date: source.date,
    status: source.status,
    topics: source.topics.join('\n'),
    learningObjectives: source.learningObjectives.join('\n'),
  };
}

/** New and edit exam (spec 001 §4, §5, §9): name required; a new one is planned (Geplant), in 7 days. */
export function ExamFormDialog({
  courseId,
  exam,
  onClose,
}: {
  courseId: string;
  /** null: a new exam */
  exam: Exam | null;
  onClose: () => void;
}) {
  const create = useCreateExam();
  const update = useUpdateExam();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: initialValues(exam) });

  const onSubmit = handleSubmit((values) => {
    const body = {
      name: values.name,
      date: values.date,
      status: values.status,
      topics: linesOf(values.topics),
      learningObjectives: linesOf(values.learningObjectives),
    };
    return withToast(
      () =>
        exam
          ? update.mutateAsync({ courseId, id: exam.id, ...body })
          : create.mutateAsync({ courseId, ...body }),
      { success: courseWorkMessages.saved, failure: courseWorkMessages.saveFailed },
      onClose,
    );
  });

  const title = exam ? courseWorkMessages.editExam : courseWorkMessages.newExam;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} className="max-w-lg">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={title}>
          <FormField label={courseWorkMessages.name} error={errors.name?.message} required>
            <Input {...register('name')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={courseWorkMessages.date} error={errors.date?.message} required>
              <Input type="date" {...register('date')} />
            </FormField>
            <FormField label={courseWorkMessages.status} error={errors.status?.message}>
              <Select {...register('status')}>
                {examStatusOptions.map((value) => (
                  <option key={value} value={value}>
                    {examStatusLabels[value]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormField label={courseWorkMessages.topics} error={errors.topics?.message}>
            <Textarea rows={3} {...register('topics')} />
          </FormField>
          <FormField label={courseWorkMessages.learningObjectives} error={errors.learningObjectives?.message}>
            <Textarea rows={3} {...register('learningObjectives')} />
          </FormField>
          <CreateDialogFooter
            cancelLabel={courseWorkMessages.cancel}
            submitLabel={exam ? courseWorkMessages.save : courseWorkMessages.create}
            submitting={isSubmitting}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
