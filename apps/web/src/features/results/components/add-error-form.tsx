import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import {
  analysisScreenMessages as t,
  parsePoints,
  readPoints,
  type GradingError,
  type ReviewChange,
} from '@korrigo/domain';
import { Button, FormField, Input, Select, Textarea } from '@/components/ui';

/** The four highlight classes of spec 000 §4, as the teacher chooses them. */
const severityChoices = ['critical', 'moderate', 'minor', 'info'] as const;

type AddErrorFormProps = {
  /** the subtask's label, for the button's accessible name */
  label: string;
  taskIndex: number;
  subtaskIndex: number;
  achievedPoints: number | null;
  /** the student's text: a quoted passage must occur in it to be highlighted */
  studentText: string;
  saving: boolean;
  apply: (changes: ReviewChange[]) => Promise<unknown>;
};

type Draft = {
  title: string;
  severity: string;
  deduction: string;
  message: string;
  suggestion: string;
  quote: string;
};

const emptyDraft: Draft = {
  title: '',
  severity: 'moderate',
  deduction: '0',
  message: '',
  suggestion: '',
  quote: '',
};

/**
 * A mistake the engine missed, with its deduction; the server lowers the subtask's points by it and
 * recomputes totals and grade, so the view shows the server's answer.
 */
export function AddErrorForm(props: AddErrorFormProps) {
  const { label, taskIndex, subtaskIndex, achievedPoints, studentText, saving, apply } = props;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Partial<Record<keyof Draft, string>>>({});

  if (draft === null) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start print:hidden"
        aria-label={t.addErrorFor(label)}
        onClick={() => setDraft(emptyDraft)}
      >
        <Plus aria-hidden="true" className="size-3.5" />
        {t.addError}
      </Button>
    );
  }

  const set = (key: keyof Draft) => (value: string) => setDraft({ ...draft, [key]: value });
  const maxDeduction = achievedPoints ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof Draft, string>> = {};
    const title = draft.title.trim();
    if (!title) found.title = t.errorTitleRequired;
    const parsed = parsePoints(draft.deduction.trim() || '0', { max: maxDeduction });
    if (!parsed.ok) found.deduction = parsed.message;
    const deduction = parsed.ok ? parsed.value : 0;
    const quote = draft.quote.trim();
    const start = quote ? studentText.indexOf(quote) : -1;
    if (quote && start < 0) found.quote = t.errorQuoteNotFound;
    setProblems(found);
    if (Object.keys(found).length > 0) return;

    const error: GradingError = {
      title,
      point_deduction: deduction,
      details: '',
      suggestion: draft.suggestion.trim(),
      severity: draft.severity,
      message: draft.message.trim(),
      location: quote ? { type: 'text', start, end: start + quote.length, quoted_text: quote } : null,
      category: 'teacher',
    };
    // the server lowers the points by the deduction itself (one rule, in finalise)
    void apply([{ type: 'add_error', taskIndex, subtaskIndex, error }])
      .then(() => setDraft(null))
      .catch(() => {});
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 print:hidden"
      aria-label={t.addErrorFor(label)}
      noValidate
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_8rem]">
        <FormField label={t.errorTitle} error={problems.title} required>
          <Input value={draft.title} maxLength={200} onChange={(event) => set('title')(event.target.value)} />
        </FormField>
        <FormField label={t.errorSeverity}>
          <Select value={draft.severity} onChange={(event) => set('severity')(event.target.value)}>
            {severityChoices.map((severity) => (
              <option key={severity} value={severity}>
                {t.severity[severity]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t.errorDeduction} error={problems.deduction}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={draft.deduction}
            onChange={(event) => set('deduction')(event.target.value)}
          />
        </FormField>
      </div>
      <FormField label={t.errorQuote} hint={t.errorQuoteHint} error={problems.quote}>
        <Input value={draft.quote} maxLength={500} onChange={(event) => set('quote')(event.target.value)} />
      </FormField>
      <FormField label={t.errorExplanation}>
        <Textarea
          rows={2}
          value={draft.message}
          maxLength={2000}
          onChange={(event) => set('message')(event.target.value)}
        />
      </FormField>
      <FormField label={t.errorSuggestion}>
        <Textarea
          rows={2}
          value={draft.suggestion}
          maxLength={2000}
          onChange={(event) => set('suggestion')(event.target.value)}
        />
      </FormField>
      {(readPoints(draft.deduction) ?? 0) > 0 ? (
        <p className="text-xs text-slate-600">{t.errorDeductionHint}</p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={saving}>
          {t.saveError}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
