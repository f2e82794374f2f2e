import { useState } from 'react';
import {
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  type LearningMistake,
} from '@korrigo/domain';
import { Alert, Button, FormField, Select } from '@/components/ui';
import { PricingLink } from '@/components/account/pricing-link';
import { errorMessage } from '@/lib/api-client';
import { useExplainMistake } from '../api/learning-assistant';

/** e.g. 'Rechtschreibung – „wiederrum“ (Erörterung Handy)' */
const mistakeLabel = (mistake: LearningMistake) =>
  [mistake.error, mistake.quoted ? `„${mistake.quoted}“` : null].filter(Boolean).join(' – ') +
  ` (${mistake.title})`;

type ExplainToolProps = { mistakes: LearningMistake[]; subject: string | null };

/** Erklären: one of her mistakes explained, with the correct form and a tip. */
export function ExplainTool({ mistakes, subject }: ExplainToolProps) {
  // the selected subject's mistakes first: that is the one she is looking at
  const ordered = [
    ...mistakes.filter((mistake) => mistake.subject === subject),
    ...mistakes.filter((mistake) => mistake.subject !== subject),
  ];
  const [picked, setPicked] = useState<string | null>(null);
  const mistakeId = picked ?? ordered[0]?.id ?? '';
  const explain = useExplainMistake();

  if (mistakes.length === 0) return <p className="text-sm text-slate-600">{t.explainNone}</p>;

  const subjects = [...new Set(ordered.map((mistake) => mistake.subject))];
  const explanation = explain.data?.mistakeId === mistakeId ? explain.data : null;
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (mistakeId) explain.mutate(mistakeId);
        }}
      >
        <FormField label={t.explainPick} className="min-w-0 flex-1">
          <Select value={mistakeId} onChange={(event) => setPicked(event.target.value)}>
            {subjects.map((name) => (
              <optgroup key={name} label={name}>
                {ordered
                  .filter((mistake) => mistake.subject === name)
                  .map((mistake) => (
                    <option key={mistake.id} value={mistake.id}>
                      {mistakeLabel(mistake)}
                    </option>
                  ))}
              </optgroup>
            ))}
          </Select>
        </FormField>
        <Button type="submit" loading={explain.isPending}>
          {t.explainButton}
        </Button>
      </form>
      {explain.isError ? (
        <Alert tone="error">
          {errorMessage(explain.error)}
          <PricingLink error={explain.error} />
        </Alert>
      ) : null}
      {explanation ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 text-sm"
          data-testid="explanation"
        >
          <p className="text-slate-900">{explanation.explanation}</p>
          {explanation.correctForm ? (
            <p>
              <span className="font-medium text-slate-900">{t.explainCorrectForm}:</span>{' '}
              <span className="text-green-800">{explanation.correctForm}</span>
            </p>
          ) : null}
          <p>
            <span className="font-medium text-slate-900">{t.explainTip}:</span> {explanation.tip}
          </p>
          {explanation.source === 'llm' ? (
            <p className="text-xs text-slate-500">{s.explainSourceLlm}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
