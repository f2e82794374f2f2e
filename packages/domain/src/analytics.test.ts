import { describe, expect, it } from 'vitest';
import {
  analyticsHref,
  analyticsInsights,
  itemWarningsFor,
  type AnalyticsOverview,
  type QuestionAnalysis,
  type StudentProgress,
} from './analytics';

type Figures = Pick<AnalyticsOverview, 'timeframe' | 'stats' | 'students' | 'improvementAreas'>;

function figures(overrides: Partial<Figures> = {}): Figures {
  return {
    timeframe: 'month',
    stats: {
      papers: { current: 0, previous: 0 },
      averageGrade: { current: null, previous: null },
      averageScore: { current: null, previous: null },
      hoursSaved: { current: 0, previous: 0 },
    },
    students: [],
    improvementAreas: [],
    ...overrides,
  };
}

function student(overrides: Partial<StudentProgress>): StudentProgress {
  return {
    key: 'name:lena',
    name: 'Lena',
    groupName: '7a',
    papers: 3,
    averageGrade: 3,
    firstGrade: 2,
    lastGrade: 4,
    trendPerMonth: null,
    points: [],
    ...overrides,
  };
}

const withPapers = (current: number, previous: number, grades: [number | null, number | null]) => ({
  papers: { current, previous },
  averageGrade: { current: grades[0], previous: grades[1] },
  averageScore: { current: null, previous: null },
  hoursSaved: { current: (current * 15) / 60, previous: (previous * 15) / 60 },
});

