import { classEvaluationExportLabels as labels } from '@korrigo/domain';

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

const BOM = '\uFEFF';

/** 12.5 → "12,5"; at most two decimals, as the points are kept. */
export function germanNumber(value: number | null): string {
  if (value === null) return '';
  return String(Math.round(value * 100) / 100).replace('.', ',');
}

/** dd.mm.yyyy in German time, the date a teacher writes. */
export function germanDate(date: Date): string {
  return date.toLocaleDateString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}

/**
 * One cell: a cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return
 * before one) gets a leading apostrophe (CSV injection, OWASP); a cell with the separator, a quote or a line
 * break is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header and one line per row, lines ended by CRLF (RFC 4180), with the byte order mark first. */
export function buildCsv(rows: CsvRow[]): string {
  const lines = [labels.csvHeader.map(csvCell).join(';')];
  for (const row of rows) {
    const cells =
      row.kind === 'absent'
        ? [row.name, '', '', labels.absent, '', '']
        : [
            row.name,
            germanNumber(row.achievedPoints),
            germanNumber(row.totalPoints),
            row.graded ? (row.grade ?? '') : labels.notGraded,
            row.confirmed ? labels.yes : labels.no,
            row.releasedAt ? `${labels.yes} (${germanDate(row.releasedAt)})` : labels.no,
          ];
    lines.push(cells.map(csvCell).join(';'));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * A file name of ASCII letters, digits and dashes from the test's name (umlauts spelt out), safe in a
 * Content-Disposition header without encoding: "Brüche & Dezimalzahlen" → "Brueche-Dezimalzahlen".
 */
export function asciiFileName(name: string, fallback: string = labels.fileName): string {
  const spelt = name
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const safe = spelt
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return safe || fallback;
}
