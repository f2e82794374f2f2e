import { useState } from 'react';
import { ArrowDown, ArrowRight, ArrowUp, ArrowUpDown } from 'lucide-react';
import { formatGradeValue, writtenGrade, type StudentProgress } from '@korrigo/domain';
import { cn } from '@/lib/cn';
import { analyticsTexts as t } from '../content/analytics-texts';
import { sortStudents, trendText, type SortState, type StudentSortKey } from '../utils/analytics-format';

const columns: { key: StudentSortKey | null; label: string; numeric?: boolean }[] = [
  { key: 'name', label: t.columnName },
  { key: 'group', label: t.columnGroup },
  { key: 'papers', label: t.columnPapers, numeric: true },
  { key: 'average', label: t.columnAverage, numeric: true },
  { key: null, label: t.columnFirstLast },
  { key: 'trend', label: t.columnTrend },
  { key: null, label: t.columnCourse },
];

const average = (value: number | null) => (value === null ? t.noValue : formatGradeValue(value));
// a single paper's grade as the teacher wrote it ("1+", not 0,7)
const grade = (value: number | null) => (value === null ? t.noValue : writtenGrade(value));

/** Issue 18: every pupil's grades over the window, sortable by each figure. */
export function StudentProgressTable({ students }: { students: StudentProgress[] }) {
  const [sort, setSort] = useState<SortState>({ key: 'name', direction: 'ascending' });
  if (students.length === 0) return <p className="text-sm text-slate-600">{t.studentsEmpty}</p>;
  const rows = sortStudents(students, sort);
  const toggle = (key: StudentSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
  return (
    // narrow screens scroll the table sideways inside its frame instead of widening the page
    <div
      className="overflow-x-auto rounded-card border border-slate-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label={t.studentsTableRegion}
    >
      <table className="table-stack w-full text-left text-sm sm:min-w-[720px]" data-testid="students-table">
        <caption className="sr-only">{t.students}</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                aria-sort={column.key && sort.key === column.key ? sort.direction : undefined}
                className={cn('px-3 py-2 whitespace-nowrap', column.numeric && 'text-right')}
              >
                {column.key ? (
                  <SortButton
                    label={column.label}
                    active={sort.key === column.key ? sort.direction : null}
                    onClick={() => toggle(column.key!)}
                  />
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {rows.map((student) => (
            <tr key={student.key} data-testid="student-row">
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                {student.name}
              </th>
              <td className="px-3 py-2" data-label={t.columnGroup}>
                {student.groupName || t.noValue}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-label={t.columnPapers}>
                {student.papers}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-label={t.columnAverage}>
                {average(student.averageGrade)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums" data-label={t.columnFirstLast}>
                {grade(student.firstGrade)} → {grade(student.lastGrade)}
              </td>
              <td className="px-3 py-2" data-label={t.columnTrend}>
                <Trend value={student.trendPerMonth} />
              </td>
              <td className="px-3 py-2" data-label={t.columnCourse}>
                <Sparkline grades={student.points.map((point) => point.grade)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortButton({
  label,
  active,
  onClick,
}: {
  label: string;
  active: SortState['direction'] | null;
  onClick: () => void;
}) {
  const Icon = active === 'ascending' ? ArrowUp : active === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex cursor-pointer items-center gap-1 rounded font-semibold hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
    >
      {label}
      <Icon aria-hidden="true" className={cn('size-3.5', active ? 'text-slate-900' : 'text-slate-400')} />
    </button>
  );
}

/** Lower grades are better: a falling value is good news, shown in words as well as in colour. */
function Trend({ value }: { value: number | null }) {
  const steady = value === null || Math.abs(value) < 0.05;
  const Icon = steady ? ArrowRight : value < 0 ? ArrowDown : ArrowUp;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap',
        steady ? 'text-slate-600' : value < 0 ? 'text-green-800' : 'text-red-800',
      )}
    >
      {value === null ? null : <Icon aria-hidden="true" className="size-4" />}
      {trendText(value)}
    </span>
  );
}

/** The grades as a small line (1 at the top); decoration only, the figures are in the row. */
function Sparkline({ grades }: { grades: number[] }) {
  if (grades.length < 2) return null;
  const width = 80;
  const height = 24;
  const x = (i: number) => (i / (grades.length - 1)) * (width - 4) + 2;
  // grade 1 at the top, 6 at the bottom
  const y = (g: number) => ((Math.min(Math.max(g, 1), 6) - 1) / 5) * (height - 4) + 2;
  const path = grades.map((g, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(g).toFixed(1)}`).join(' ');
  return (
    <svg
      aria-hidden="true"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="text-primary-700"
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      <circle cx={x(grades.length - 1)} cy={y(grades.at(-1)!)} r="2" fill="currentColor" />
    </svg>
  );
}