describe('[ANALYTICS] insights', () => {
  it('says nothing without data or without a period before', () => {
    expect(analyticsInsights(figures())).toEqual([]);
    expect(analyticsInsights(figures({ stats: withPapers(4, 0, [2.5, null]) }))).toEqual([]);
  });

  it('compares the average grade both ways with both numbers and a decimal comma', () => {
    const worse = analyticsInsights(figures({ stats: withPapers(4, 2, [3, 2]) }));
    expect(worse.map((i) => i.text)).toEqual([
      'Sie haben in diesem Zeitraum 4 Arbeiten bewerten lassen (davor 2); bei 15 Minuten je Arbeit sind das etwa 1,0 Stunden Korrekturzeit.',
      'Die Durchschnittsnote hat sich gegenüber dem Zeitraum davor von 2,0 auf 3,0 verschlechtert.',
    ]);
    expect(worse[1]!.evidence).toEqual({
      label: 'Zur Statistik',
      href: '/dashboard/analytics?timeframe=month#statistik',
    });
    const better = analyticsInsights(figures({ stats: withPapers(4, 2, [2.26, 2.84]) }));
    expect(better[1]!.text).toBe(
      'Die Durchschnittsnote hat sich gegenüber dem Zeitraum davor von 2,8 auf 2,3 verbessert.',
    );
    // a change that does not show at one decimal is no news
    const same = analyticsInsights(figures({ stats: withPapers(4, 2, [2.51, 2.54]) }));
    expect(same.map((i) => i.id)).toEqual(['papers']);
  });

  it('names the category that grew most, per paper', () => {
    const insights = analyticsInsights(
      figures({
        stats: withPapers(10, 10, [null, null]),
        improvementAreas: [
          area('grammar', 'Grammatik und Zeichensetzung', 0.5, 0.4),
          area('spelling', 'Rechtschreibung', 2, 1.2),
          area('maths', 'Rechnen', 0.2, 0.9),
          area('content', 'Inhalt', 1, null),
        ],
      }),
      { query: { classId: '00000000-0000-4000-8000-000000000009' } },
    );
    const grew = insights.find((i) => i.id.startsWith('category-'))!;
    expect(grew.text).toBe('Rechtschreibung: Die Fehler je Arbeit sind von 1,2 auf 2,0 gestiegen.');
    expect(grew.evidence.href).toBe(
      '/dashboard/analytics?timeframe=month&classId=00000000-0000-4000-8000-000000000009#verbesserung',
    );
  });

  it('names the pupil whose grades worsen fastest, never an improving one', () => {
    const insights = analyticsInsights(
      figures({
        students: [
          student({ key: 'a', name: 'Ali', trendPerMonth: -1 }),
          student({ key: 'b', name: 'Bea', trendPerMonth: 0.4, papers: 5 }),
          student({ key: 'c', name: 'Cem', trendPerMonth: 0.2 }),
          student({ key: 'd', name: 'Dora', trendPerMonth: null }),
        ],
      }),
    );
    expect(insights).toEqual([
      {
        id: 'student-b',
        text: 'Bei Bea hat sich die Note über 5 Arbeiten um durchschnittlich 0,4 Notenstufen pro Monat verschlechtert.',
        evidence: { label: 'Zum Schülerfortschritt', href: '/dashboard/analytics?timeframe=month#schueler' },
      },
    ]);
    expect(
      analyticsInsights(
        figures({ students: [student({ trendPerMonth: -0.5 }), student({ trendPerMonth: 0.02 })] }),
      ),
    ).toEqual([]);
  });

  it('turns the warned tasks of a test into sentences linking to its analysis', () => {
    const base = { maxPoints: 10, meanPoints: 1, distribution: [], topErrors: [] };
    const questions: QuestionAnalysis = {
      test: { id: 'set:abc', title: 'Optik', papers: 6, date: '2026-06-01T10:00:00.000Z' },
      averageGrade: 3,
      questions: [
        {
          ...base,
          index: 0,
          title: 'Spiegel',
          papers: 6,
          difficulty: 0.1,
          discrimination: 0.1,
          warnings: ['too_hard', 'low_discrimination'],
        },
        {
          ...base,
          index: 1,
          title: '',
          papers: 6,
          difficulty: 0.9,
          discrimination: 0.5,
          warnings: ['too_easy'],
        },
        { ...base, index: 2, title: 'Linsen', papers: 6, difficulty: 0.5, discrimination: 0.5, warnings: [] },
      ],
    };
    const insights = analyticsInsights(figures({ timeframe: 'year' }), { questions });
    expect(insights.map((i) => i.text)).toEqual([
      'In „Optik“ war „Spiegel“ sehr schwer: Im Mittel wurden nur 10 % der Punkte erreicht.',
      'In „Optik“ trennt „Spiegel“ kaum zwischen stärkeren und schwächeren Arbeiten (Trennschärfe 0,10).',
      'In „Optik“ war Aufgabe 2 sehr leicht: Im Mittel wurden 90 % der Punkte erreicht.',
    ]);
    expect(insights[0]!.evidence.href).toBe('/dashboard/analytics?timeframe=year&test=set%3Aabc#fragen');
  });
});

describe('[ANALYTICS] item warnings and links', () => {
  it('warns by the thresholds from five papers on', () => {
    expect(itemWarningsFor({ papers: 5, difficulty: 0.19, discrimination: 0.29 })).toEqual([
      'too_hard',
      'low_discrimination',
    ]);
    expect(itemWarningsFor({ papers: 5, difficulty: 0.81, discrimination: 0.3 })).toEqual(['too_easy']);
    expect(itemWarningsFor({ papers: 4, difficulty: 0.1, discrimination: 0 })).toEqual([]);
    expect(itemWarningsFor({ papers: 9, difficulty: null, discrimination: null })).toEqual([]);
  });

  it('keeps the filter in the page address', () => {
    expect(analyticsHref({ timeframe: 'week', courseId: 'c1' }, 'students')).toBe(
      '/dashboard/analytics?timeframe=week&courseId=c1#schueler',
    );
  });
});

function area(category: string, label: string, current: number, previous: number | null) {
  return {
    category,
    label,
    errorsCurrent: current * 10,
    errorsPrevious: previous === null ? 0 : previous * 10,
    perPaperCurrent: current,
    perPaperPrevious: previous,
  };
}
