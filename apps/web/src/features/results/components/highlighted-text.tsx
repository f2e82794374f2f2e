import { analysisScreenMessages as t, type AnalysisResult } from '@korrigo/domain';
import { cn } from '@/lib/cn';
import { highlightSegments, legendFor, severityLegend } from '../utils/result-view';
import { Section } from './result-parts';

/**
 * The graded text with every located error marked in its severity's colour, and the legend. `title` names
 * the section where the reader is its author (the student's 'Deine Arbeit').
 */
export function HighlightedText({
  text,
  result,
  title = t.textAnalysis,
}: {
  text: string;
  result: AnalysisResult;
  title?: string;
}) {
  const errors = result.tasks.flatMap((task) => task.subtasks.flatMap((subtask) => subtask.errors));
  const segments = highlightSegments(text, errors);
  return (
    <Section title={title}>
      <div className="flex flex-wrap items-center gap-2 text-xs" aria-label={t.legend} role="group">
        <span className="font-medium text-slate-700">{t.legend}:</span>
        {severityLegend.map((entry) => (
          <span key={entry.highlight} className={cn('rounded px-2 py-0.5 underline', entry.className)}>
            {entry.label}
          </span>
        ))}
      </div>
      {text.trim() ? (
        <p
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm leading-7 whitespace-pre-wrap text-slate-900"
          data-testid="highlighted-text"
        >
          {segments.map((segment, index) => {
            if (!segment.error) return <span key={index}>{segment.text}</span>;
            const legend = legendFor(segment.error.severity);
            return (
              <mark
                key={index}
                title={`${legend.label}: ${segment.error.title}`}
                data-highlight={legend.highlight}
                className={cn(
                  'rounded-sm px-0.5 underline decoration-2 underline-offset-4',
                  legend.className,
                )}
              >
                {segment.text}
              </mark>
            );
          })}
        </p>
      ) : (
        <p className="text-sm text-slate-500">{t.noStudentText}</p>
      )}
    </Section>
  );
}
