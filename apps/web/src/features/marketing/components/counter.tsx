import { useCountUp } from '../hooks/use-count-up';
import { useInView } from '../hooks/use-in-view';
import { formatNumberDe } from '../utils/format-number';

type CounterProps = {
  value: number;
  decimals?: number;
  prefix?: string;
  suffix?: string;
  label: string;
  className?: string;
};

const format = (value: number, decimals: number) => formatNumberDe(value, decimals);

/**
 * An animated figure (spec 000 §1, §9). Screen readers get the final value only: the moving number is
 * hidden from them so they are not flooded with updates.
 */
export function Counter({ value, decimals = 0, prefix = '', suffix = '', label, className }: CounterProps) {
  const [ref, inView] = useInView<HTMLDivElement>('0px');
  const shown = useCountUp(value, inView);
  const final = `${prefix}${format(value, decimals)}${suffix}`;
  return (
    <div ref={ref} className={className}>
      <p className="text-3xl font-semibold tracking-tight text-primary-800 tabular-nums sm:text-4xl">
        <span aria-hidden="true" data-testid="counter-value">
          {prefix}
          {format(shown, decimals)}
          {suffix}
        </span>
        <span className="sr-only">{final}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{label}</p>
    </div>
  );
}
