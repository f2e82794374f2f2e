import { useState, type FormEvent } from 'react';
import {
  historyMessages as t,
  parsePoints,
  readPoints,
  type AnalysisDetailsUpdateInput,
  type HistoryItem,
} from '@korrigo/domain';
import { Alert, Button, Dialog, DialogContent, DialogFooter, FormField, Input } from '@/components/ui';
import { ApiClientError } from '@/lib/api-client';
import { useUpdateAnalysis } from '../api/history';

type Draft = {
  title: string;
  subject: string;
  student_name: string;
  grade_level: string;
  grade: string;
  achieved_points: string;
  total_points: string;
};

const asText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** the most points the server takes (historyMessages.pointsTooLarge) */
const maxPoints = 100_000;

/** Typed points read as everywhere else ('12,5'); '' is "no value". The message of the first wrong one. */
function pointsProblems(draft: Draft): Partial<Record<'achieved_points' | 'total_points', string>> {
  const problems: Partial<Record<'achieved_points' | 'total_points', string>> = {};
  const total = draft.total_points.trim() ? parsePoints(draft.total_points, { max: maxPoints }) : null;
  if (total && !total.ok) problems.total_points = total.message;
  if (draft.achieved_points.trim()) {
    const max = (total?.ok ? total.value : readPoints(draft.total_points)) ?? maxPoints;
    const achieved = parsePoints(draft.achieved_points, { max });
    if (!achieved.ok) problems.achieved_points = achieved.message;
  }
  return problems;
}

function draftOf(item: HistoryItem): Draft {
  return {
    title: item.title,
    subject: item.subject,
    student_name: item.student_name,
    grade_level: item.grade_level,
    grade: item.grade ?? '',
    achieved_points: asText(item.achieved_points),
    total_points: asText(item.total_points),
  };
}

type Props = {
  /** the row being edited; null closes the dialog */
  item: HistoryItem | null;
  onClose: () => void;
  onSaved: (item: HistoryItem) => void;
  /** opens the analysis, where a confirmed grading is reopened */
  onView: (item: HistoryItem) => void;
};

/**
 * spec 000 §2 'Edit Analysis Details': opens with a copy of the row (spec 000 §4). The form itself checks
 * nothing (spec 000 §5); the server does and its German reason is shown under the field.
 */
export function EditAnalysisDialog({ item, onClose, onSaved, onView }: Props) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent title={t.editTitle}>
          <EditForm key={item.id} item={item} onClose={onClose} onSaved={onSaved} onView={onView} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EditForm({ item, onClose, onSaved, onView }: { item: HistoryItem } & Omit<Props, 'item'>) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [problems, setProblems] = useState<ReturnType<typeof pointsProblems>>({});
  const update = useUpdateAnalysis();
  // issue 14 §10: a confirmed grading is changed only by reopening it (in the result view)
  const confirmed = item.reviewState === 'confirmed';
  // spec 000 §2: the point fields only when either has a value
  const showPoints = item.achieved_points !== null || item.total_points !== null;
  const failure = update.error instanceof ApiClientError ? update.error : null;
  const fieldError = (field: keyof Draft) =>
    (field === 'achieved_points' || field === 'total_points' ? problems[field] : undefined) ??
    failure?.fields?.[field] ??
    null;

  const bind = (field: keyof Draft) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (confirmed) return;
    const found = showPoints ? pointsProblems(draft) : {};
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const changes: AnalysisDetailsUpdateInput = {
      title: draft.title,
      subject: draft.subject,
      student_name: draft.student_name,
      grade_level: draft.grade_level,
      grade: draft.grade,
      ...(showPoints
        ? {
            // the server reads '12,5' and turns '' into "no value"
            achieved_points: draft.achieved_points,
            total_points: draft.total_points,
          }
        : {}),
    };
    try {
      const saved = await update.mutateAsync({ id: item.id, changes });
      onSaved(saved);
    } catch {
      // shown below from update.error
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {confirmed ? (
        <Alert tone="info">
          <span className="flex flex-col items-start gap-2">
            {t.confirmed}
            <Button size="sm" variant="secondary" onClick={() => onView(item)}>
              {t.openAnalysis}
            </Button>
          </span>
        </Alert>
      ) : null}
      <fieldset disabled={confirmed} className="contents">
        {update.isError ? (
          <Alert tone="error" title={t.updateFailed}>
            {failure?.fields ? null : failure?.message}
          </Alert>
        ) : null}
        <FormField label={t.fields.title} error={fieldError('title')}>
          <Input {...bind('title')} autoComplete="off" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t.fields.course} error={fieldError('subject')}>
            <Input {...bind('subject')} autoComplete="off" />
          </FormField>
          <FormField label={t.fields.class} error={fieldError('grade_level')}>
            <Input {...bind('grade_level')} autoComplete="off" />
          </FormField>
        </div>
        <FormField label={t.fields.studentName} error={fieldError('student_name')}>
          <Input {...bind('student_name')} autoComplete="off" />
        </FormField>
        <FormField label={t.fields.grade} error={fieldError('grade')}>
          <Input {...bind('grade')} autoComplete="off" className="sm:max-w-40" />
        </FormField>
        {showPoints ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t.fields.achievedPoints} error={fieldError('achieved_points')}>
              <Input {...bind('achieved_points')} inputMode="decimal" autoComplete="off" />
            </FormField>
            <FormField label={t.fields.totalPoints} error={fieldError('total_points')}>
              <Input {...bind('total_points')} inputMode="decimal" autoComplete="off" />
            </FormField>
          </div>
        ) : null}
      </fieldset>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={confirmed}>
          {t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
