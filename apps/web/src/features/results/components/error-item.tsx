import { X } from 'lucide-react';
import { analysisScreenMessages as t, type GradingError } from '@korrigo/domain';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPoints, legendFor } from '../utils/result-view';

type ErrorItemProps = {
  error: GradingError;
  /** given while the teacher may dismiss the error */
  onDismiss?: () => void;
  saving: boolean;
};

/** One error of a subtask: its severity, deduction, explanation and suggestion. */
export function ErrorItem({ error, onDismiss, saving }: ErrorItemProps) {
  const legend = legendFor(error.severity);
  return (
    <li className="flex items-start gap-2 rounded-md bg-slate-50 p-2 text-sm">
      <span className={cn('mt-0.5 rounded px-1.5 text-xs font-medium', legend.className)}>
        {legend.label}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {error.title}
          {error.point_deduction > 0 ? (
            error.overridden ? (
              // her points settle the unit: the engine's deduction stays visible to her, struck through
              <>
                <s className="ml-2 text-slate-500">{t.deduction(formatPoints(error.point_deduction))}</s>
                <span className="ml-2 text-xs font-normal text-slate-600">{t.deductionOverridden}</span>
              </>
            ) : (
              <span className="ml-2 text-red-700">{t.deduction(formatPoints(error.point_deduction))}</span>
            )
          ) : null}
        </p>
        {error.message || error.details ? (
          <p className="text-slate-700">{error.message || error.details}</p>
        ) : null}
        {error.suggestion ? (
          <p className="text-slate-600">
            {t.suggestion}: {error.suggestion}
          </p>
        ) : null}
      </div>
      {onDismiss ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="print:hidden"
          disabled={saving}
          aria-label={`${t.dismissError}: ${error.title}`}
          onClick={onDismiss}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      ) : null}
    </li>
  );
}
