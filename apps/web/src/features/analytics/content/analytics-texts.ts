import { countOf, type ItemWarning } from '@korrigo/domain';
import type { StatKind } from '../utils/analytics-format';

// Ours (the spec names the parts of the analytics page, not their words); Sie, as everything a teacher reads.
// The contract's own texts (title, stat labels, warnings, empty state) stay in `analyticsMessages`.

export const analyticsTexts = {
  timeframe: 'Zeitraum',
  group: 'Klasse oder Kurs',
  classesGroup: 'Klassen',
  coursesGroup: 'Kurse',
  updating: 'Die Zahlen werden aktualisiert …',
  loadFailed: 'Die Auswertung konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  period: (from: string, to: string) => `${from} bis ${to}`,

  noPreviousPapers: 'Im Zeitraum davor keine Arbeiten',
  noPreviousFigure: {
    papers: 'Im Zeitraum davor keine Arbeiten',
    averageGrade: 'Im Zeitraum davor keine Noten',
    averageScore: 'Im Zeitraum davor keine Punktzahlen',
    hoursSaved: 'Im Zeitraum davor keine Arbeiten',
  } satisfies Record<StatKind, string>,
  noCurrentFigure: (before: string) => `Jetzt ohne Wert, im Zeitraum davor ${before}`,
  sameAs: (before: string) => `wie im Zeitraum davor (${before})`,
  betterThan: (before: string) => `besser als ${before} im Zeitraum davor`,
  worseThan: (before: string) => `schlechter als ${before} im Zeitraum davor`,
  moreThan: (before: string) => `mehr als ${before} im Zeitraum davor`,
  lessThan: (before: string) => `weniger als ${before} im Zeitraum davor`,
  noValue: '–',

  chartView: 'Diagramm',
  tableView: 'Tabelle',
  viewLabel: (title: string) => `Ansicht: ${title}`,
  distribution: 'Notenverteilung',
  byClass: 'Nach Klasse oder Kurs',
  bySubject: 'Nach Fach',
  byClassLong: 'Notenverteilung nach Klasse oder Kurs',
  bySubjectLong: 'Notenverteilung nach Fach',
  distributionEmpty: 'Keine benoteten Arbeiten im Zeitraum.',
  withoutGroup: 'Ohne Klasse',
  groupColumn: 'Gruppe',
  subjectColumn: 'Fach',
  grade: (n: number) => `Note ${n}`,
  papersColumn: 'Arbeiten',
  averageColumn: 'Ø Note',
  distributionSummary: (longTitle: string, rows: string[]) => `${longTitle}: ${rows.join('; ')}`,
  distributionRow: (label: string, papers: number, counts: number[], average: string) =>
    `${label}: ${papers} ${papers === 1 ? 'Arbeit' : 'Arbeiten'}, ${counts
      .map((count, i) => `${count}× Note ${i + 1}`)
      .join(', ')}, Durchschnitt ${average}`,

  students: 'Entwicklung der Schülerinnen und Schüler',
  studentsIntro:
    'Noten im gewählten Zeitraum, älteste zuerst. Ein Trend braucht zwei Arbeiten an verschiedenen Tagen.',
  studentsTableRegion: 'Tabelle der Schülerinnen und Schüler',
  studentsEmpty: 'Im Zeitraum keine Arbeiten mit Schülernamen.',
  columnName: 'Name',
  columnGroup: 'Klasse/Kurs',
  columnPapers: 'Arbeiten',
  columnAverage: 'Durchschnitt',
  columnFirstLast: 'Erste → letzte Note',
  columnTrend: 'Trend',
  columnCourse: 'Verlauf',
  sortBy: (column: string) => `Nach ${column} sortieren`,
  trendNone: 'noch kein Trend',
  trendSteady: 'gleichbleibend',
  trendBetter: (value: string) => `${value} Noten/Monat besser`,
  trendWorse: (value: string) => `${value} Noten/Monat schlechter`,

  questions: 'Aufgabenanalyse',
  questionsIntro: 'Wie die einzelnen Aufgaben eines Tests ausgefallen sind.',
  testSelect: 'Test',
  noTests: 'Im Zeitraum gibt es keinen Test mit mehreren Arbeiten zu einem Erwartungshorizont.',
  questionsTableRegion: 'Tabelle der Aufgaben',
  questionsLoadFailed: 'Die Aufgabenanalyse konnte nicht geladen werden.',
  testSummary: (papers: number, average: string | null) =>
    `${papers} ${papers === 1 ? 'Arbeit' : 'Arbeiten'}${average ? ` · Durchschnittsnote ${average}` : ''}`,
  explainSummary: 'Was bedeuten die Kennzahlen?',
  explainDifficulty:
    'Schwierigkeitsindex: welcher Anteil der Punkte im Schnitt erreicht wurde – 0,85 heißt, die Klasse holte 85 % der Punkte; unter 0,2 war die Aufgabe für fast alle zu schwer, über 0,8 für fast alle leicht.',
  explainDiscrimination:
    'Trennschärfe: ob bei dieser Aufgabe dieselben gut abschneiden, die auch im übrigen Test gut sind – unter 0,3 trennt die Aufgabe starke und schwache Arbeiten kaum, oft wegen einer missverständlichen Aufgabenstellung.',
  columnTask: 'Aufgabe',
  columnMax: 'Max.',
  columnMean: 'Ø Punkte',
  columnDifficulty: 'Schwierigkeitsindex',
  columnDiscrimination: 'Trennschärfe',
  columnWarnings: 'Hinweise',
  noWarnings: 'keine',
  taskDetails: 'Einzelne Aufgaben',
  pointsDistribution: 'Punkteverteilung',
  pointsColumn: 'Punkte',
  countColumn: 'Arbeiten',
  pointsSummary: (title: string, rows: { points: string; count: number }[]) =>
    `Punkteverteilung ${title}: ${rows.map((row) => `${row.count}× ${countOf(row.points, 'Punkt', 'Punkte')}`).join(', ')}`,
  topErrors: 'Häufigste Fehler',
  noErrors: 'Keine Fehler vermerkt.',
  errorCount: (count: number) => `${count}×`,
  noQuestions: 'Für diesen Test liegen keine Aufgaben mit Punkten vor.',

  improvement: 'Verbesserungsbereiche',
  improvementIntro: 'Fehlerarten je bewerteter Arbeit, jetzt und im Zeitraum davor; gewachsene zuerst.',
  improvementEmpty: 'Im Zeitraum wurden keine Fehler vermerkt.',
  perPaper: (value: string) => `${value} Fehler je Arbeit`,
  perPaperBefore: (value: string | null) => (value === null ? 'davor keine Arbeiten' : `davor ${value}`),
  errorsTotal: (count: number) => `${count} ${count === 1 ? 'Fehler' : 'Fehler'} insgesamt`,
  areaChange: { grown: 'gestiegen', shrunk: 'gesunken', same: 'unverändert', new: 'neu im Zeitraum' },

  insights: 'Hinweise aus Ihren Zahlen',
  insightsEmpty: 'Aus den Zahlen dieses Zeitraums ergibt sich kein besonderer Hinweis.',

  studentTitle: 'Analytics',
  studentLink: 'Zu „Mein Lernprofil“',
} as const;

export const warningTone: Record<ItemWarning, 'warning' | 'danger'> = {
  too_hard: 'danger',
  too_easy: 'warning',
  low_discrimination: 'warning',
};
