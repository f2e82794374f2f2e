/**
 * What every file export shares (class sets, grades, analytics, lesson plans): German numbers and dates, CSV
 * for a spreadsheet of German settings (UTF-8 with a byte order mark so Excel reads the umlauts, `;` between
 * cells, a decimal comma) and file names safe in a Content-Disposition header.
 */

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

/** The lines as CSV: cells made safe, lines ended by CRLF (RFC 4180), the byte order mark first. */
export function csvText(lines: string[][]): string {
  return `${BOM}${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/**
 * A file name of ASCII letters, digits and dashes from the test's name (umlauts spelt out), safe in a
 * Content-Disposition header without encoding: "Brüche & Dezimalzahlen" → "Brueche-Dezimalzahlen".
 */
export function asciiFileName(name: string, fallback: string): string {
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
