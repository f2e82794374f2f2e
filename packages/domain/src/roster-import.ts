import { z } from 'zod';
import { classLimits, classMessages, rosterEntryInputSchema } from './classes';
import { readRoster, rosterMessages, type RosterProblem, type RosterReading } from './roster';

// A school's pupil list as its administration software exports it (issue 35 §3): SchILD-NRW („Nachname;
// Vorname;Klasse;…“, often UTF-16 when „Unicode-Format“ is ticked), ASV-BW („Familienname;Rufname;Klasse;…“)
// and the plain „Nachname;Vorname;Klasse;E-Mail“ a secretary writes in a spreadsheet. The columns are found
// by their titles, not by a fixed layout per product: every product lets the school choose and order the
// fields of its export, so a title is the only thing two exports of one product share. Without a title row
// the plain order is assumed. Each class's lines then go through the roster paste's own reading
// (`readRoster`), so a line is checked, skipped and asked about exactly as a pasted one.

export const rosterImportLimits = {
  /** a school's export is a few hundred KB at most; more is not a pupil list */
  fileBytes: 2 * 1024 * 1024,
  /** a whole school: 60 classes of up to `classLimits.rosterMax` pupils */
  classesMax: 60,
} as const;

export const rosterImportMessages = {
  title: 'Schülerliste importieren',
  open: 'Liste importieren',
  intro:
    'Laden Sie die Schülerliste aus Ihrer Schulverwaltung (SchILD-NRW, ASV-BW oder eine Tabelle mit „Nachname;Vorname;Klasse;E-Mail“) als CSV-Datei hoch. Sie sehen zuerst, was angelegt wird.',
  fileLabel: 'CSV-Datei',
  pickFile: 'Datei wählen',
  classesInFile: 'Klassen in der Datei',
  pickOtherFile: 'Andere Datei wählen',
  importFailed: 'Der Import ist fehlgeschlagen. Es wurde nichts angelegt. Bitte versuchen Sie es erneut.',
  fileHint: 'Spaltentrenner Semikolon, Komma oder Tabulator; eine Zeile mit Spaltentiteln wird erkannt.',
  schoolLabel: 'Schule der Klassen',
  fileTooLarge: `Die Datei ist größer als ${rosterImportLimits.fileBytes / 1024 / 1024} MB. Bitte exportieren Sie nur die Schülerliste.`,
  fileUnreadable: 'Die Datei ist keine Textdatei (CSV). Bitte exportieren Sie die Liste als CSV.',
  fileEmpty: 'In der Datei steht keine Schülerin und kein Schüler.',
  noNameColumn:
    'In der Datei gibt es keine Spalte „Nachname“ oder „Name“. Bitte exportieren Sie die Namen mit Spaltentiteln.',
  noClassColumn:
    'In der Datei gibt es keine Spalte „Klasse“. Bitte exportieren Sie die Klasse mit – oder fügen Sie die Schülerinnen und Schüler über „Neue Klasse“ ein.',
  tooManyClasses: `Die Datei enthält mehr als ${rosterImportLimits.classesMax} Klassen. Bitte teilen Sie sie auf.`,
  classMissing: (line: number) => `Zeile ${line}: Die Klasse fehlt. Die Zeile wird übersprungen.`,
  nameMissing: (line: number) => `Zeile ${line}: Der Name fehlt. Die Zeile wird übersprungen.`,
  classTooLong: (line: number) =>
    `Zeile ${line}: Der Klassenname ist länger als ${classLimits.nameMax} Zeichen. Die Zeile wird übersprungen.`,
  columns: (found: string) => `Erkannte Spalten: ${found}`,
  columnAt: (column: string, index: number) => `${column} (Spalte ${index + 1})`,
  column: { lastName: 'Nachname', firstName: 'Vorname', className: 'Klasse', email: 'E-Mail' },
  columnsWithoutTitles: 'Keine Spaltentitel: gelesen als Nachname, Vorname, Klasse, E-Mail.',
  newClass: (gradeLevel: string) => `wird angelegt (Jahrgang ${gradeLevel})`,
  existingClass: 'vorhanden – wird ergänzt',
  pupils: (count: number) => (count === 1 ? '1 Schülerin oder Schüler' : `${count} Schülerinnen und Schüler`),
  submit: (classes: number) => (classes === 1 ? '1 Klasse importieren' : `${classes} Klassen importieren`),
  done: (created: number, extended: number, added: number) =>
    `Import abgeschlossen: ${created === 1 ? '1 Klasse' : `${created} Klassen`} angelegt, ${
      extended === 1 ? '1 Klasse' : `${extended} Klassen`
    } ergänzt, ${added === 1 ? '1 Schülerin oder Schüler' : `${added} Schülerinnen und Schüler`} hinzugefügt.`,
  classesInvalid: 'Bitte korrigieren Sie die markierten Zeilen der Schülerliste.',
} as const;

