import {
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  type LearningArea,
  type LearningSubject,
} from '@korrigo/domain';
import { Card, CardContent, Progress } from '@/components/ui';
import { formatPercent } from '../utils/format';

/** The selected subject's strengths and weaknesses, each with score, suggestion and evidence. */
export function SubjectAreas({ subject }: { subject: LearningSubject }) {
  return (
    <section aria-labelledby="learning-areas" className="flex flex-col gap-3">
      <h2 id="learning-areas" className="text-lg font-semibold text-slate-900">
        {subject.subject}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <AreaList
          title={t.strengths}
          empty={t.noStrengths}
          areas={subject.strengths}
          tone="success"
          testId="strengths"
        />
        <AreaList
          title={t.weaknesses}
          empty={t.noWeaknesses}
          areas={subject.weaknesses}
          tone="warning"
          testId="weaknesses"
        />
      </div>
    </section>
  );
}

type AreaListProps = {
  title: string;
  empty: string;
  areas: LearningArea[];
  tone: 'success' | 'warning';
  testId: string;
};

function AreaList({ title, empty, areas, tone, testId }: AreaListProps) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {areas.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {areas.map((area) => (
              <li key={area.label} className="flex flex-col gap-1.5">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium break-words text-slate-900">{area.label}</span>
                  <span className="shrink-0 text-sm font-medium text-slate-700">
                    {formatPercent(area.score)}
                  </span>
                </div>
                <Progress
                  value={area.score}
                  tone={tone}
                  label={s.areaScore(area.label)}
                  valueText={formatPercent(area.score)}
                  className="h-1.5"
                />
                <p className="text-sm text-slate-700">{area.suggestion}</p>
                <p className="text-xs text-slate-500">{area.evidence}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
