import { describe, expect, it } from 'vitest';
import {
  analysisDetailsUpdateSchema,
  dashboardMessages,
  historyMessages,
  historySubjects,
  isAcceptedGrade,
  matchesHistorySearch,
  pageOfHistory,
  percentChange,
  savedHours,
  subjectLabel,
  type HistoryItem,
} from './history';

const item = (overrides: Partial<HistoryItem>): HistoryItem => ({
  id: crypto.randomUUID(),
  status: 'done',
  title: 'Arbeit',
  student_name: 'Lena',
  grade_level: '7a',
  subject: 'Deutsch',
  grade: '2',
  achieved_points: 15,
  total_points: 20,
  reviewState: 'suggested',
  createdAt: '2025-03-01T10:00:00.000Z',
  courseLink: null,
  ...overrides,
});

describe('history rules (spec 000 §5)', () => {
  it('searches title, subject, student, class and grade, ignoring case and blank searches', () => {
    const row = item({
      title: 'Gedicht',
      subject: 'Deutsch',
      student_name: 'Özlem',
      grade_level: '9B',
      grade: '2-',
    });
    for (const search of ['gedICHT', 'deutsch', 'ÖZLEM', '9b', '2-', '  ', '', undefined]) {
      expect(matchesHistorySearch(row, search), String(search)).toBe(true);
    }
    expect(matchesHistorySearch(row, 'Mathe')).toBe(false);
    expect(matchesHistorySearch(item({ grade: null }), 'null')).toBe(false);
  });

  it('filters the course exactly; all and empty mean no filter', () => {
    const rows = [item({ subject: 'Deutsch' }), item({ subject: 'Deutsch LK' }), item({ subject: '' })];
    expect(pageOfHistory(rows, { subject: 'Deutsch' }).total).toBe(1);
    expect(pageOfHistory(rows, { subject: 'deutsch' }).total).toBe(0);
    expect(pageOfHistory(rows, { subject: 'all' }).total).toBe(3);
    expect(pageOfHistory(rows, { subject: '' }).total).toBe(3);
  });

  it('pages 7 rows and keeps the page within 1..total pages', () => {
    const rows = Array.from({ length: 15 }, (_, i) => item({ title: `T${i}` }));
    expect(pageOfHistory(rows, {})).toMatchObject({ page: 1, totalPages: 3, total: 15 });
    expect(pageOfHistory(rows, { page: 3 }).analyses.map((r) => r.title)).toEqual(['T14']);
    expect(pageOfHistory(rows, { page: 9 }).page).toBe(3);
    expect(pageOfHistory(rows, { page: 0 }).page).toBe(1);
    expect(pageOfHistory([], {})).toMatchObject({ page: 1, totalPages: 1, total: 0, analyses: [] });
  });

  it('offers each distinct non-empty course; a blank one reads Undefined', () => {
    const rows = [item({ subject: 'Mathematik' }), item({ subject: 'Deutsch' }), item({ subject: '' })];
    expect(historySubjects([...rows, item({ subject: 'Deutsch' })])).toEqual(['Deutsch', 'Mathematik']);
    expect(subjectLabel(' ')).toBe('Undefined');
    expect(subjectLabel('Biologie')).toBe('Biologie');
  });

  it('spells the popup texts as the spec does', () => {
    expect(historyMessages.pageOf(2, 5)).toBe('Page 2 of 5');
    expect(historyMessages.deleteQuestion('Test A')).toBe(
      'Are you sure you want to delete the analysis "Test A"?',
    );
  });
});

describe('edit checks', () => {
  it('reads numbers from text, empty as no value, and refuses negative points', () => {
    expect(analysisDetailsUpdateSchema.parse({ achieved_points: '12,5', total_points: '' })).toEqual({
      achieved_points: 12.5,
      total_points: null,
    });
    const negative = analysisDetailsUpdateSchema.safeParse({ achieved_points: -1 });
    expect(negative.error?.issues[0]?.message).toBe(historyMessages.pointsNegative);
    expect(analysisDetailsUpdateSchema.parse({ grade: '  ', title: ' A ' })).toEqual({
      grade: null,
      title: 'A',
    });
  });

  it('accepts the German grades and nothing else', () => {
    for (const grade of ['1+', '2', '2-', '2,3', '6', null])
      expect(isAcceptedGrade(grade), String(grade)).toBe(true);
    for (const grade of ['7', '0', 'gut', '']) expect(isAcceptedGrade(grade), grade).toBe(false);
  });
});

describe('dashboard figures (spec 000 §9)', () => {
  it('compares the last month with the month before in whole percent', () => {
    expect(percentChange(4, 2)).toBe(100);
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(2, 2)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
  });

  it('saves 15 minutes a test, in hours', () => {
    expect(savedHours(0)).toBe(0);
    expect(savedHours(6)).toBe(1.5);
  });

  it('writes the change with its sign', () => {
    expect(dashboardMessages.change(25)).toBe('+25 %');
    expect(dashboardMessages.change(-10)).toBe('−10 %');
    expect(dashboardMessages.change(0)).toBe('±0 %');
  });
});
