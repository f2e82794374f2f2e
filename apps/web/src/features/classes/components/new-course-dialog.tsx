import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  courseMessages,
  courseSubjects,
  createCourseRequestSchema,
  createFormDays,
  newScheduleEntry,
  type ClassSummary,
  type Course,
} from '@korrigo/domain';
import { Alert, Checkbox, Dialog, DialogContent, FormField, Input } from '@/components/ui';
import { useCreateCourse } from '../api/course-mutations';
import { withToast } from '../utils/with-toast';
import { CourseFields } from './course-fields';
import { CreateDialogFooter } from './dialog-parts';
import { ScheduleFields } from './schedule-fields';

type FormValues = z.input<typeof createCourseRequestSchema>;

const emptyForm = (): FormValues => ({
  classIds: [],
  name: '',
  subject: '',
  description: '',
  classroom: '',
  schedule: [{ ...newScheduleEntry }],
  startDate: null,
  endDate: null,
});

type NewCourseDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the teacher's active classes */
  classes: ClassSummary[];
  onCreated: (course: Course) => void;
};

/** spec 001 §2 'create course' modal with the new course form of §3 and the rules of §5. */
export function NewCourseDialog({ open, onOpenChange, classes, onCreated }: NewCourseDialogProps) {
  const createCourse = useCreateCourse();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(createCourseRequestSchema), defaultValues: emptyForm() });

  const close = (next: boolean) => {
    if (!next) reset(emptyForm());
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) =>
    withToast(
      () =>
        createCourse.mutateAsync({
          ...values,
          startDate: values.startDate || null,
          endDate: values.endDate || null,
        }),
      { success: courseMessages.created, failure: courseMessages.createFailed, serverMessage: true },
      (course) => {
        close(false);
        onCreated(course);
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={courseMessages.newCourse} className="max-w-2xl">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <fieldset aria-describedby={errors.classIds ? 'course-classes-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-900">{courseMessages.classes}</legend>
            {classes.length === 0 ? <Alert tone="info">{courseMessages.needsClass}</Alert> : null}
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {classes.map((item) => (
                <label key={item.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <Checkbox value={item.id} {...register('classIds')} />
                  {item.name}
                  <span className="text-slate-600">({item.schoolName})</span>
                </label>
              ))}
            </div>
            {errors.classIds ? (
              <p id="course-classes-error" className="mt-1 text-sm text-red-700">
                {errors.classIds.message}
              </p>
            ) : null}
          </fieldset>
          <CourseFields register={register as never} errors={errors} subjects={courseSubjects}>
            <FormField label={courseMessages.startDate}>
              <Input type="date" {...register('startDate', { setValueAs: (value) => value || null })} />
            </FormField>
            <FormField label={courseMessages.endDate} error={errors.endDate?.message}>
              <Input type="date" {...register('endDate', { setValueAs: (value) => value || null })} />
            </FormField>
          </CourseFields>
          <ScheduleFields
            control={control as never}
            register={register as never}
            errors={errors.schedule}
            days={createFormDays}
            minRows={1}
          />
          <CreateDialogFooter
            cancelLabel={courseMessages.cancel}
            submitLabel={courseMessages.createCourse}
            submitting={isSubmitting}
            onCancel={() => close(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
