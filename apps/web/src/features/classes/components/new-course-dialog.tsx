import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  courseLimits,
  courseMessages,
  courseSubjects,
  createCourseRequestSchema,
  createFormDays,
  newScheduleEntry,
  type ClassSummary,
  type Course,
} from '@korrigo/domain';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Select,
  Textarea,
  toast,
} from '@/components/ui';
import { useCreateCourse } from '../api/course-mutations';
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      const course = await createCourse.mutateAsync({ ...values, startDate: values.startDate || null });
      toast.success(courseMessages.created);
      close(false);
      onCreated(course);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : courseMessages.createFailed);
    }
  });

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
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={courseMessages.name} required error={errors.name?.message}>
              <Input maxLength={courseLimits.nameMax} {...register('name')} />
            </FormField>
            <FormField label={courseMessages.subject} required error={errors.subject?.message}>
              <Select {...register('subject')}>
                <option value="">–</option>
                {courseSubjects.map((subject) => (
                  <option key={subject} value={subject}>
                    {subject}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={courseMessages.classroom}>
              <Input maxLength={courseLimits.classroomMax} {...register('classroom')} />
            </FormField>
            <FormField label={courseMessages.startDate}>
              <Input type="date" {...register('startDate', { setValueAs: (value) => value || null })} />
            </FormField>
          </div>
          <FormField label={courseMessages.description}>
            <Textarea rows={2} maxLength={courseLimits.textMax} {...register('description')} />
          </FormField>
          <ScheduleFields
            control={control as never}
            register={register as never}
            errors={errors.schedule}
            days={createFormDays}
            minRows={1}
          />
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              {courseMessages.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {courseMessages.createCourse}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
