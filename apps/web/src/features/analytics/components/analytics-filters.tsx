import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import {
  analyticsMessages as m,
  analyticsTimeframeLabels,
  analyticsTimeframes,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type AnalyticsTimeframe,
} from '@korrigo/domain';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  FormField,
  Select,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { analyticsCsvHref, analyticsPdfHref } from '../api/export-links';
import { analyticsTexts as t } from '../content/analytics-texts';
import { groupValue } from '../utils/analytics-format';

type FiltersProps = {
  query: AnalyticsQuery;
  filters: AnalyticsOverview['filters'] | undefined;
  onTimeframe: (timeframe: AnalyticsTimeframe) => void;
  /** 'class:<id>', 'course:<id>' or '' */
  onGroup: (value: string) => void;
};

/** spec 001 §2: the timeframe filter and (issue 18) the class-or-course select. */
export function AnalyticsFilters({ query, filters, onTimeframe, onGroup }: FiltersProps) {
  const classes = filters?.classes ?? [];
  const courses = filters?.courses ?? [];
  const current = groupValue(query);
  // a class or course from the address that the list does not hold (yet): still shown as chosen
  const known =
    current === '' ||
    [...classes.map((c) => `class:${c.id}`), ...courses.map((c) => `course:${c.id}`)].includes(current);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1.5">
        <span id="analytics-timeframe" className="text-sm font-medium text-slate-800">
          {t.timeframe}
        </span>
        <div
          role="group"
          aria-labelledby="analytics-timeframe"
          className="inline-flex self-start rounded-lg bg-slate-100 p-1"
        >
          {analyticsTimeframes.map((timeframe) => (
            <button
              key={timeframe}
              type="button"
              aria-pressed={query.timeframe === timeframe}
              onClick={() => onTimeframe(timeframe)}
              className={cn(
                'h-8 cursor-pointer rounded-md px-3 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                query.timeframe === timeframe
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {analyticsTimeframeLabels[timeframe]}
            </button>
          ))}
        </div>
      </div>
      <FormField label={t.group} className="sm:w-72">
        <Select value={current} onChange={(event) => onGroup(event.target.value)}>
          <option value="">{m.allGroups}</option>
          {classes.length > 0 ? (
            <optgroup label={t.classesGroup}>
              {classes.map((item) => (
                <option key={item.id} value={`class:${item.id}`}>
                  {item.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {courses.length > 0 ? (
            <optgroup label={t.coursesGroup}>
              {courses.map((item) => (
                <option key={item.id} value={`course:${item.id}`}>
                  {item.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {known ? null : <option value={current}>{t.group}</option>}
        </Select>
      </FormField>
      <ExportMenu query={query} />
    </div>
  );
}

/** Issue 18: the figures as CSV and as a PDF report, for exactly the filters on screen. */
function ExportMenu({ query }: { query: AnalyticsQuery }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="secondary" className="self-start sm:ml-auto">
          <Download aria-hidden="true" />
          {m.export}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <a href={analyticsCsvHref(query)} download>
            <FileSpreadsheet aria-hidden="true" />
            {m.exportCsv}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={analyticsPdfHref(query)} download>
            <FileText aria-hidden="true" />
            {m.exportPdf}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
