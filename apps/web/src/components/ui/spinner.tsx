import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

type SpinnerProps = { className?: string; label?: string };

/** A spinning icon; with a label it is announced, without one it is decoration. */
export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
