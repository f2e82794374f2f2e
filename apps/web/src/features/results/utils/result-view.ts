import {
  analysisScreenMessages as t,
  formatPointsValue,
  overviewGradeClass,
  parseGrade,
  severityHighlightClass,
  type GradingError,
  type OverviewGradeClass,
} from '@korrigo/domain';

export type HighlightClass = ReturnType<typeof severityHighlightClass>;

/** spec 000 §4: the four highlight classes, strongest first, with their legend text and colours. */
export const severityLegend: { highlight: HighlightClass; label: string; className: string }[] = [
  {
    highlight: 'critical',
    label: t.severity.critical,
    className: 'bg-red-100 text-red-950 decoration-red-600',
  },
  {
    highlight: 'moderate',
    label: t.severity.moderate,
    className: 'bg-amber-100 text-amber-950 decoration-amber-600',
  },
  {
    highlight: 'minor',
    label: t.severity.minor,
    className: 'bg-lime-100 text-lime-950 decoration-lime-600',
  },
  { highlight: 'info', label: t.severity.info, className: 'bg-sky-100 text-sky-950 decoration-sky-600' },
];

export function legendFor(severity: string) {
  const highlight = severityHighlightClass(severity);
  return severityLegend.find((entry) => entry.highlight === highlight)!;
}

/** spec 000 §9 grade class of the result view; null when there is no grade (teacher to set). */
export function gradeClass(grade: string | null): OverviewGradeClass | null {
  const value = parseGrade(grade);
  return value === null ? null : overviewGradeClass(value);
}

export const gradeClassStyles: Record<OverviewGradeClass, string> = {
  excellent: 'border-green-300 bg-green-50 text-green-900',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  satisfactory: 'border-sky-300 bg-sky-50 text-sky-900',
  sufficient: 'border-amber-300 bg-amber-50 text-amber-950',
  poor: 'border-orange-300 bg-orange-50 text-orange-950',
  failing: 'border-red-300 bg-red-50 text-red-900',
};

export const pointsClassStyles = {
  correct: 'bg-green-50 text-green-800 ring-green-200',
  partial: 'bg-amber-50 text-amber-900 ring-amber-200',
  incorrect: 'bg-red-50 text-red-800 ring-red-200',
} as const;

export const rubricBandStyles = {
  90: 'bg-green-600',
  80: 'bg-emerald-500',
  70: 'bg-amber-500',
  60: 'bg-red-500',
} as const;

export function formatPoints(value: number | null): string {
  return value === null ? '–' : formatPointsValue(value);
}

export type Segment = { text: string; error: GradingError | null };

/**
 * Splits the student's text into plain and highlighted pieces. An error counts where its offsets quote
 * exactly its `quoted_text`; otherwise the first occurrence of the quote is taken. Overlaps keep the first.
 */
export function highlightSegments(text: string, errors: GradingError[]): Segment[] {
  const spans: { start: number; end: number; error: GradingError }[] = [];
  for (const error of errors) {
    const location = error.location;
    if (!location || location.type !== 'text' || !location.quoted_text) continue;
    let start = location.start;
    let end = location.end;
    if (text.slice(start, end) !== location.quoted_text) {
      start = text.indexOf(location.quoted_text);
      end = start + location.quoted_text.length;
    }
    if (start < 0 || end <= start) continue;
    spans.push({ start, end, error });
  }
  spans.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    if (span.start > cursor) segments.push({ text: text.slice(cursor, span.start), error: null });
    segments.push({ text: text.slice(span.start, span.end), error: span.error });
    cursor = span.end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), error: null });
  return segments;
}
