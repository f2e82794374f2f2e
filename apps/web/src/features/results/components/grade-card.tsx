import {
  analysisScreenMessages as t,
  gradingScaleMessages,
  partialPointsOf,
  type AnalysisResult,
} from '@korrigo/domain';
import { cn } from '@/lib/cn';
import { formatPoints, gradeClass, gradeClassStyles } from '../utils/result-view';

/** The grade with its Notenschlüssel, the points and the percentage; while points are open, how far it got. */
export function GradeCard({ result }: { result: AnalysisResult }) {
  const gradeCls = gradeClass(result.grade);
  // some tasks scored, the rest open for the teacher: the points so far, and how much is still open
  const partial = partialPointsOf(result);
  const percent =
    result.achieved_points !== null && result.total_points
      ? Math.round((result.achieved_points / result.total_points) * 100)
      : null;
  return (
    <section
      className={cn(
        'flex flex-wrap items-center gap-6 rounded-card border-2 p-5',
        gradeCls ? gradeClassStyles[gradeCls] : 'border-slate-200 bg-white text-slate-900',
      )}
      data-grade-class={gradeCls ?? 'none'}
      data-testid="grade-card"
    >
      <div className="flex flex-col">
        <span className="text-sm">{t.grade}</span>
        <span className="text-4xl font-bold" data-testid="result-grade">
          {result.grade ?? t.noGrade}
        </span>
        {result.grade !== null && result.grading_scale ? (
          <span className="text-xs" data-testid="result-grading-scale">
            {gradingScaleMessages.used(result.grading_scale.name)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-col">
        {partial ? (
          <>
            <span className="text-lg font-semibold" data-testid="result-points">
              {t.scoredPart(formatPoints(partial.scored), formatPoints(partial.scoredMax))}
            </span>
            <span className="text-sm" data-testid="result-open-points">
              {t.openPart(
                formatPoints(partial.scoredMax),
                formatPoints(partial.total),
                formatPoints(partial.open),
              )}
            </span>
          </>
        ) : (
          <span className="text-lg font-semibold" data-testid="result-points">
            {result.achieved_points === null && result.total_points === null
              ? t.allPointsOpen
              : t.pointsOf(formatPoints(result.achieved_points), formatPoints(result.total_points))}
          </span>
        )}
        {percent !== null ? <span className="text-sm">{percent} %</span> : null}
      </div>
    </section>
  );
}
