import type { ImprovementArea } from '@korrigo/domain';
import { Badge } from '@/components/ui';
import { analyticsTexts as t } from '../content/analytics-texts';
import { areaChange, formatNumber, sortAreas, type AreaChange } from '../utils/analytics-format';

const tone: Record<AreaChange, 'danger' | 'warning' | 'neutral' | 'success'> = {
  grown: 'danger',
  new: 'warning',
  same: 'neutral',
  shrunk: 'success',
};

/** Issue 18: error categories per graded paper now against before; the grown ones first. */
export function ImprovementAreas({ areas }: { areas: ImprovementArea[] }) {
  if (areas.length === 0) return <p className="text-sm text-slate-600">{t.improvementEmpty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="improvement-areas">
      {sortAreas(areas).map((area) => {
        const change = areaChange(area);
        return (
          <li
            key={area.category}
            className="flex flex-col gap-1 rounded-card border border-slate-200 bg-white p-4"
            data-testid="improvement-area"
          >
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{area.label}</span>
              <Badge tone={tone[change]}>{t.areaChange[change]}</Badge>
            </div>
            <span className="text-sm text-slate-800">{t.perPaper(formatNumber(area.perPaperCurrent))}</span>
            <span className="text-sm text-slate-600">
              {t.perPaperBefore(area.perPaperPrevious === null ? null : formatNumber(area.perPaperPrevious))}{' '}
              · {t.errorsTotal(area.errorsCurrent)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
