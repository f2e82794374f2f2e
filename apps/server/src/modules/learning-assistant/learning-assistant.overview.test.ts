import { describe, expect, it } from 'vitest';
import { berlinDay, learningSubjects, learningOverviewSchema, type GradingError } from '@korrigo/domain';
import { error, record, resultOf } from './learning-assistant.fixtures';
import {
  correctFormOf,
  deriveOverview,
  normaliseSubject,
  studyMinutesOf,
} from './learning-assistant.overview';

describe('normaliseSubject', () => {
  it('maps aliases case-insensitively and keeps other subjects', () => {
    expect(normaliseSubject('Mathe')).toBe('Mathematik');
    expect(normaliseSubject(' english ')).toBe('Englisch');
    expect(normaliseSubject('DEUTSCH')).toBe('Deutsch');
    expect(normaliseSubject('Geschichte')).toBe('Geschichte');
    expect(normaliseSubject('')).toBe('Ohne Fach');
    expect(normaliseSubject('Nicht angegeben')).toBe('Ohne Fach');
  });
});

describe('correctFormOf', () => {
  it('takes sure forms and "Richtig: …", not advice and not one of several spelling candidates', () => {
    expect(correctFormOf(error())).toBe('wiederum');
    // several candidates: the spelling check was not sure, so there is nothing to practise (issue 32 §5)
    expect(correctFormOf(error({ suggestion: 'wiederum, wieder um' }))).toBeNull();
    expect(correctFormOf(error({ suggestion: 'Richtig: Traubenzucker', category: 'content' }))).toBe(
      'Traubenzucker',
    );
    expect(
      correctFormOf(
        error({ suggestion: 'Den Satz in zwei oder drei kürzere Sätze teilen.', category: 'style' }),
      ),
    ).toBeNull();
    expect(correctFormOf(error({ suggestion: '' }))).toBeNull();
    expect(correctFormOf(error({ suggestion: 'erstaunlich, stark', category: 'style' }))).toBe('erstaunlich');
    expect(correctFormOf(error({ suggestion: 'Beispiel, wenn', category: 'grammar' }))).toBe(
      'Beispiel, wenn',
    );
  });
});

