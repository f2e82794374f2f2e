import {
  classEvaluationExportLabels as labels,
  classEvaluationMessages,
  standingErrors,
  type AnalysisResult,
  type ClassEvaluationOverview,
} from '@korrigo/domain';
import { germanDate, germanNumber } from '../../platform/csv';
import { a4Document, type Content, type TableCell, type TDocumentDefinitions } from '../../platform/pdf';
import { pointsFrom, type Sheet } from './class-evaluations.sheet';

/**
 * The printable exports of a class set (issue 16 §6): the Notenliste of the course and one graded work per
 * student, A4. The document definitions are pure (tested without rendering); `renderPdf` makes the file.
 */

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
 * The Notenliste: test, course and date; every pupil of the course (those without a paper marked absent)
 * with the points per task, the total and the grade; the Notenschlüssel used; the Notenspiegel, the averages
 * and, when the share of 5 and 6 is above the teacher's threshold, the notice and the lines for the head's
 * approval (issue 16 §5, issue 34 §6). The figures are those of the overview: confirmed papers only.
 */
export function notenlisteDocument(
  set: SetHeader,
  sheet: Sheet,
  overview: ClassEvaluationOverview,
): TDocumentDefinitions {
  const shorts = sheet.tasks.map((_, index) => labels.taskShort(index + 1));
  const head = (text: string, alignment: 'left' | 'center' = 'left'): TableCell => ({
    text,
    style: 'tableHeader',
    alignment,
  });
  const header: TableCell[] = [
    head(labels.name),
    ...shorts.map((short) => head(short, 'center')),
    head(sheet.tasks.length > 0 ? labels.total : labels.points),
    head(labels.grade),
    head(labels.confirmed),
  ];
  const centred = (text: string): TableCell => ({ text, alignment: 'center' });
  const body: TableCell[][] = [
    header,
    ...sheet.rows.map((row): TableCell[] =>
      row.absent
        ? [row.name, ...shorts.map(() => ''), '', { text: labels.absent, italics: true }, '']
        : [
            row.name,
            ...row.taskPoints.map((points) => centred(germanNumber(points))),
            pointsText(row.achievedPoints, row.totalPoints),
            row.graded ? (row.grade ?? '') : labels.notGraded,
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
  // many tasks: the page turns, so that a column still holds "12,5"
  const landscape = sheet.tasks.length > 8;
  const content: Content[] = [
    { text: `${labels.notenliste}: ${set.testName || set.courseName}`, style: 'title' },
    ...headerLines(set),
    {
      table: {
        headerRows: 1,
        widths: ['*', ...shorts.map(() => 'auto'), 'auto', 'auto', 'auto'],
        body,
      },
      layout: 'lightHorizontalLines',
      fontSize: sheet.tasks.length > 4 ? 8 : 10,
      margin: [0, 12, 0, 0],
    },
    ...taskLegend(sheet, shorts),
    ...scaleBlock(sheet),
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
  const approval = approvalNotice(overview);
  if (approval) {
    // the notice and the lines to sign stay on one page
    content.push({
      unbreakable: true,
      stack: [
        { text: approval, style: 'notice' },
        { text: labels.approvalTitle, style: 'subheading', margin: [0, 16, 0, 0] },
        {
          margin: [0, 24, 0, 0],
          columns: [signatureLine(labels.approvalDate, 140), signatureLine(labels.approvalSignature, 260)],
          columnGap: 30,
        },
      ],
    });
  }
  return {
    ...a4Document(`${labels.notenliste} ${set.testName}`, content),
    ...(landscape ? { pageOrientation: 'landscape' } : {}),
  };
}

/** What A1, A2 … stand for: the task's title and maximum, in up to three columns under the table. */
function taskLegend(sheet: Sheet, shorts: string[]): Content[] {
  if (sheet.tasks.length === 0) return [];
  const entries = sheet.tasks.map((task, index) =>
    labels.taskLegend(shorts[index]!, task.title, germanNumber(task.maxPoints)),
  );
  const perColumn = Math.ceil(entries.length / Math.min(3, Math.ceil(entries.length / 4)));
  const columns: Content[] = [];
  for (let start = 0; start < entries.length; start += perColumn) {
    columns.push({ width: '*', stack: entries.slice(start, start + perColumn) });
  }
  return [{ margin: [0, 4, 0, 0], fontSize: 8, style: 'muted', columns, columnGap: 12 }];
}

/** The notice when the share of 5 and 6 is above the threshold (the head may need to approve), else null. */
export function approvalNotice(overview: ClassEvaluationOverview): string | null {
  if (!overview.exceedsThreshold || overview.failingShare === null) return null;
  return classEvaluationMessages.failingShareNotice(
    percent(overview.failingShare),
    percent(overview.failingShareThreshold),
  );
}

/** A line to sign on, with what goes on it below. */
function signatureLine(label: string, width: number): Content {
  return {
    width,
    stack: [
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.7 }] },
      { text: label, fontSize: 8, style: 'muted', margin: [0, 2, 0, 0] },
    ],
  };
}

/**
 * The Notenschlüssel across the page, a column per grade (16 rows of a table would push the approval lines
 * to a second page): the lowest percentage and, with a known maximum, the lowest points of each grade.
 */
function scaleBlock(sheet: Sheet): Content[] {
  const scale = sheet.scale;
  if (!scale) return [];
  const total = sheet.totalPoints;
  const [gradeLabel, percentLabel, pointsLabel] = labels.gradingScaleHeader;
  const line = (label: string, cells: string[], header = false): TableCell[] => [
    { text: label, bold: true, ...(header ? { style: 'tableHeader' } : {}) },
    ...cells.map((text) => ({
      text,
      alignment: 'center' as const,
      ...(header ? { style: 'tableHeader' } : {}),
    })),
  ];
  return [
    { text: `${labels.gradingScale}: ${scale.name}`, style: 'heading' },
    {
      table: {
        headerRows: 1,
        widths: ['auto', ...scale.rows.map(() => '*')],
        body: [
          line(
            gradeLabel,
            scale.rows.map((row) => row.grade),
            true,
          ),
          line(
            percentLabel,
            scale.rows.map((row) => `${germanNumber(row.minPercent)} %`),
          ),
          ...(total === null
            ? []
            : [
                line(
                  pointsLabel,
                  scale.rows.map((row) => germanNumber(pointsFrom(row.minPercent, total))),
                ),
              ]),
        ],
      },
      fontSize: scale.rows.length > 8 ? 7 : 8,
    },
  ];
}

const bullets = (items: string[]): Content => ({ ul: items, margin: [0, 0, 0, 4] });

/** One pupil's paper as the PDFs print it. */
export type PrintedPaper = {
  studentName: string;
  grade: string | null;
  result: AnalysisResult;
  studentText: string;
};

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
  return a4Document(
    `${labels.gradedWork} ${paper.studentName}`,
    paperContent(set, { ...paper, result, studentText }),
  );
}

/**
 * „Alle Schüler-PDFs“ as one file to print (issue 34 §6): each pupil's graded work as in paperDocument, one
 * after the other, each in a section of its own, which starts on a new page. A sheet handed to a pupil must
 * not say „Seite 37 von 90“: each section's footer names the pupil and counts her own pages. pdfmake draws
 * the footers after the layout, page by page in order, so a section's first call is its first page.
 */
export function printDocument(set: SetHeader, papers: PrintedPaper[]): TDocumentDefinitions {
  return a4Document(
    `${labels.allPapersTitle} ${set.testName || set.courseName}`,
    papers.map((paper) => {
      let firstPage: number | null = null;
      return {
        section: paperContent(set, paper),
        footer: (page: number) => {
          firstPage ??= page;
          return {
            text: labels.pupilPage(paper.studentName, page - firstPage + 1),
            alignment: 'center',
            fontSize: 8,
            color: '#777777',
            margin: [0, 20, 0, 0],
          };
        },
      };
    }),
  );
}

function paperContent(set: SetHeader, paper: PrintedPaper): Content[] {
  const { result, studentText } = paper;
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
  return content;
}
