import {
  analyticsExportLabels as labels,
  analyticsMessages,
  analyticsTimeframeLabels,
  type AnalyticsOverview,
  type GradeDistributionRow,
  type QuestionAnalysis,
  writtenGrade,
} from '@korrigo/domain';
import { csvText, germanDate, germanNumber } from '../../platform/csv';
import { a4Document, type Content, type TableCell, type TDocumentDefinitions } from '../../platform/pdf';

/** One section of the export: a heading and a table of text cells, the same in the CSV and the PDF. */
type Section = { title: string; header: string[]; rows: string[][] };

const taskAnalysisHeader = [
  labels.task,
  labels.maxPoints,
  labels.meanPoints,
  labels.solutionRate,
  labels.taskPapers,
  labels.discrimination,
];

/**
 * The Aufgabenanalyse of one test (issue 34 §6), a line per task: its maximum, the mean points, the
 * Lösungsquote (the mean share of the maximum, the Schwierigkeitsindex in percent), how many papers have
 * points for it, and the Trennschärfe the question analysis computes.
 */
function taskAnalysisSection(analysis: QuestionAnalysis): Section {
  return {
    title: labels.taskAnalysis(analysis.test.title, germanDate(new Date(analysis.test.date))),
    header: taskAnalysisHeader,
    rows: analysis.questions.map((question) => [
      question.title,
      germanNumber(question.maxPoints),
      germanNumber(question.meanPoints),
      question.difficulty === null ? '' : germanNumber(Math.round(question.difficulty * 1000) / 10),
      String(question.papers),
      germanNumber(question.discrimination),
    ]),
  };
}

/**
 * The sections of an analytics export (issue 18 §1 'Export as CSV and as a PDF report'): the stat cards
 * now and before, the grade distribution per class and per subject, the pupils' progress and the
 * improvement areas, with German numbers; then the Aufgabenanalyse of each test given (issue 34 §6), or
 * one empty section saying there is none.
 */
export function exportSections(overview: AnalyticsOverview, tests: QuestionAnalysis[] = []): Section[] {
  const { stats } = overview;
  const figure = (label: string, value: { current: number | null; previous: number | null }) => [
    label,
    germanNumber(value.current),
    germanNumber(value.previous),
  ];
  const distribution = (title: string, groupLabel: string, rows: GradeDistributionRow[]): Section => ({
    title,
    header: [groupLabel, labels.papers, labels.averageGrade, ...labels.gradeColumns],
    rows: rows.map((row) => [
      row.label,
      String(row.papers),
      germanNumber(row.averageGrade),
      ...row.counts.map(String),
    ]),
  });
  return [
    {
      title: labels.stats,
      header: [labels.figure, labels.current, labels.previous],
      rows: [
        figure(analyticsMessages.stats.papers, stats.papers),
        figure(analyticsMessages.stats.averageGrade, stats.averageGrade),
        figure(labels.averageScore, stats.averageScore),
        figure(labels.hoursSaved, stats.hoursSaved),
      ],
    },
    distribution(labels.byClass, labels.class, overview.byClass),
    distribution(labels.bySubject, labels.subject, overview.bySubject),
    {
      title: labels.students,
      header: [
        labels.student,
        labels.groupName,
        labels.papers,
        labels.averageGrade,
        labels.firstGrade,
        labels.lastGrade,
        labels.trend,
      ],
      rows: overview.students.map((student) => [
        student.name,
        student.groupName,
        String(student.papers),
        germanNumber(student.averageGrade),
        // a single paper's grade as written ("1+"), as in the class set's Notenliste
        student.firstGrade === null ? '' : writtenGrade(student.firstGrade),
        student.lastGrade === null ? '' : writtenGrade(student.lastGrade),
        germanNumber(student.trendPerMonth),
      ]),
    },
    {
      title: labels.improvement,
      header: [
        labels.category,
        labels.errorsCurrent,
        labels.errorsPrevious,
        labels.perPaperCurrent,
        labels.perPaperPrevious,
      ],
      rows: overview.improvementAreas.map((area) => [
        area.label,
        String(area.errorsCurrent),
        String(area.errorsPrevious),
        germanNumber(area.perPaperCurrent),
        germanNumber(area.perPaperPrevious),
      ]),
    },
    ...(tests.length > 0
      ? tests.map(taskAnalysisSection)
      : [{ title: labels.taskAnalysisNone, header: taskAnalysisHeader, rows: [] }]),
  ];
}

function headerLines(overview: AnalyticsOverview, group: string): string[][] {
  return [
    [
      labels.timeframe,
      `${analyticsTimeframeLabels[overview.timeframe]}: ${labels.period(germanDate(new Date(overview.from)), germanDate(new Date(overview.to)))}`,
    ],
    [labels.group, group],
  ];
}

/** The CSV: the period first, then each section as a title line, its header and its rows, a blank line between. */
export function analyticsCsv(
  overview: AnalyticsOverview,
  group: string,
  tests: QuestionAnalysis[] = [],
): string {
  const lines: string[][] = [[labels.title], ...headerLines(overview, group)];
  for (const section of exportSections(overview, tests)) {
    lines.push([], [section.title], section.header, ...section.rows);
  }
  return csvText(lines);
}

/** The A4 report: the period, the insights as sentences, then the sections as tables. */
export function analyticsReport(
  overview: AnalyticsOverview,
  group: string,
  tests: QuestionAnalysis[] = [],
): TDocumentDefinitions {
  const content: Content[] = [
    { text: labels.title, style: 'title' },
    ...headerLines(overview, group).map(([label, value]) => ({ text: `${label}: ${value}`, style: 'muted' })),
    { text: labels.insights, style: 'heading' },
    overview.insights.length
      ? { ul: overview.insights.map((insight) => insight.text) }
      : { text: labels.noInsights, style: 'muted' },
  ];
  for (const section of exportSections(overview, tests)) {
    content.push({ text: section.title, style: 'heading' });
    if (section.rows.length === 0) {
      content.push({ text: labels.none, style: 'muted' });
      continue;
    }
    const header: TableCell[] = section.header.map((text) => ({ text, style: 'tableHeader', fontSize: 8 }));
    content.push({
      table: {
        headerRows: 1,
        widths: section.header.map((_, index) => (index === 0 ? '*' : 'auto')),
        body: [header, ...section.rows.map((row) => row.map((text) => ({ text, fontSize: 8 })))],
      },
      layout: 'lightHorizontalLines',
    });
  }
  return a4Document(labels.title, content);
}
