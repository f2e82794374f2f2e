import {
  classEvaluationExportLabels as labels,
  classEvaluationMessages,
  standingErrors,
  type AnalysisResult,
  type ClassEvaluationOverview,
} from '@korrigo/domain';
import { germanDate, germanNumber } from '../../platform/csv';
import { a4Document, type Content, type TableCell, type TDocumentDefinitions } from '../../platform/pdf';

/**
 * The printable exports of a class set (issue 16 §6): the Notenliste of the course and one graded work per
 * student, A4. The document definitions are pure (tested without rendering); `renderPdf` makes the file.
 */

/** One line of the Notenliste: a paper, or a participant marked absent. */
export type NotenlisteRow = {
  name: string;
  achievedPoints: number | null;
  totalPoints: number | null;
  grade: string | null;
  confirmed: boolean;
  absent: boolean;
};

export type SetHeader = { testName: string; courseName: string; date: Date };

const percent = (share: number) => `${Math.round(share * 100)} %`;
const pointsText = (achieved: number | null, total: number | null) =>
  achieved === null && total === null
    ? ''
    : total === null
      ? germanNumber(achieved)
      : labels.pointsOf(germanNumber(achieved) || '–', germanNumber(total));

function headerLines(set: SetHeader): Content[] {
  return [
    { text: `${labels.course}: ${set.courseName}`, style: 'muted' },
    { text: `${labels.date}: ${germanDate(set.date)}`, style: 'muted' },
  ];
}

/**
 * The Notenliste: test, course and date; every student with points and grade (absent ones marked); the
 * Notenspiegel, the averages and, when the share of 5 and 6 is above the teacher's threshold, the notice that
 * the head may need to approve (issue 16 §5). The figures are those of the overview: confirmed papers only.
 */
export function notenlisteDocument(
  set: SetHeader,
  rows: NotenlisteRow[],
  overview: ClassEvaluationOverview,
): TDocumentDefinitions {
  const header: TableCell[] = [labels.name, labels.points, labels.grade, labels.confirmed].map((text) => ({
    text,
    style: 'tableHeader',
  }));
  const body: TableCell[][] = [
    header,
    ...rows.map((row): TableCell[] =>
      row.absent
        ? [row.name, '', { text: labels.absent, italics: true }, '']
        : [
            row.name,
            pointsText(row.achievedPoints, row.totalPoints),
            row.grade ?? labels.notGraded,
            row.confirmed ? labels.yes : labels.no,
          ],
    ),
  ];
  const spiegel: TableCell[][] = [
    [
      { text: labels.grade, style: 'tableHeader' },
      ...overview.gradeDistribution.map((entry) => ({
        text: String(entry.grade),
        style: 'tableHeader',
        alignment: 'center' as const,
      })),
    ],
    [
      { text: labels.count, bold: true },
      ...overview.gradeDistribution.map((entry) => ({
        text: String(entry.count),
        alignment: 'center' as const,
      })),
    ],
  ];
  const content: Content[] = [
    { text: `${labels.notenliste}: ${set.testName || set.courseName}`, style: 'title' },
    ...headerLines(set),
    {
      table: { headerRows: 1, widths: ['*', 120, 45, 60], body },
      layout: 'lightHorizontalLines',
      margin: [0, 12, 0, 0],
    },
    { text: labels.notenspiegel, style: 'heading' },
    { table: { widths: ['auto', '*', '*', '*', '*', '*', '*'], body: spiegel } },
    {
      margin: [0, 8, 0, 0],
      stack: [
        ...(overview.averageGrade !== null
          ? [{ text: `${labels.averageGrade}: ${germanNumber(overview.averageGrade)}` }]
          : []),
        ...(overview.averagePoints !== null
          ? [
              {
                text: `${labels.averagePoints}: ${pointsText(overview.averagePoints, overview.totalPoints)}`,
              },
            ]
          : []),
        { text: labels.counted(overview.counted, overview.papers), style: 'muted' },
      ],
    },
  ];
  if (overview.exceedsThreshold && overview.failingShare !== null) {
    content.push({
      text: classEvaluationMessages.failingShareNotice(
        percent(overview.failingShare),
        percent(overview.failingShareThreshold),
      ),
      style: 'notice',
    });
  }
  return a4Document(`${labels.notenliste} ${set.testName}`, content);
}

