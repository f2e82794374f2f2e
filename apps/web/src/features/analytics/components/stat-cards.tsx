import { ArrowDown, ArrowRight, ArrowUp, Minus } from 'lucide-react';
import { analyticsMessages as m, type AnalyticsOverview } from '@korrigo/domain';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';
import { analyticsTexts as t } from '../content/analytics-texts';
import { formatStat, statChange, type StatKind } from '../utils/analytics-format';

const kinds: StatKind[] = ['papers', 'averageGrade', 'averageScore', 'hoursSaved'];

const toneClass = { good: 'text-green-800', bad: 'text-red-800', neutral: 'text-slate-600' } as const;
const arrows = { up: ArrowUp, down: ArrowDown, same: ArrowRight, none: Minus } as const;

/** Issue 18: the four stat cards, each with its change against the window before (in words, not colour only). */
export function StatCards({ id, stats }: { id: string; stats: AnalyticsOverview['stats'] }) {
  return (
    <dl
      id={id}
      className="grid scroll-mt-20 grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4"
      data-testid="analytics-stats"
    >
      {kinds.map((kind) => {
        const figure = stats[kind];
        const change = statChange(kind, figure, stats.papers.previous);
        const Arrow = arrows[change.direction];
        return (
          <Card key={kind} className="flex flex-col gap-1 p-4" data-testid={`stat-${kind}`}>
            <dt className="text-sm font-medium text-slate-600">{m.stats[kind]}</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
              {figure.current === null ? t.noValue : formatStat(kind, figure.current)}
            </dd>
            {kind === 'hoursSaved' ? <dd className="text-xs text-slate-600">{m.hoursSavedHint}</dd> : null}
            <dd
              className={cn('flex items-start gap-1 text-sm', toneClass[change.tone])}
              data-testid="stat-change"
              data-tone={change.tone}
            >
              <Arrow aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{change.text}</span>
            </dd>
          </Card>
        );
      })}
    </dl>
  );
}
