import { useRef, useState, type KeyboardEvent } from 'react';
import { analysisScreenMessages as t, parsePoints } from '@korrigo/domain';
import { Input } from '@/components/ui';
import { formatPoints } from '../utils/result-view';

type PointsInputProps = {
  /** the task's or subtask's label */
  label: string;
  /** null: left open by the engine, for the teacher to enter */
  value: number | null;
  /** null: no maximum either (graded without a key): the teacher enters it with the points */
  max: number | null;
  disabled: boolean;
  onCommit: (points: number, maxPoints?: number) => void;
};

/** the largest maximum a teacher may give one task or subtask (the review schema's bound) */
const largestMax = 1000;

const asText = (value: number | null) => (value === null ? '' : formatPoints(value));

/**
 * Points of a task or subtask as the teacher types them ("1,5"); a valid, changed value is sent on Enter or
 * when the field loses focus, anything else gets a German message and is not sent. Text fields, not number
 * fields: browsers read "1,5" in a number field differently (or not at all).
 */
export function PointsInput({ label, value, max, disabled, onCommit }: PointsInputProps) {
  const [draft, setDraft] = useState(asText(value));
  const [maxDraft, setMaxDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  // Enter, then the field's blur before the answer is back, must not send the same value twice: a second
  // points change would be logged as '1,5 → 1,5' in the trail, a second pair found its maximum already set
  // and refused. Typing or coming back to the field allows the next send.
  const sent = useRef<string | null>(null);
  const sendOnce = (points: number, maxPoints?: number) => {
    const key = `${points}/${maxPoints ?? ''}`;
    if (sent.current === key) return;
    sent.current = key;
    onCommit(points, maxPoints);
  };
  if (shown !== value) {
    // the server's answer replaces what was typed
    setShown(value);
    setDraft(asText(value));
  }

  const commit = () => {
    if (max === null) return commitWithMax();
    // an open field left empty stays open
    if (value === null && draft.trim() === '') return setError(null);
    const parsed = parsePoints(draft, { max });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    if (parsed.value !== value) sendOnce(parsed.value);
  };

  const commitWithMax = () => {
    if (draft.trim() === '' && maxDraft.trim() === '') return setError(null);
    if (draft.trim() === '' || maxDraft.trim() === '') return setError(t.pointsAndMaxRequired);
    const parsedMax = parsePoints(maxDraft, { max: largestMax });
    if (!parsedMax.ok) return setError(parsedMax.message);
    const parsed = parsePoints(draft, { max: parsedMax.value });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    sendOnce(parsed.value, parsedMax.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const onFocus = () => {
    sent.current = null;
  };
  const field = {
    type: 'text',
    inputMode: 'decimal',
    autoComplete: 'off',
    disabled,
    onKeyDown,
    onFocus,
  } as const;

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-1.5 text-sm">
        {/* the control fills its box (w-full), so the box sets the width */}
        <div className="w-20">
          <Input
            {...field}
            value={draft}
            placeholder={value === null ? t.openPoints : undefined}
            aria-label={max === null ? t.openPointsInput(label) : t.pointsInput(label, formatPoints(max))}
            aria-invalid={error ? true : undefined}
            className="h-9 text-right"
            onChange={(event) => {
              sent.current = null;
              setDraft(event.target.value);
            }}
            onBlur={max === null ? undefined : commit}
          />
        </div>
        <span className="whitespace-nowrap text-slate-600">/</span>
        {max === null ? (
          <div className="w-20">
            <Input
              {...field}
              value={maxDraft}
              placeholder="max."
              aria-label={t.maxPointsInput(label)}
              aria-invalid={error ? true : undefined}
              className="h-9 text-right"
              onChange={(event) => {
                sent.current = null;
                setMaxDraft(event.target.value);
              }}
              onBlur={commit}
            />
          </div>
        ) : (
          <span className="whitespace-nowrap text-slate-600">{formatPoints(max)}</span>
        )}
      </div>
      {error ? (
        <p role="alert" className="max-w-56 text-right text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
