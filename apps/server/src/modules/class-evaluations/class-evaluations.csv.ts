import { classEvaluationExportLabels as labels } from '@korrigo/domain';
import { csvText, germanDate, germanNumber } from '../../platform/csv';

/**
 * The class list as CSV (issue 16 §6) for a spreadsheet of German settings: UTF-8 with a byte order mark (so
 * Excel reads the umlauts), `;` between cells and a decimal comma (a comma is the decimal separator there).
 */

export type CsvRow =
  | {
      kind: 'paper';
      name: string;
      achievedPoints: number | null;
      totalPoints: number | null;
      grade: string | null;
      /** false: no result (the paper failed or is still being graded) */
      graded: boolean;
      confirmed: boolean;
      releasedAt: Date | null;
    }
  | { kind: 'absent'; name: string };

/** The header and one line per row, lines ended by CRLF (RFC 4180), with the byte order mark first. */
export function buildCsv(rows: CsvRow[]): string {
  const lines: string[][] = [[...labels.csvHeader]];
  for (const row of rows) {
    lines.push(
      row.kind === 'absent'
        ? [row.name, '', '', labels.absent, '', '']
        : [
            row.name,
            germanNumber(row.achievedPoints),
            germanNumber(row.totalPoints),
            row.graded ? (row.grade ?? '') : labels.notGraded,
            row.confirmed ? labels.yes : labels.no,
            row.releasedAt ? `${labels.yes} (${germanDate(row.releasedAt)})` : labels.no,
          ],
    );
  }
  return csvText(lines);
}
