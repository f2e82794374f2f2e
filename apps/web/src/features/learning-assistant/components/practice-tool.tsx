import { useId, useState } from 'react';
import {
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  practiceDifficulties,
  practiceDifficultyLabels,
  practiceLimits,
  defaultPracticeDifficulty,
  type PracticeCheck,
  type PracticeDifficulty,
  type PracticeSession,
} from '@korrigo/domain';
import { Alert, Button, FormField, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useCheckPractice, useCreatePractice } from '../api/learning-assistant';
import { formatPoints } from '../utils/format';
import { encodeAnswers, type AnswerDraft, type ItemAnswer } from '../utils/practice-answers';
import { PracticeItemView } from './practice-item';

const counts = Array.from(
  { length: practiceLimits.maxItems - practiceLimits.minItems + 1 },
  (_, index) => practiceLimits.minItems + index,
);

/** Üben: a practice from her weak areas in the selected subject, checked by the test engine. */
export function PracticeTool({ subject }: { subject: string | null }) {
  const [count, setCount] = useState<number>(practiceLimits.defaultItems);
  const [difficulty, setDifficulty] = useState<PracticeDifficulty>(defaultPracticeDifficulty);
  const [session, setSession] = useState<PracticeSession | null>(null);
  const [draft, setDraft] = useState<AnswerDraft>({});
  const [check, setCheck] = useState<PracticeCheck | null>(null);
  const create = useCreatePractice();
  const submit = useCheckPractice();
  const difficultyName = useId();

  const start = () => {
    if (!subject) return;
    submit.reset();
    create.mutate(
      { subject, count, difficulty },
      {
        onSuccess: (created) => {
          setSession(created);
          setDraft({});
          setCheck(null);
        },
      },
    );
  };

  const again = () => {
    setSession(null);
    setDraft({});
    setCheck(null);
    create.reset();
    submit.reset();
  };

  const onCheck = (event: React.FormEvent) => {
    event.preventDefault();
    if (!session) return;
    submit.mutate(
      { sessionId: session.id, answers: encodeAnswers(session.items, draft) },
      { onSuccess: setCheck },
    );
  };

  const setAnswer = (itemId: string, answer: ItemAnswer) =>
    setDraft((current) => ({ ...current, [itemId]: answer }));

  if (!session) {
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <FormField label={t.practiceCount} className="sm:w-48">
            <Select value={count} onChange={(event) => setCount(Number(event.target.value))}>
              {counts.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </FormField>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">{t.practiceDifficulty}</legend>
            <div className="flex flex-wrap gap-2">
              {practiceDifficulties.map((value) => (
                <label
                  key={value}
                  className="flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm has-checked:border-primary-600 has-checked:bg-primary-50"
                >
                  <input
                    type="radio"
                    name={difficultyName}
                    value={value}
                    checked={difficulty === value}
                    onChange={() => setDifficulty(value)}
                    className="accent-primary-700"
                  />
                  {practiceDifficultyLabels[value]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
        <div>
          <Button onClick={start} loading={create.isPending} disabled={!subject}>
            {t.practiceStart}
          </Button>
        </div>
      </div>
    );
  }

  const results = new Map(check?.items.map((item) => [item.itemId, item]));
  return (
    <form className="flex flex-col gap-4" onSubmit={onCheck} aria-label={t.toolPractice}>
      <p className="text-sm text-slate-600">
        {session.source === 'llm' ? t.practiceFromLlm : t.practiceFromTemplates}
      </p>
      <ol className="flex flex-col gap-4">
        {session.items.map((item, index) => (
          <li key={item.id}>
            <PracticeItemView
              item={item}
              number={index + 1}
              answer={draft[item.id]}
              onChange={(answer) => setAnswer(item.id, answer)}
              result={results.get(item.id) ?? null}
              disabled={check !== null}
            />
          </li>
        ))}
      </ol>
      {submit.isError ? <Alert tone="error">{errorMessage(submit.error)}</Alert> : null}
      {check ? (
        <Alert tone={check.achieved >= check.total ? 'success' : 'info'} title={s.total}>
          <span data-testid="practice-total">
            {t.practiceScore(formatPoints(check.achieved), formatPoints(check.total))}
          </span>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {check ? null : (
          <Button type="submit" loading={submit.isPending}>
            {t.practiceCheck}
          </Button>
        )}
        <Button variant="secondary" onClick={again}>
          {t.practiceAgain}
        </Button>
      </div>
    </form>
  );
}
