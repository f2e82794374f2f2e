import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Download, Eye } from 'lucide-react';
import {
  berlinDay,
  formatGradeValue,
  gradeLinkParam,
  gradeClassOf,
  learningProfileMessages as m,
  learningProfileStats,
  previousTermOf,
  recordsInTerm,
  termOf,
  type GradeRecord,
  type LearningProfile,
  type TermFilter,
} from '@korrigo/domain';
import { Button, Card, EmptyState, FormField, Select } from '@/components/ui';
import { cn } from '@/lib/cn';
import { downloadGradePdf } from '../api/download-grade-pdf';
import { formatDay, formatPercent, formatScore, gradeClassStyles } from '../utils/learning-profile-format';
import { GradeDetailDialog, type RenderResult } from './grade-detail-dialog';

type GradesSectionProps = { profile: LearningProfile; renderResult: RenderResult };

/**
 * spec 001 §2: the term select, the four stat cards over the chosen term's records, and the grades table
 * with the detail overlay and the PDF download.
 */
export function GradesSection({ profile, renderResult }: GradesSectionProps) {
  const [term, setTerm] = useState<TermFilter>('all');
  // a 'Neue Note' or 'Note geändert' notification links here with `?note=<analysisId>`: that grade opens
  const [params, setParams] = useSearchParams();
  const noted = params.get(gradeLinkParam);
  const [open, setOpen] = useState<GradeRecord | null>(
    () => profile.grades.find((entry) => entry.analysisId === noted) ?? null,
  );
  const [downloading, setDownloading] = useState<string | null>(null);
  // the button that opened the overlay: the dialog has no trigger of its own to give the focus back to
  const opener = useRef<HTMLElement | null>(null);
  const records = recordsInTerm(profile.grades, term, profile.today);
  // the link is used up once read, so a reload does not open the overlay again
  useEffect(() => {
    if (!noted) return;
    setParams(
      (current) => {
        current.delete(gradeLinkParam);
        return current;
      },
      { replace: true },
    );
  }, [noted, setParams]);
  const stats = learningProfileStats(records, profile.upcomingExams.length);

  const download = async (record: GradeRecord) => {
    setDownloading(record.analysisId);
    try {
      await downloadGradePdf(record.analysisId, record.title);
    } catch {
      toast.error(m.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const actions = (record: GradeRecord) =>
    record.resultAvailable ? (
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={m.showDetails(record.title)}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setOpen(record);
          }}
        >
          <Eye aria-hidden="true" />
          {m.details}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={m.downloadPdf(record.title)}
          loading={downloading === record.analysisId}
          onClick={() => void download(record)}
        >
          <Download aria-hidden="true" />
          {m.pdf}
        </Button>
      </div>
    ) : (
      <p className="max-w-xs text-xs text-slate-600">{m.resultErased}</p>
    );

  return (
    <section aria-labelledby="learning-profile-grades" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="learning-profile-grades" className="text-xl font-semibold text-slate-900">
          {m.gradesHeading}
        </h2>
        <FormField label={m.term} className="sm:w-80">
          <Select value={term} onChange={(event) => setTerm(event.target.value as TermFilter)}>
            <option value="all">{m.termAll}</option>
            <option value="current">{m.termCurrent(termOf(profile.today).label)}</option>
            <option value="previous">{m.termPrevious(previousTermOf(profile.today).label)}</option>
          </Select>
        </FormField>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="grade-stats">
        <Stat label={m.statGradeAverage} testId="stat-grade-average">
          {stats.gradeAverage === null ? m.statNone : formatGradeValue(stats.gradeAverage)}
        </Stat>
        <Stat label={m.statScoreAverage} testId="stat-score-average">
          {stats.scoreAveragePercent === null ? m.statNone : formatPercent(stats.scoreAveragePercent)}
        </Stat>
        <Stat label={m.statTestsWritten} testId="stat-tests-written">
          {stats.testsWritten}
        </Stat>
        <Stat label={m.statUpcoming} testId="stat-upcoming">
          {stats.upcomingTests}
        </Stat>
      </dl>
      {records.some((record) => record.selfCheck) ? (
        <p className="text-sm text-slate-600">{m.selfChecksNotCounted}</p>
      ) : null}

      {records.length === 0 ? (
        <EmptyState title={m.noGrades} />
      ) : (
        <>
          {/* wide screens: the spec's table */}
          <div className="hidden overflow-x-auto rounded-card border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="grades-table">
              <caption className="sr-only">{m.gradesHeading}</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2.5">
                    {m.columnCourse}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {m.columnType}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {m.columnDate}
                  </th>
                  <th scope="col" className="px-3 py-2.5 text-right">
                    {m.columnScore}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {m.columnGrade}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {m.columnActions}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {records.map((record) => (
                  <tr key={record.id} className="text-slate-700" data-testid="grade-row">
                    <td className="max-w-72 px-3 py-2">
                      <CourseCell record={record} />
                    </td>
                    <td className="px-3 py-2">{record.type}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDay(berlinDay(record.createdAt))}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {formatScore(record)}
                    </td>
                    <td className="px-3 py-2">
                      <GradeBadge grade={record.grade} />
                    </td>
                    <td className="px-2 py-1.5">{actions(record)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* phones: one card per record, the same fields */}
          <ul className="flex flex-col gap-3 md:hidden" data-testid="grade-cards">
            {records.map((record) => (
              <li key={record.id}>
                <Card className="flex flex-col gap-3 p-3">
                  <div className="flex items-start justify-between gap-2">
                    <CourseCell record={record} />
                    <GradeBadge grade={record.grade} />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
                    <dt className="text-slate-500">{m.columnType}</dt>
                    <dd>{record.type}</dd>
                    <dt className="text-slate-500">{m.columnDate}</dt>
                    <dd>{formatDay(berlinDay(record.createdAt))}</dd>
                    <dt className="text-slate-500">{m.columnScore}</dt>
                    <dd className="tabular-nums">{formatScore(record)}</dd>
                  </dl>
                  {actions(record)}
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}

      <GradeDetailDialog
        record={open}
        onClose={() => setOpen(null)}
        returnFocus={() => opener.current?.focus()}
        renderResult={renderResult}
        downloading={open !== null && downloading === open.analysisId}
        onDownload={(record) => void download(record)}
      />
    </section>
  );
}

function Stat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col-reverse justify-end gap-1 p-4" data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{children}</dd>
    </Card>
  );
}

function CourseCell({ record }: { record: GradeRecord }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium break-words text-slate-900">{record.courseName || m.withoutCourse}</span>
      <span className="text-xs break-words text-slate-600">{record.title}</span>
    </div>
  );
}

function GradeBadge({ grade }: { grade: string | null }) {
  const cls = gradeClassOf(grade);
  return (
    <span
      data-grade-class={cls ?? 'none'}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset',
        cls ? gradeClassStyles[cls] : 'bg-slate-100 text-slate-700 ring-slate-200',
      )}
    >
      {grade ?? m.statNone}
    </span>
  );
}