type Column = keyof typeof rosterImportMessages.column;

/** The titles each export uses for a column, lower case; the first column that matches wins. */
const columnTitles: Record<Column, string[]> = {
  lastName: ['nachname', 'familienname', 'name', 'schülername', 'zuname'],
  // ASV-BW and SchILD both have the official „Vorname(n)“ and the „Rufname“ a pupil is called by: the latter
  firstName: ['rufname', 'vorname', 'vornamen'],
  className: ['klasse', 'klassenbezeichnung', 'klasse/kurs', 'lerngruppe', 'klassenname'],
  email: [
    'e-mail',
    'email',
    'e-mail-adresse',
    'mail',
    'e-mail (privat)',
    'e-mail privat',
    'schüler/in e-mail privat',
    'e-mail (schule)',
    'e-mail schule',
    'schul-e-mail',
  ],
};

export type RosterImportColumns = Partial<Record<Column, number>>;

/** One class of the file: its name, the grade level a new class gets, and its lines read as a roster. */
export type ImportedClass = { name: string; gradeLevel: string; reading: RosterReading };

export type RosterImportReading =
  | { ok: false; message: string }
  | {
      ok: true;
      /** where each column was found (0-based), or null when the file has no title row */
      columns: RosterImportColumns | null;
      classes: ImportedClass[];
      /** lines left out before the class's reading (no class), each with its reason */
      skipped: RosterProblem[];
    };

/**
 * The text of an uploaded file: UTF-8 or UTF-16 by their byte-order mark (SchILD's „Unicode-Format“ is
 * UTF-16LE), UTF-8 without one, and Windows-1252 where the bytes are not UTF-8 (older exports from Windows
 * programs). A file with NUL bytes and no UTF-16 mark is not a text file: null.
 */
