import { useState } from 'react';
import { analysisMessages, analysisScreenMessages as t } from '@korrigo/domain';
import { Input } from '@/components/ui';
import { formatPoints } from '../utils/result-view';

type PointsInputProps = {
  label: string;
  value: number | null;
  max: number | null;
  disabled: boolean;
  onCommit: (points: number) => void;
};

/** A subtask's points; a valid, changed value is sent on Enter or when the field loses focus. */
export function PointsInput({ label, value, max, disabled, onCommit }: PointsInputProps) {
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // the server's answer replaces what was typed
    setShown(value);
    setDraft(value === null ? '' : String(value));
  }

  const commit = () => {
    const points = Number(draft.replace(',', '.'));
    const upper = max ?? Number.POSITIVE_INFINITY;
    if (draft.trim() === '' || !Number.isFinite(points) || points < 0 || points > upper) {
      setError(analysisMessages.pointsOutOfRange(max ?? 0));
      return;
    }
    setError(null);
    if (points !== value) onCommit(points);
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-1.5 text-sm">
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={max ?? undefined}
          step={0.5}
          value={draft}
          disabled={disabled}
          aria-label={t.pointsInput(label, formatPoints(max))}
          aria-invalid={error ? true : undefined}
          className="h-9 w-20 text-right"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <span className="whitespace-nowrap text-slate-600">/ {formatPoints(max)}</span>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
