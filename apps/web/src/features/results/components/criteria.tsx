import { analysisScreenMessages as t, rubricBand, type AnalysisResult } from '@korrigo/domain';
import { Badge, Card } from '@/components/ui';
import { cn } from '@/lib/cn';
import { rubricBandStyles } from '../utils/result-view';
import { Section } from './result-parts';

/** The rubrics with their scores and weights, and the competency levels. */
export function Criteria({ result }: { result: AnalysisResult }) {
  const { rubrics, competencies } = result.evaluation_criteria;
  if (rubrics.length === 0 && competencies.length === 0) return null;
  return (
    <Section title={t.criteria}>
      <div className="grid gap-4 md:grid-cols-2">
        {rubrics.length > 0 ? (
          <Card className="flex flex-col gap-3 p-4">
            <h4 className="font-medium text-slate-900">{t.rubrics}</h4>
            <ul className="flex flex-col gap-3">
              {rubrics.map((rubric, index) => {
                const band = rubricBand(rubric.score);
                const percent = Math.round(rubric.score * 100);
                return (
                  <li key={index} className="flex flex-col gap-1 text-sm" data-rubric-band={band}>
                    <div className="flex justify-between gap-2">
                      <span className="font-medium text-slate-900">{rubric.criterion_name}</span>
                      <span className="tabular-nums text-slate-700">{percent} %</span>
                    </div>
                    <div className="h-2 overflow-hidden rounded-full bg-slate-200">
                      <div
                        className={cn('h-full rounded-full', rubricBandStyles[band])}
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                    <p className="text-xs text-slate-600">
                      {rubric.description} · {t.weight(Math.round(rubric.weight * 100))}
                    </p>
                  </li>
                );
              })}
            </ul>
          </Card>
        ) : null}
        {competencies.length > 0 ? (
          <Card className="flex flex-col gap-3 p-4">
            <h4 className="font-medium text-slate-900">{t.competencies}</h4>
            <ul className="flex flex-col gap-2 text-sm">
              {competencies.map((competency, index) => (
                <li key={index} className="flex flex-col">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{competency.competency}</span>
                    <Badge tone="primary">{competency.level}</Badge>
                  </span>
                  <span className="text-slate-600">{competency.description}</span>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
    </Section>
  );
}
