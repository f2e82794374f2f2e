import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

type ProgressTone = 'primary' | 'success' | 'warning' | 'danger';

const tones: Record<ProgressTone, string> = {
  primary: 'bg-primary-600',
  success: 'bg-green-600',
  warning: 'bg-amber-500',
  danger: 'bg-red-600',
};

type ProgressProps = {
  /** 0..max */
  value: number;
  max?: number;
  tone?: ProgressTone;
  /** accessible name, e.g. "Fortschritt" */
  label: string;
  /** what a screen reader hears, e.g. "3 von 5 Credits übrig" */
  valueText?: string;
  className?: string;
};

export function Progress({ value, max = 100, tone = 'primary', label, valueText, className }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={max}
      aria-label={label}
      getValueLabel={valueText ? () => valueText : undefined}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      {/* React sets the width through the CSSOM, which a strict CSP allows (no style attribute in markup). */}
      <ProgressPrimitive.Indicator
        data-tone={tone}
        className={cn('h-full rounded-full transition-[width] duration-300', tones[tone])}
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
