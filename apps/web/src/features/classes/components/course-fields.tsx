import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { courseLimits, courseMessages } from '@korrigo/domain';
import { FormField, Input, Select, Textarea } from '@/components/ui';

type CourseTextForm = { name: string; subject: string; classroom?: string; description?: string };

type CourseFieldsProps = {
  // the create and edit forms both hold these fields; react-hook-form's types cannot say "a form with at least"
  register: UseFormRegister<CourseTextForm>;
  errors: FieldErrors<CourseTextForm>;
  /** the subjects to choose from (the edit form keeps a subject that is no longer on the list) */
  subjects: readonly string[];
  /** more fields in the grid after the classroom (the create form's start date) */
  children?: ReactNode;
};

/** Name, subject, classroom and description of a course (spec 001 §3, §5: name and subject required). */
export function CourseFields({ register, errors, subjects, children }: CourseFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={courseMessages.name} required error={errors.name?.message}>
          <Input maxLength={courseLimits.nameMax} {...register('name')} />
        </FormField>
        <FormField label={courseMessages.subject} required error={errors.subject?.message}>
          <Select {...register('subject')}>
            <option value="">–</option>
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={courseMessages.classroom}>
          <Input maxLength={courseLimits.classroomMax} {...register('classroom')} />
        </FormField>
        {children}
      </div>
      <FormField label={courseMessages.description}>
        <Textarea rows={2} maxLength={courseLimits.textMax} {...register('description')} />
      </FormField>
    </>
  );
}
