import {
  analyticsTimeframes,
  defaultAnalyticsTimeframe,
  formatGradeValue,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type AnalyticsTimeframe,
  type ImprovementArea,
  type PeriodFigure,
  type StudentProgress,
} from '@korrigo/domain';
import { analyticsTexts as t } from '../content/analytics-texts';

/** A number as Germans write it: '2,5', '1.234'. */
export function formatNumber(value: number, fractionDigits = 1): string {
  return value.toLocaleString('de-DE', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** '0,45': the two item figures with two decimals, as the literature prints them. */
export const formatIndex = (value: number) => formatNumber(value, 2);

export type StatKind = 'papers' | 'averageGrade' | 'averageScore' | 'hoursSaved';

/** The stat card's figure as shown: '12', '2,4', '71,5 %', '3,0 h'. */
export function formatStat(kind: StatKind, value: number): string {
  switch (kind) {
    case 'papers':
      return formatNumber(value, 0);
    case 'averageGrade':
      return formatGradeValue(value);
    case 'averageScore':
      return `${formatNumber(value)} %`;
    case 'hoursSaved':
      return `${formatNumber(value)} h`;
  }
}

/**
 * How a figure moved against the window before, and whether that is good news. For grades lower is better
 * (German scale); more papers or hours saved are neither good nor bad, so they stay neutral.
 */
export type StatChange = {
  /** the arrow: which way the number went */
  direction: 'up' | 'down' | 'same' | 'none';
  tone: 'good' | 'bad' | 'neutral';
  text: string;
};

const sameWithin: Record<StatKind, number> = {
  papers: 0,
  averageGrade: 0.05,
  averageScore: 0.05,
  hoursSaved: 0.05,
};

export function statChange(kind: StatKind, figure: PeriodFigure, previousPapers: number | null): StatChange {
  if (!previousPapers) return { direction: 'none', tone: 'neutral', text: t.noPreviousPapers };
  if (figure.previous === null) return { direction: 'none', tone: 'neutral', text: t.noPreviousFigure[kind] };
  if (figure.current === null)
    return { direction: 'none', tone: 'neutral', text: t.noCurrentFigure(formatStat(kind, figure.previous)) };
  const before = formatStat(kind, figure.previous);
  const delta = figure.current - figure.previous;
  if (Math.abs(delta) <= sameWithin[kind])
    return { direction: 'same', tone: 'neutral', text: t.sameAs(before) };
  const direction = delta > 0 ? 'up' : 'down';
  if (kind === 'papers' || kind === 'hoursSaved') {
    return { direction, tone: 'neutral', text: delta > 0 ? t.moreThan(before) : t.lessThan(before) };
  }
  const better = kind === 'averageGrade' ? delta < 0 : delta > 0;
  return {
    direction,
    tone: better ? 'good' : 'bad',
    text: better ? t.betterThan(before) : t.worseThan(before),
  };
}

/** The page's filters as kept in the address (so reloads and insight links keep them). */
export type AnalyticsFilters = AnalyticsQuery & { test: string | null };

export function readFilters(params: URLSearchParams): AnalyticsFilters {
  const raw = params.get('timeframe');
  const timeframe = (analyticsTimeframes as readonly string[]).includes(raw ?? '')
    ? (raw as AnalyticsTimeframe)
    : defaultAnalyticsTimeframe;
  const classId = params.get('classId') || undefined;
  // at most one of class and course: a class in the address wins
  const courseId = classId ? undefined : params.get('courseId') || undefined;
  return { timeframe, classId, courseId, test: params.get('test') || null };
}

/** The group select's value: 'class:<id>', 'course:<id>' or '' for all. */
export function groupValue(filters: Pick<AnalyticsQuery, 'classId' | 'courseId'>): string {
  if (filters.classId) return `class:${filters.classId}`;
  if (filters.courseId) return `course:${filters.courseId}`;
  return '';
}

/** A grade trend per month as words: '0,3 Noten/Monat besser'. */
export function trendText(trend: number | null): string {
  if (trend === null) return t.trendNone;
  if (Math.abs(trend) < 0.05) return t.trendSteady;
  return trend < 0 ? t.trendBetter(formatNumber(-trend)) : t.trendWorse(formatNumber(trend));
}

export type StudentSortKey = 'name' | 'group' | 'papers' | 'average' | 'trend';
export type SortState = { key: StudentSortKey; direction: 'ascending' | 'descending' };

const collator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });

/** Sorted pupils; missing figures (no grade, no trend) always go last, whichever the direction. */
export function sortStudents(students: StudentProgress[], sort: SortState): StudentProgress[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const numberOf = (student: StudentProgress): number | null => {
    if (sort.key === 'papers') return student.papers;
    if (sort.key === 'average') return student.averageGrade;
    if (sort.key === 'trend') return student.trendPerMonth;
    return null;
  };
  return [...students].sort((a, b) => {
    if (sort.key === 'name') return sign * collator.compare(a.name, b.name);
    if (sort.key === 'group')
      return sign * collator.compare(a.groupName, b.groupName) || collator.compare(a.name, b.name);
    const x = numberOf(a);
    const y = numberOf(b);
    if (x === null || y === null) return x === y ? collator.compare(a.name, b.name) : x === null ? 1 : -1;
    return sign * (x - y) || collator.compare(a.name, b.name);
  });
}

export type AreaChange = 'grown' | 'shrunk' | 'same' | 'new';

/** Whether an error category grew: by errors per paper, now against the window before. */
export function areaChange(area: ImprovementArea): AreaChange {
  if (area.perPaperPrevious === null) return 'new';
  const delta = area.perPaperCurrent - area.perPaperPrevious;
  if (Math.abs(delta) < 0.05) return 'same';
  return delta > 0 ? 'grown' : 'shrunk';
}

const changeOrder: Record<AreaChange, number> = { grown: 0, new: 1, same: 2, shrunk: 3 };

/** Grown categories first (the biggest growth on top), then new ones, unchanged ones, shrunk ones. */
export function sortAreas(areas: ImprovementArea[]): ImprovementArea[] {
  const growth = (area: ImprovementArea) => area.perPaperCurrent - (area.perPaperPrevious ?? 0);
  return [...areas].sort(
    (a, b) => changeOrder[areaChange(a)] - changeOrder[areaChange(b)] || growth(b) - growth(a),
  );
}

/** Nothing graded in the window and nothing else to show: the page shows its empty state. */
export function isEmptyOverview(overview: AnalyticsOverview): boolean {
  return (
    !overview.stats.papers.current &&
    overview.students.length === 0 &&
    overview.tests.length === 0 &&
    overview.byClass.length === 0 &&
    overview.bySubject.length === 0
  );
}
