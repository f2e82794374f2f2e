import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  classLimits,
  classMessages,
  createClassRequestSchema,
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
import { RosterField, useRosterInput } from './roster-field';

/** The new class form (spec 001 §3); the roster is read line by line beside it (issue 34 §3). */
const formSchema = createClassRequestSchema.omit({ students: true });
type FormValues = z.input<typeof formSchema>;

type NewClassDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schools: School[];
  onCreated: (created: ClassDetail) => void;
};

/**
 * spec 001 §2 'create class' modal: school, name, grade level, description, and the class's students. The
 * screen mounts it afresh for every opening; a school added inside it joins the list without a remount, so
 * the typed fields stay and the new school is chosen (issue 34 §4).
 */
export function NewClassDialog({ open, onOpenChange, schools, onCreated }: NewClassDialogProps) {
  const createClass = useCreateClass();
  const roster = useRosterInput();
  const [submitted, setSubmitted] = useState(false);
  const [addingSchool, setAddingSchool] = useState(false);
  const newSchoolButton = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { schoolId: schools[0]?.id ?? '', name: '', gradeLevel: '', description: '' },
  });

  const closeSchoolPanel = () => {
    setAddingSchool(false);
    // back to the button that opened it, not to the top of the dialog
    requestAnimationFrame(() => newSchoolButton.current?.focus());
  };

  const onSubmit = handleSubmit((values) => {
    setSubmitted(true);
    if (!roster.ready) return;
    return withToast(
      () => createClass.mutateAsync({ ...values, students: roster.entries }),
      { success: classMessages.created, failure: classMessages.createFailed, serverMessage: true },
      (created) => {
        onOpenChange(false);
        onCreated(created);
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={classMessages.newClass}
        className="max-w-xl"
        // Escape in the 'Neue Schule' panel closes the panel, not the class form around it
        onEscapeKeyDown={(event) => {
          if (!addingSchool) return;
          event.preventDefault();
          closeSchoolPanel();
        }}
      >
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Controller
            control={control}
            name="schoolId"
            render={({ field }) => (
              <FormField label={classMessages.school} required error={errors.schoolId?.message}>
                {/* controlled: a school added below is chosen as soon as its option is there */}
                <Select {...field}>
                  <option value="">–</option>
                  {schools.map((school) => (
                    <option key={school.id} value={school.id}>
                      {school.name}
                    </option>
                  ))}
                </Select>
              </FormField>
            )}
          />
          {schools.length === 0 ? <Alert tone="info">{classMessages.noSchool}</Alert> : null}
          {addingSchool ? (
            <AddSchool
              onCancel={closeSchoolPanel}
              onAdded={(school) => {
                setValue('schoolId', school.id, { shouldValidate: true });
                closeSchoolPanel();
              }}
            />
          ) : (
            <div>
              <Button
                ref={newSchoolButton}
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setAddingSchool(true)}
              >
                {classMessages.newSchool}
              </Button>
            </div>
          )}
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
          <RosterField
            roster={roster}
            label={classMessages.roster}
            hint={classMessages.rosterHint}
            showMissingChoice={submitted}
          />
          <CreateDialogFooter
            cancelLabel={classMessages.cancel}
            submitLabel={classMessages.createClass}
            submitting={isSubmitting}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Neue Schule' inline: a second school next to the profile's (issue 15 §1). Not a nested form and not a
 * nested dialog: the class form stays as typed around it, and Escape or Abbrechen closes only this panel.
 */
function AddSchool({ onAdded, onCancel }: { onAdded: (school: School) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const createSchool = useCreateSchool();

  const add = async () => {
    if (!name.trim()) {
      setError(classMessages.schoolNameRequired);
      return;
    }
    try {
      const school = await createSchool.mutateAsync({ name: name.trim() });
      toast.success(classMessages.schoolCreated);
      onAdded(school);
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
        <Button type="button" variant="secondary" size="md" onClick={onCancel}>
          {classMessages.cancel}
        </Button>
        <Button type="button" loading={createSchool.isPending} onClick={() => void add()}>
          {classMessages.addSchool}
        </Button>
      </div>
    </div>
  );
}