describe('deriveOverview', () => {
  const now = new Date('2026-11-24T23:30:00Z'); // already the 25th in Berlin

  it('answers hasResults false and the six subjects without any result', () => {
    const overview = deriveOverview({ records: [], practice: [], exams: [], now });
    expect(learningOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview.hasResults).toBe(false);
    expect(overview.subjects.map((s) => s.subject)).toEqual([...learningSubjects]);
    expect(overview.subjects.every((s) => s.results === 0 && s.progress === null)).toBe(true);
    expect(overview.stats).toEqual({
      overallPercent: null,
      currentGrade: null,
      studyMinutes: 0,
      nextTest: null,
    });
  });

  it('derives progress, strengths, weaknesses, mistakes and stats from her records', () => {
    const older = record({
      result: resultOf('Deutsch', [
        ['Aufgabe 1: Satzglieder', 3.5, 4, []],
        ['Aufgabe 2: Kommas', 1, 4, [error(), error({ severity: 'severe' })]],
      ]),
      createdAt: new Date('2026-10-01T10:00:00Z'),
      grade: '4',
    });
    const newer = record({
      result: resultOf(
        'deutsch',
        [['Aufgabe 1', 2, 4, [error({ category: 'grammar', title: 'Komma fehlt' })]]],
        'Diktat',
      ),
      createdAt: new Date('2026-11-10T10:00:00Z'),
      grade: '2',
    });
    const selfCheck = record({
      result: resultOf('Mathe', [['Bruchrechnung', 4, 4, []]], 'Mein Test'),
      type: 'Selbsttest',
      grade: '1',
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    const other = record({ result: resultOf('Geschichte', [['Quellen', 2, 2, []]], 'Quellen') });
    const overview = deriveOverview({
      records: [older, newer, selfCheck, other],
      practice: [
        { createdAt: new Date('2026-11-20T10:00:00Z'), answeredAt: new Date('2026-11-20T10:12:20Z') },
        { createdAt: new Date('2026-11-21T10:00:00Z'), answeredAt: new Date('2026-11-21T13:00:00Z') },
        { createdAt: new Date('2026-11-22T10:00:00Z'), answeredAt: null },
      ],
      exams: [
        { name: 'Gestern', date: '2026-11-24', courseName: 'Deutsch 7' },
        { name: 'Später', date: '2026-12-10', courseName: 'Deutsch 7' },
        { name: 'Heute', date: '2026-11-25', courseName: 'Mathe 7' },
      ],
      now,
    });
    expect(learningOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview.subjects.map((s) => s.subject)).toEqual([...learningSubjects, 'Geschichte']);
    const deutsch = overview.subjects.find((s) => s.subject === 'Deutsch')!;
    expect(deutsch.results).toBe(2);
    // 4.5 of 8 and 2 of 4: (56.25 + 50) / 2
    expect(deutsch.progress).toBe(53);
    expect(deutsch.strengths).toEqual([
      expect.objectContaining({
        label: 'Aufgabe 1: Satzglieder',
        score: 88,
        evidence: '3,5 von 4 Punkten in „Klassenarbeit“',
        analysisIds: [older.analysisId],
      }),
    ]);
    // spelling: moderate 2 + severe 3 = 5 -> 60; grammar: 2 -> 84; tasks at 25 % and 50 %
    expect(deutsch.weaknesses.map((w) => [w.label, w.score, w.evidence])).toEqual([
      ['Aufgabe 2: Kommas', 25, '1 von 4 Punkten in „Klassenarbeit“'],
      ['Aufgabe 1', 50, '2 von 4 Punkten in „Diktat“'],
      ['Rechtschreibung', 60, '2 Fehler in 1 Arbeit'],
      ['Grammatik und Zeichensetzung', 84, '1 Fehler in 1 Arbeit'],
    ]);
    expect(deutsch.weaknesses[0]!.suggestion).toBe('Lies die Aufgabe genau.');
    expect(deutsch.weaknesses[2]!.suggestion).toContain('nachschlagen');
    expect(overview.subjects.find((s) => s.subject === 'Mathematik')).toMatchObject({
      results: 1,
      progress: 100,
    });

    // newest first; the stable id; the quoted text and the correct form
    expect(overview.mistakes.map((m) => m.id)).toEqual([
      `${newer.analysisId}:0:0:0`,
      `${older.analysisId}:1:0:0`,
      `${older.analysisId}:1:0:1`,
    ]);
    expect(overview.mistakes[1]).toMatchObject({
      subject: 'Deutsch',
      title: 'Klassenarbeit',
      error: 'Rechtschreibfehler',
      category: 'Rechtschreibung',
      quoted: 'wiederrum',
      correction: 'wiederum',
    });
    expect(overview.stats).toEqual({
      // 56.25, 50, 100, 100
      overallPercent: 77,
      // the newest teacher's grade, not the self-check's
      currentGrade: '2',
      // 12:20 and an hour at most
      studyMinutes: 72,
      nextTest: { name: 'Heute', date: '2026-11-25', courseName: 'Mathe 7' },
    });
  });

  it('keeps at most five areas and 50 mistakes', () => {
    const many = record({
      result: resultOf(
        'Englisch',
        Array.from(
          { length: 8 },
          (_, i) =>
            [`Task ${i + 1}`, 0, 2, Array.from({ length: 8 }, () => error())] as [
              string,
              number,
              number,
              GradingError[],
            ],
        ),
      ),
    });
    const overview = deriveOverview({ records: [many], practice: [], exams: [], now });
    const english = overview.subjects.find((s) => s.subject === 'Englisch')!;
    expect(english.weaknesses).toHaveLength(5);
    expect(overview.mistakes).toHaveLength(50);
  });
});

describe('small helpers', () => {
  it('counts study minutes only of finished sessions, each at most an hour', () => {
    expect(studyMinutesOf([])).toBe(0);
    expect(studyMinutesOf([{ createdAt: new Date(0), answeredAt: new Date(29_000) }])).toBe(1);
    expect(studyMinutesOf([{ createdAt: new Date(0), answeredAt: new Date(150_000) }])).toBe(3);
    expect(studyMinutesOf([{ createdAt: new Date(0), answeredAt: null }])).toBe(0);
  });
  it('reads the date in Berlin', () => {
    expect(berlinDay(new Date('2026-11-24T22:59:00Z'))).toBe('2026-11-24');
    expect(berlinDay(new Date('2026-11-24T23:00:00Z'))).toBe('2026-11-25');
  });
});
