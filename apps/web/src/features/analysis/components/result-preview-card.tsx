import {
  analysisScreenMessages as t,
  partialPointsOf,
  suggestionLabel,
  type AnalysisDetail,
} from '@korrigo/domain';
import { Badge, Button, Card, CardContent } from '@/components/ui';

const points = (value: number | null) => (value === null ? '–' : String(value).replace('.', ','));

/** spec 001 §2: title, student, subject, grade, achieved over total points, and the way to the full result. */
export function ResultPreviewCard({
  analysis,
  expanded,
  onToggle,
}: {
  analysis: AnalysisDetail;
  expanded: boolean;
  onToggle: () => void;
}) {
  const partial = analysis.result ? partialPointsOf(analysis.result) : null;
  return (
    <Card data-testid="result-preview">
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{analysis.title}</h2>
            {analysis.reviewState === 'suggested' ? <Badge tone="warning">{suggestionLabel}</Badge> : null}
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
            <div className="flex gap-1">
              <dt className="text-slate-500">{t.student}:</dt>
              <dd>{analysis.student_name || '–'}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-slate-500">{t.subject}:</dt>
              <dd>{analysis.subject}</dd>
            </div>
          </dl>
        </div>
        <div className="flex items-center gap-4">
          <div className="flex flex-col items-center rounded-lg bg-primary-50 px-4 py-2 text-primary-900">
            <span className="text-xs">{t.grade}</span>
            <span className="text-2xl font-bold" data-testid="preview-grade">
              {analysis.grade ?? '–'}
            </span>
          </div>
          {partial ? (
            <div className="flex flex-col text-sm">
              <span className="font-medium text-slate-900" data-testid="preview-points">
                {t.scoredPart(points(partial.scored), points(partial.scoredMax))}
              </span>
              <span className="text-slate-600">
                {t.openPart(points(partial.scoredMax), points(partial.total), points(partial.open))}
              </span>
            </div>
          ) : (
            <p className="text-sm font-medium text-slate-900" data-testid="preview-points">
              {t.pointsOf(points(analysis.achieved_points), points(analysis.total_points))}
            </p>
          )}
        </div>
        <Button type="button" onClick={onToggle} aria-expanded={expanded}>
          {expanded ? t.hideFull : t.showFull}
        </Button>
      </CardContent>
    </Card>
  );
}