const bullets = (items: string[]): Content => ({ ul: items, margin: [0, 0, 0, 4] });

/**
 * One student's graded work (issue 16 §6): name, test, course, date, grade and points; per task and subtask
 * the points, the feedback and each error with its weight, details and suggestion; strengths and weaknesses;
 * the student's text. Addressed to the student (du).
 */
export function paperDocument(
  set: SetHeader,
  paper: { studentName: string; grade: string | null },
  result: AnalysisResult,
  studentText: string,
): TDocumentDefinitions {
  const content: Content[] = [
    { text: `${labels.gradedWork}: ${paper.studentName}`, style: 'title' },
    { text: `${labels.test}: ${set.testName || result.title}`, style: 'muted' },
    ...headerLines(set),
    {
      margin: [0, 8, 0, 0],
      columns: [
        { text: `${labels.grade}: ${result.grade ?? paper.grade ?? '–'}`, bold: true, fontSize: 13 },
        {
          text: `${labels.points}: ${pointsText(result.achieved_points, result.total_points) || '–'}`,
          bold: true,
          fontSize: 13,
          alignment: 'right',
        },
      ],
    },
  ];
  const unitBlock = (unit: {
    achieved_points: number | null;
    max_points: number | null;
    feedback: string;
    improvement_suggestion?: string;
    errors: AnalysisResult['tasks'][number]['subtasks'][number]['errors'];
  }): Content[] => {
    // the deductions the teacher's points overrode are never printed for the pupil (issue 33 §3)
    const errors = standingErrors(unit.errors);
    return [
      { text: `${labels.points}: ${pointsText(unit.achieved_points, unit.max_points) || '–'}` },
      ...(unit.feedback ? [{ text: `${labels.feedback}: ${unit.feedback}` }] : []),
      ...(unit.improvement_suggestion
        ? [{ text: `${labels.suggestion}: ${unit.improvement_suggestion}` }]
        : []),
      ...(errors.length === 0
        ? [{ text: labels.noErrors, style: 'muted' }]
        : [
            { text: labels.errors, bold: true, margin: [0, 4, 0, 0] } as Content,
            {
              ul: errors.map((error) => ({
                stack: [
                  {
                    text: [
                      { text: error.title, bold: true },
                      ` (${labels.severity[error.severity.toLowerCase()] ?? error.severity}${
                        error.point_deduction > 0
                          ? `, ${labels.deduction} ${germanNumber(error.point_deduction)} P.`
                          : ''
                      })`,
                    ],
                  },
                  ...(error.details ? [{ text: error.details }] : []),
                  ...(error.suggestion
                    ? [{ text: `${labels.suggestion}: ${error.suggestion}`, style: 'muted' }]
                    : []),
                ],
                margin: [0, 0, 0, 3],
              })),
            } as Content,
          ]),
    ];
  };
  for (const task of result.tasks) {
    content.push({
      text: `${task.title}${
        task.max_points !== null || task.achieved_points !== null
          ? ` – ${pointsText(task.achieved_points, task.max_points)}`
          : ''
      }`,
      style: 'heading',
    });
    if (task.overall_feedback) content.push({ text: task.overall_feedback });
    if (task.subtasks.length === 0) {
      content.push(...unitBlock({ ...task, feedback: '', errors: [] }));
      continue;
    }
    for (const subtask of task.subtasks) {
      content.push({
        text: [subtask.subtask_label, subtask.description].filter(Boolean).join(': ') || task.title,
        style: 'subheading',
      });
      content.push(...unitBlock(subtask));
    }
  }
  if (result.overall_feedback) {
    content.push({ text: labels.overallFeedback, style: 'heading' }, { text: result.overall_feedback });
  }
  if (result.strengths.length > 0) {
    content.push({ text: labels.strengths, style: 'heading' }, bullets(result.strengths));
  }
  if (result.weaknesses.length > 0) {
    content.push({ text: labels.weaknesses, style: 'heading' }, bullets(result.weaknesses));
  }
  content.push(
    { text: labels.studentText, style: 'heading', pageBreak: 'before' },
    studentText.trim()
      ? { text: studentText, preserveLeadingSpaces: true }
      : { text: labels.noStudentText, style: 'muted' },
  );
  return a4Document(`${labels.gradedWork} ${paper.studentName}`, content);
}
