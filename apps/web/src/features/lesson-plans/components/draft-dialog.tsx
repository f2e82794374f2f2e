import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  courseSubjects,
  lessonDraftRequestSchema,
  lessonPlanMessages as m,
  type LessonDraft,
  type LessonDraftRequest,
  type LessonTemplate,
} from '@korrigo/domain';
import { Alert, Button, Dialog, DialogContent, DialogFooter, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useCreateLessonDraft } from '../api/create-lesson-draft';

type FormValues = z.input<typeof lessonDraftRequestSchema>;

type DraftDialogProps = {
  template: LessonTemplate | null;
  /** AI_PROVIDER=openai-compatible: the draft comes from the model */
  fromModel: boolean;
  onClose: () => void;
  onDraft: (draft: LessonDraft) => void;
};

/** Topic, class, subject and duration first; the server makes the draft (issue 18 point 3). */
export function DraftDialog({ template, fromModel, onClose, onDraft }: DraftDialogProps) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {template ? (
        <DialogContent title={m.draftTitle(template.name)} description={m.draftIntro}>
          <DraftForm
            key={template.id}
            template={template}
            fromModel={fromModel}
            onClose={onClose}
            onDraft={onDraft}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DraftForm({
  template,
  fromModel,
  onClose,
  onDraft,
}: {
  template: LessonTemplate;
  fromModel: boolean;
  onClose: () => void;
  onDraft: (draft: LessonDraft) => void;
}) {
  const createDraft = useCreateLessonDraft();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, LessonDraftRequest>({
    resolver: zodResolver(lessonDraftRequestSchema),
    defaultValues: {
      templateId: template.id,
      topic: '',
      gradeLevel: '',
      subject: template.subject ?? '',
      durationMinutes: 45,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      onDraft(await createDraft.mutateAsync(values));
    } catch {
      // the error is shown below the form
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={m.draftTitle(template.name)}
    >
      <FormField label={m.fieldTopic} error={errors.topic?.message} required>
        <Input autoFocus maxLength={300} {...register('topic')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={m.fieldGradeLevel} error={errors.gradeLevel?.message}>
          <Input maxLength={40} {...register('gradeLevel')} />
        </FormField>
        <FormField label={m.fieldSubject} error={errors.subject?.message}>
          <Input list="lesson-draft-subjects" maxLength={100} {...register('subject')} />
        </FormField>
        <FormField label={m.fieldDuration} error={errors.durationMinutes?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={5}
            max={600}
            step={5}
            {...register('durationMinutes', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <datalist id="lesson-draft-subjects">
        {courseSubjects.map((subject) => (
          <option key={subject} value={subject} />
        ))}
      </datalist>
      <p className="text-sm text-slate-600">{fromModel ? m.draftFromModel : m.draftFromTemplate}</p>
      {createDraft.isError ? (
        <Alert tone="error">{errorMessage(createDraft.error) || m.draftFailed}</Alert>
      ) : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="submit" loading={createDraft.isPending}>
          {createDraft.isPending ? m.draftCreating : m.draftCreate}
        </Button>
      </DialogFooter>
    </form>
  );
}
