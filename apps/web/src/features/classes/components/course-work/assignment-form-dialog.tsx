import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  assignmentFieldsSchema,
  assignmentStatusLabels,
  assignmentStatusOptions,
  courseLinkSchema,
  courseWorkMessages,
  newAssignmentDefaults,
  type Assignment,
} from '@korrigo/domain';
import { Dialog, DialogContent, FormField, Input, Select, Textarea } from '@/components/ui';
import { useCreateAssignment, useUpdateAssignment } from '../../api/course-work-mutations';
import { fromLocalInput, linesOf, toLocalInput } from '../../utils/course-work-format';
import { withToast } from '../../utils/with-toast';
import { CreateDialogFooter } from '../dialog-parts';

/** The form's own shape: the due date as the datetime-local input holds it, the links one per line. */
const formSchema = assignmentFieldsSchema
  .pick({ title: true, description: true, status: true, text: true })
  .extend({
    points: z.number(courseWorkMessages.pointsInvalid).min(0, courseWorkMessages.pointsInvalid),
    due: z.string().refine((value) => fromLocalInput(value) !== null, courseWorkMessages.dueDateInvalid),
    links: z
      .string()
      .refine((value) => linesOf(value).every((line) => courseLinkSchema.safeParse(line).success), {
        message: courseWorkMessages.linkInvalid,
      }),
  });
type FormValues = z.input<typeof formSchema>;

function initialValues(assignment: Assignment | null): FormValues {
  const source = assignment ?? newAssignmentDefaults(new Date());
  return {
    title: source.title,
    description: source.description,
    status: source.status,
    text: source.text,
    points: source.points,
    due: toLocalInput(source.dueDate),
    links: source.links.join('\n'),
  };
}

/**
 * New and edit assignment (spec 001 §4, §5, §9): title required, points a number from 0, due date and time;
 * a new one has 10 points, is due tomorrow and starts as Angekündigt, which the status list offers only while
 * it is the current value.
 */
export function AssignmentFormDialog({
  courseId,
  assignment,
  onClose,
}: {
  courseId: string;
  /** null: a new assignment */
  assignment: Assignment | null;
  onClose: () => void;
}) {
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: initialValues(assignment) });
  // Angekündigt is offered only to the assignment that has it (spec 001 §4), so it can be kept or left
  const status = assignment?.status ?? 'announced';
  const options = assignmentStatusOptions.includes(status as (typeof assignmentStatusOptions)[number])
    ? assignmentStatusOptions
    : [status, ...assignmentStatusOptions];

  const onSubmit = handleSubmit((values) => {
    const body = {
      title: values.title,
      description: values.description,
      status: values.status,
      text: values.text,
      points: values.points,
      dueDate: fromLocalInput(values.due)!,
      links: linesOf(values.links),
    };
    return withToast(
      () =>
        assignment
          ? update.mutateAsync({ courseId, id: assignment.id, ...body })
          : create.mutateAsync({ courseId, ...body }),
      { success: courseWorkMessages.saved, failure: courseWorkMessages.saveFailed },
      onClose,
    );
  });

  const title = assignment ? courseWorkMessages.editAssignment : courseWorkMessages.newAssignment;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} className="max-w-lg">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={title}>
          <FormField label={courseWorkMessages.title} error={errors.title?.message} required>
            <Input {...register('title')} />
          </FormField>
          <FormField label={courseWorkMessages.description} error={errors.description?.message}>
            <Textarea rows={2} {...register('description')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={courseWorkMessages.dueDate} error={errors.due?.message} required>
              <Input type="datetime-local" {...register('due')} />
            </FormField>
            <FormField label={courseWorkMessages.points} error={errors.points?.message} required>
              <Input type="number" min={0} step="any" {...register('points', { valueAsNumber: true })} />
            </FormField>
          </div>
          <FormField label={courseWorkMessages.status} error={errors.status?.message}>
            <Select {...register('status')}>
              {options.map((value) => (
                <option key={value} value={value}>
                  {assignmentStatusLabels[value]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={courseWorkMessages.text} error={errors.text?.message}>
            <Textarea rows={3} {...register('text')} />
          </FormField>
          <FormField label={courseWorkMessages.links} error={errors.links?.message}>
            <Textarea rows={2} {...register('links')} />
          </FormField>
          <CreateDialogFooter
            cancelLabel={courseWorkMessages.cancel}
            submitLabel={assignment ? courseWorkMessages.save : courseWorkMessages.create}
            submitting={isSubmitting}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
