import {
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  type LearningSubject,
} from '@korrigo/domain';
import { Progress } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPercent } from '../utils/format';

type SubjectGridProps = {
  subjects: LearningSubject[];
  selected: string | null;
  onSelect: (subject: string) => void;
};

/** spec 001 §2: the subject grid with progress; a card is a toggle button (aria-pressed). */
export function SubjectGrid({ subjects, selected, onSelect }: SubjectGridProps) {
  return (
    <section aria-labelledby="learning-subjects" className="flex flex-col gap-3">
      <h2 id="learning-subjects" className="text-lg font-semibold text-slate-900">
        {t.subjectsHeading}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {subjects.map((subject) => {
          const active = subject.subject === selected;
          return (
            <li key={subject.subject}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(subject.subject)}
                className={cn(
                  'flex w-full cursor-pointer flex-col gap-2 rounded-card border bg-white p-4 text-left shadow-card transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                  active
                    ? 'border-primary-600 ring-1 ring-primary-600'
                    : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">{subject.subject}</span>
                  {subject.progress !== null ? (
                    <span className="text-sm font-medium text-slate-700">
                      {formatPercent(subject.progress)}
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-slate-600">
                  {subject.results > 0 ? t.resultsInSubject(subject.results) : t.noResultsInSubject}
                </span>
                <Progress
                  value={subject.progress ?? 0}
                  label={s.subjectProgress(subject.subject)}
                  valueText={
                    subject.progress !== null
                      ? formatPercent(subject.progress)
                      : // results without points (a self-check without answer key) have no share to show
                        subject.results > 0
                        ? t.statNone
                        : t.noResultsInSubject
                  }
                />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
