import { BarChart3, Table2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { analyticsTexts as t } from '../content/analytics-texts';

export type ChartView = 'chart' | 'table';

/** Diagram or table of the same figures (every chart has a table view); a pair of toggle buttons. */
export function ViewToggle({
  title,
  view,
  onChange,
}: {
  title: string;
  view: ChartView;
  onChange: (view: ChartView) => void;
}) {
  const options = [
    { value: 'chart' as const, label: t.chartView, icon: BarChart3 },
    { value: 'table' as const, label: t.tableView, icon: Table2 },
  ];
  return (
    <div
      role="group"
      aria-label={t.viewLabel(title)}
      className="inline-flex shrink-0 rounded-lg bg-slate-100 p-1"
    >
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-xs font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
            view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
          )}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </button>
      ))}
    </div>
  );
}
