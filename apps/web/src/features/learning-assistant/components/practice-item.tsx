import { useId } from 'react';
import {
  clozeParts,
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  questionTypeLabels,
  type PracticeCheck,
  type PracticeItem,
} from '@korrigo/domain';
import { Badge, Select, Textarea } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPoints } from '../utils/format';
import type { ItemAnswer } from '../utils/practice-answers';

type PracticeItemViewProps = {
  item: PracticeItem;
  number: number;
  answer: ItemAnswer | undefined;
  onChange: (answer: ItemAnswer) => void;
  result: PracticeCheck['items'][number] | null;
  disabled: boolean;
};

/** One practice item, answered the way its test-creator question type asks for. */
export function PracticeItemView({
  item,
  number,
  answer,
  onChange,
  result,
  disabled,
}: PracticeItemViewProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="practice-item"
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-4',
        result
          ? result.correct
            ? 'border-green-300 bg-green-50/40'
            : 'border-amber-300 bg-amber-50/40'
          : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {s.itemNumber(number)}
        </h3>
        <Badge>{questionTypeLabels[item.type]}</Badge>
        <span className="text-xs text-slate-600">{s.itemPoints(formatPoints(item.points))}</span>
      </div>
      <p className="text-xs text-slate-600">{item.trains}</p>
      <ItemInput item={item} answer={answer ?? []} onChange={onChange} disabled={disabled} />
      {result ? (
        <div
          className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm"
          data-testid="practice-result"
        >
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={result.correct ? 'success' : 'warning'}>
              {result.correct ? t.correct : t.incorrect}
            </Badge>
            <span className="text-slate-700">
              {t.practiceScore(formatPoints(result.achieved), formatPoints(result.max))}
            </span>
          </p>
          {result.feedback ? <p className="text-slate-800">{result.feedback}</p> : null}
          {result.solution ? (
            <p className="text-slate-800">
              <span className="font-medium">{t.solution}:</span> {solutionText(item, result.solution)}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const blankClasses = cn(
  'mx-1 inline-block h-8 w-32 max-w-full rounded-md border border-slate-300 bg-white px-2 align-baseline text-base text-slate-900 sm:text-sm',
  'hover:border-slate-400 focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-primary-600/40',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
);

/** A cloze solution comes as the blanks joined by '|' (the test creator's answer key): shown per blank. */
function solutionText(item: PracticeItem, solution: string): string {
  if (item.type !== 'cloze' || !solution.includes('|')) return solution;
  return solution
    .split('|')
    .map((part, index) => `(${index + 1}) ${part.trim()}`)
    .join('  ');
}

type ItemInputProps = {
  item: PracticeItem;
  answer: ItemAnswer;
  onChange: (answer: ItemAnswer) => void;
  disabled: boolean;
};

const withSlot = (answer: ItemAnswer, index: number, value: string) => {
  const next = [...answer];
  next[index] = value;
  return Array.from(next, (entry) => entry ?? '');
};

function ItemInput({ item, answer, onChange, disabled }: ItemInputProps) {
  const name = useId();
  if (item.type === 'multiple-choice') {
    return (
      // has-checked: her choice stays legible once the checked item is disabled
      <fieldset disabled={disabled} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-slate-900">{item.text}</legend>
        {item.options.map((option) => (
          <label
            key={option.id}
            className="flex cursor-pointer items-start gap-2 text-sm text-slate-800 has-checked:font-semibold has-checked:text-slate-900"
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={answer[0] === option.id}
              onChange={() => onChange([option.id])}
              className="mt-0.5 accent-primary-700"
            />
            <span>{option.text}</span>
          </label>
        ))}
      </fieldset>
    );
  }

  if (item.type === 'cloze') {
    // the test creator's marking: each [..] in the text is one blank (clozeParts, as in its preview)
    const parts = clozeParts(item.text);
    return (
      <p className="text-sm leading-10 whitespace-pre-wrap text-slate-900" data-testid="cloze-text">
        {parts.map((part, index) => (
          <span key={index}>
            {part}
            {index < parts.length - 1 ? (
              // not the design system's Input: that is a full-width block, and a blank sits in the line
              <input
                type="text"
                aria-label={s.blank(index + 1)}
                value={answer[index] ?? ''}
                onChange={(event) => onChange(withSlot(answer, index, event.target.value))}
                disabled={disabled}
                className={blankClasses}
              />
            ) : null}
          </span>
        ))}
      </p>
    );
  }

  if (item.type === 'matching') {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-900">{item.text}</p>
        <ul className="flex flex-col gap-2">
          {item.matchingLeft.map((left, index) => (
            <li key={index} className="grid gap-1.5 sm:grid-cols-2 sm:items-center sm:gap-3">
              <label htmlFor={`${name}-${index}`} className="text-sm text-slate-800">
                {left}
              </label>
              <Select
                id={`${name}-${index}`}
                value={answer[index] ?? ''}
                onChange={(event) => onChange(withSlot(answer, index, event.target.value))}
                disabled={disabled}
              >
                <option value="">{s.matchingChoose}</option>
                {item.matchingRight.map((right, rightIndex) => (
                  <option key={rightIndex} value={right}>
                    {right}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm text-slate-900">
        {item.text}
      </label>
      <Textarea
        id={name}
        value={answer[0] ?? ''}
        onChange={(event) => onChange([event.target.value])}
        disabled={disabled}
        placeholder={s.openAnswer}
      />
    </div>
  );
}