export function decodeRosterFile(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of a file: the one of semicolon, tab, pipe and comma that its first line holds most of. */
function separatorOf(firstLine: string): string {
  const candidates = [';', '\t', '|', ','];
  const counts = candidates.map((candidate) => firstLine.split(candidate).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ';' : candidates[counts.indexOf(best)]!;
}

/**
 * CSV rows with quoted fields ("Müller, Anna" stays one field, "" is a quote), each with its line number in
 * the file, so that the messages name the line the teacher sees in her editor.
 */
function csvRows(text: string, separator: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += char;
  }
  cells.push(cell);
  rows.push({ line: rowLine, cells });
  return rows
    .map((row) => ({ line: row.line, cells: row.cells.map((value) => value.replace(/\s+/g, ' ').trim()) }))
    .filter((row) => row.cells.some(Boolean));
}

const title = (cell: string) =>
  cell
    .toLocaleLowerCase('de')
    .replace(/[:.*]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

function columnsOf(cells: string[]): RosterImportColumns | null {
  const titles = cells.map(title);
  const columns: RosterImportColumns = {};
  for (const [column, names] of Object.entries(columnTitles) as Array<[Column, string[]]>) {
    for (const name of names) {
      const at = titles.indexOf(name);
      if (at >= 0 && !Object.values(columns).includes(at)) {
        columns[column] = at;
        break;
      }
    }
  }
  return Object.keys(columns).length >= 2 ? columns : null;
}

/**
 * The grade level a new class gets from its name: the leading number of „7a“, „10 b“ or „05C“; a name
 * without one („EF“, „Q1“, „E-Phase“) is its own level, as upper schools name their years.
 */
export function gradeLevelOf(className: string): string {
  const number = /^0*(\d{1,2})(?!\d)/.exec(className.trim());
  return (number ? number[1]! : className.trim()).slice(0, classLimits.gradeLevelMax);
}

/**
 * Reads an export into its classes (issue 35 §3). A line without a class or with an over-long class name is
 * skipped with its number; every other line goes to its class and is read there as the roster paste reads a
 * line: „Vorname Nachname“, the e-mail checked, a repeated name a question for the teacher. Classes come in
 * the order of their first line; „7 a“ and „7a“ are one class.
 */
export function readRosterImport(text: string): RosterImportReading {
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim()) ?? '';
  const rows = csvRows(text.replace(/^\uFEFF/, ''), separatorOf(firstLine));
  if (rows.length === 0) return { ok: false, message: rosterImportMessages.fileEmpty };

  const columns = columnsOf(rows[0]!.cells);
  const body = columns ? rows.slice(1) : rows;
  if (columns && columns.lastName === undefined)
    return { ok: false, message: rosterImportMessages.noNameColumn };
  if (columns && columns.className === undefined) {
    return { ok: false, message: rosterImportMessages.noClassColumn };
  }
  if (body.length === 0) return { ok: false, message: rosterImportMessages.fileEmpty };

  const skipped: RosterProblem[] = [];
  // each class's lines as a pasted roster would hold them („Nachname<TAB>Vorname<TAB>E-Mail“) at the file's
  // own line numbers, so that every message names the line the teacher sees in her editor; with a title row
  // the class's text starts with it, which tells the paste's reading the column order and keeps it from
  // taking a pupil's first line for titles
  const titleAt = columns ? rows[0]!.line - 1 : -1;
  const groups = new Map<string, { name: string; lines: string[] }>();
  for (const { line, cells } of body) {
    const at = (column: Column, fallback: number) =>
      cells[columns ? (columns[column] ?? -1) : fallback] ?? '';
    // without titles: Nachname, Vorname, Klasse, and the e-mail wherever a cell holds one
    const className = at('className', 2);
    const email = columns ? at('email', -1) : (cells.find((cell) => cell.includes('@')) ?? '');
    const lastName = at('lastName', 0);
    const firstName = at('firstName', 1);
    const problem = !className
      ? rosterImportMessages.classMissing(line)
      : className.length > classLimits.nameMax
        ? rosterImportMessages.classTooLong(line)
        : !lastName && !firstName
          ? rosterImportMessages.nameMissing(line)
          : email && !email.includes('@')
            ? rosterMessages.invalidEmail(line, email)
            : null;
    if (problem) {
      skipped.push({ line, message: problem });
      continue;
    }
    const key = classNameKey(className);
    let group = groups.get(key);
    if (!group) {
      group = { name: className, lines: [] };
      if (titleAt >= 0) group.lines[titleAt] = 'Nachname\tVorname';
      groups.set(key, group);
    }
    group.lines[line - 1] = [lastName, firstName, email].join('\t');
  }
  if (groups.size > rosterImportLimits.classesMax) {
    return { ok: false, message: rosterImportMessages.tooManyClasses };
  }
  const classes = [...groups.values()].map((group) => ({
    name: group.name,
    gradeLevel: gradeLevelOf(group.name),
    reading: readRoster(Array.from(group.lines, (text) => text ?? '').join('\n')),
  }));
  return { ok: true, columns, classes, skipped };
}

/** „7 a“ and „7a“, „7A“ and „7a“ are one class: the key a class of the file and a class of hers meet by. */
export const classNameKey = (name: string) => name.replace(/\s+/g, '').toLocaleLowerCase('de');

/**
 * The import as the web sends it once the teacher has seen the preview and answered the repeated names: the
 * school of the classes, and per class its name, the grade level for a new one and its pupils. The server
 * checks every pupil again (`checkRosterEntries`) and adds a class's pupils to her own class of that name in
 * that school, or creates the class; all in one transaction.
 */
export const rosterImportRequestSchema = z.object({
  schoolId: z.uuid(classMessages.schoolRequired),
  classes: z
    .array(
      z.object({
        name: z.string().trim().min(1, classMessages.requiredFields).max(classLimits.nameMax),
        gradeLevel: z.string().trim().min(1, classMessages.requiredFields).max(classLimits.gradeLevelMax),
        students: z.array(rosterEntryInputSchema).min(1).max(classLimits.rosterMax),
      }),
    )
    .min(1, rosterImportMessages.fileEmpty)
    .max(rosterImportLimits.classesMax, rosterImportMessages.tooManyClasses),
});
export type RosterImportRequest = z.input<typeof rosterImportRequestSchema>;

export const rosterImportResultSchema = z.object({
  created: z.number().int(),
  extended: z.number().int(),
  added: z.number().int(),
});
export type RosterImportResult = z.infer<typeof rosterImportResultSchema>;
