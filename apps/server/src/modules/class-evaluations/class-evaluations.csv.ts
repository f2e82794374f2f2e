import { classEvaluationExportLabels as labels } from '@korrigo/domain';
import { csvText, germanDate, germanNumber } from '../../platform/csv';
import { pointsFrom, type Sheet } from './class-evaluations.sheet';

/**
 * The class list as CSV (issue 16 §6) for a spreadsheet of German settings: UTF-8 with a byte order mark (so
 * Excel reads the umlauts), `;` between cells and a decimal comma (a comma is the decimal separator there).
 *
 * First the table a spreadsheet sorts and sums (one line per pupil, a column per task after the fixed ones,
 * so that a sheet built on the first six columns keeps working); below it, after a blank line, the
 * Notenschlüssel the grades were computed with and, when the share of 5 and 6 is above the threshold, the
 * lines for the head's approval (issue 34 §6), as a school files the list.
 */

/** `approval`: the notice when the head's approval is due (overview.exceedsThreshold), else null. */
export function buildCsv(sheet: Sheet, approval: string | null = null): string {
  const lines: string[][] = [
    [
      ...labels.csvHeader,
      ...sheet.tasks.map((task) => labels.taskColumn(task.title, germanNumber(task.maxPoints))),
    ],
  ];
  for (const row of sheet.rows) {
    lines.push(
      row.absent
        ? [row.name, '', '', labels.absent, '', '', ...sheet.tasks.map(() => '')]
        : [
            row.name,
            germanNumber(row.achievedPoints),
            germanNumber(row.totalPoints),
            row.graded ? (row.grade ?? '') : labels.notGraded,
            row.confirmed ? labels.yes : labels.no,
            row.releasedAt ? `${labels.yes} (${germanDate(row.releasedAt)})` : labels.no,
            ...row.taskPoints.map(germanNumber),
          ],
    );
  }
  if (sheet.scale) {
    const total = sheet.totalPoints;
    lines.push(
      [],
      [labels.gradingScale, sheet.scale.name],
      total === null ? labels.gradingScaleHeader.slice(0, 2) : [...labels.gradingScaleHeader],
      ...sheet.scale.rows.map((row) => [
        row.grade,
        labels.fromPercent(germanNumber(row.minPercent)),
        ...(total === null ? [] : [labels.fromPoints(germanNumber(pointsFrom(row.minPercent, total)))]),
      ]),
    );
  }
  if (approval) {
    lines.push(
      [],
      [labels.approvalTitle],
      [approval],
      [labels.approvalDate, ''],
      [labels.approvalSignature, ''],
    );
  }
  return csvText(lines);
}
