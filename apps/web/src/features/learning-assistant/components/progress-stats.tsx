import { learningAssistantMessages as t, type LearningOverview } from '@korrigo/domain';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui';
import { formatIsoDate, formatPercent } from '../utils/format';

/** spec 001 §2: overall, current grade, study time, next test. */
export function ProgressStats({ stats }: { stats: LearningOverview['stats'] }) {
  const next = stats.nextTest;
  return (
    <section aria-labelledby="learning-stats" className="flex flex-col gap-3">
      <h2 id="learning-stats" className="text-lg font-semibold text-slate-900">
        {t.statsHeading}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label={t.statOverall}>
          {stats.overallPercent === null ? t.statNone : formatPercent(stats.overallPercent)}
        </Stat>
        <Stat label={t.statCurrentGrade}>{stats.currentGrade ?? t.statNone}</Stat>
        <Stat label={t.statStudyTime}>{t.minutes(stats.studyMinutes)}</Stat>
        <Stat label={t.statNextTest}>
          {next ? (
            <span className="flex flex-col">
              <span className="break-words">{next.name}</span>
              <span className="text-sm font-normal text-slate-600">
                {formatIsoDate(next.date)} · {next.courseName}
              </span>
            </span>
          ) : (
            t.statNone
          )}
        </Stat>
      </dl>
    </section>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    // the card itself is the dl's one wrapper of its dt and dd (a deeper div would break the list)
    <Card className="flex flex-col gap-1 p-4 sm:p-5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{children}</dd>
    </Card>
  );
}
