import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  classLimits,
  classMessages,
  createClassRequestSchema,
  parseRosterList,
  type ClassDetail,
  type School,
} from '@korrigo/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  FormField,
  Input,
  Select,
  Textarea,
  toast,
} from '@/components/ui';
import { useCreateClass } from '../api/class-mutations';
import { useCreateSchool } from '../api/create-school';
import { withToast } from '../utils/with-toast';
import { CreateDialogFooter } from './dialog-parts';
import { RosterCount, RosterTextarea } from './roster-field';

/** The new class form (spec 001 §3) with the roster as the text the teacher typed or pasted. */
const formSchema = createClassRequestSchema
  .omit({ students: true })
  .extend({ roster: z.string().max(classLimits.rosterMax * 400) });
type FormValues = z.input<typeof formSchema>;

type NewClassDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schools: School[];
  onCreated: (created: ClassDetail) => void;
};

/** spec 001 §2 'create class' modal: school, name, grade level, description, and the class's students. */
export function NewClassDialog({ open, onOpenChange, schools, onCreated }: NewClassDialogProps) {
  const createClass = useCreateClass();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { schoolId: schools[0]?.id ?? '', name: '', gradeLevel: '', description: '', roster: '' },
  });
  const roster = useWatch({ control, name: 'roster' }) ?? '';

  const close = (next: boolean) => {
    if (!next)
      reset({ schoolId: schools[0]?.id ?? '', name: '', gradeLevel: '', description: '', roster: '' });
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(({ roster: text, ...values }) =>
    withToast(
      () => createClass.mutateAsync({ ...values, students: parseRosterList(text) }),
      { success: classMessages.created, failure: classMessages.createFailed, serverMessage: true },
      (created) => {
        close(false);
        onCreated(created);
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={classMessages.newClass} className="max-w-xl">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField label={classMessages.school} required error={errors.schoolId?.message}>
            <Select {...register('schoolId')}>
              <option value="">–</option>
              {schools.map((school) => (
                <option key={school.id} value={school.id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
          {schools.length === 0 ? <Alert tone="info">{classMessages.noSchool}</Alert> : null}
          <AddSchool onAdded={(school) => setValue('schoolId', school.id, { shouldValidate: true })} />
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <FormField label={classMessages.name} required error={errors.name?.message}>
              <Input maxLength={classLimits.nameMax} placeholder="z. B. 7b" {...register('name')} />
            </FormField>
            <FormField label={classMessages.gradeLevel} required error={errors.gradeLevel?.message}>
              <Input
                maxLength={classLimits.gradeLevelMax}
                placeholder="z. B. 7"
                {...register('gradeLevel')}
              />
            </FormField>
          </div>
          <FormField label={classMessages.description} error={errors.description?.message}>
            <Textarea rows={2} maxLength={classLimits.descriptionMax} {...register('description')} />
          </FormField>
          <FormField
            label={classMessages.roster}
            hint={classMessages.rosterHint}
            error={errors.roster?.message}
          >
            <RosterTextarea {...register('roster')} />
          </FormField>
          <RosterCount text={roster} />
          <CreateDialogFooter
            cancelLabel={classMessages.cancel}
            submitLabel={classMessages.createClass}
            submitting={isSubmitting}
            onCancel={() => close(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Neue Schule' inline: a second school next to the profile's (issue 15 §1). Not a nested form. */
function AddSchool({ onAdded }: { onAdded: (school: School) => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const createSchool = useCreateSchool();

  if (!editing) {
    return (
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
          {classMessages.newSchool}
        </Button>
      </div>
    );
  }
  const add = async () => {
    if (!name.trim()) {
      setError(classMessages.schoolNameRequired);
      return;
    }
    try {
      const school = await createSchool.mutateAsync({ name: name.trim() });
      toast.success(classMessages.schoolCreated);
      onAdded(school);
      setEditing(false);
      setName('');
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : classMessages.schoolNameRequired);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-end">
      <FormField label={classMessages.schoolName} error={error} className="flex-1">
        <Input
          value={name}
          maxLength={classLimits.nameMax}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" size="md" onClick={() => setEditing(false)}>
          {classMessages.cancel}
        </Button>
        <Button type="button" loading={createSchool.isPending} onClick={() => void add()}>
          {classMessages.addSchool}
        </Button>
      </div>
    </div>
  );
}
