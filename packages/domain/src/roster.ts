import { z } from 'zod';
import { classLimits, type RosterEntryInput } from './classes';

// A class's roster as teachers paste it (issue 34 §3): one reading of the pasted text for the web's preview and
// one check of the entries for the server, so both agree line by line. The spec gives no roster limits or
// roster messages (spec 001 §5 only: 'Adding a student already in the class does nothing'); these are ours.

export const rosterMessages = {
  nameTooLong: (line: number) =>
    `Zeile ${line}: Der Name ist länger als ${classLimits.studentNameMax} Zeichen. Die Zeile wird übersprungen.`,
  nameMissing: (line: number) => `Zeile ${line}: Bitte geben Sie einen Namen ein.`,
  invalidEmail: (line: number, email: string) =>
    `Zeile ${line}: „${email}“ ist keine gültige E-Mail-Adresse. Die Zeile wird übersprungen.`,
  twoEmails: (line: number) =>
    `Zeile ${line}: Bitte nur eine E-Mail-Adresse pro Zeile. Die Zeile wird übersprungen.`,
  tooManyColumns: (line: number) =>
    `Zeile ${line}: Bitte „Nachname, Vorname“ oder „Vorname Nachname“ schreiben. Die Zeile wird übersprungen.`,
  repeatedEmail: (line: number, email: string, first: number) =>
    `Zeile ${line}: Die E-Mail-Adresse „${email}“ steht schon in Zeile ${first}. Die Zeile wird übersprungen.`,
  tooMany: (line: number) =>
    `Zeile ${line}: Mehr als ${classLimits.rosterMax} Schülerinnen und Schüler auf einmal. Die Zeile wird übersprungen.`,
  /** the server's answer to two entries of one name: the web asks the teacher before it sends them */
  repeatedName: (line: number, name: string, first: number) =>
    `Zeile ${line}: „${name}“ steht schon in Zeile ${first}. Unterscheiden Sie die Namen, z. B. „${distinguishedName(name, 2)}“.`,
  headerSkipped: (line: number) => `Zeile ${line} ist eine Überschrift und wird übersprungen.`,
  skippedTitle: (count: number) =>
    count === 1 ? '1 Zeile wird übersprungen:' : `${count} Zeilen werden übersprungen:`,
  repeatedQuestion: (name: string, lines: number[]) =>
    `„${name}“ steht in den Zeilen ${lines.join(', ')}. Ist das eine zweite Person?`,
  choiceSecond: 'Zweite Person',
  choiceDuplicate: 'Doppelt – nur einmal',
  nameInLine: (line: number) => `Name in Zeile ${line}`,
  choiceMissing: 'Bitte entscheiden Sie bei jedem doppelten Namen, ob es eine zweite Person ist.',
  entriesInvalid: 'Bitte korrigieren Sie die markierten Zeilen der Schülerliste.',
} as const;

/** One pupil of a pasted roster and the line she came from (1-based, as the teacher's editor counts). */
export type RosterLine = { line: number; name: string; email?: string };
export type RosterProblem = { line: number; message: string };
/** A name on more than one line: a second pupil of that name, or the same pupil twice? The teacher says. */
export type RepeatedName = { key: string; name: string; lines: number[] };

export type RosterReading = {
  /** every line that can be added, repeated names included, in the order of the text */
  entries: RosterLine[];
  /** lines left out, each with its reason; the other lines go on */
  skipped: RosterProblem[];
  /** the line of a header row that was left out ('Name', 'Nachname\tVorname', 'Schüler', …) */
  header: number | null;
  repeated: RepeatedName[];
};

const emailSchema = z.email().max(classLimits.emailMax);
const headerWords = new Set([
  'name',
  'namen',
  'nachname',
  'familienname',
  'vorname',
  'vornamen',
  'schüler',
  'schülerin',
  'schüler/in',
  'schüler*in',
  'schüler:in',
  'schülerinnen',
  'schülerinnen und schüler',
  'schülername',
  'e-mail',
  'email',
  'mail',
  'e-mail-adresse',
]);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const nameKey = (name: string) => collapse(name).toLocaleLowerCase('de');
const headerCell = (cell: string) => collapse(cell.toLocaleLowerCase('de').replace(/[:.]+$/, ''));

/** A teacher's line in cells: a spreadsheet's tabs, a CSV's semicolons, or the comma of „Nachname, Vorname“. */
const cellsOf = (line: string) => line.split(/[\t;,]/).map(collapse);

/** The name of the n-th pupil of one name (n ≥ 2), as the roster shows her until the teacher changes it. */
export function distinguishedName(name: string, nth: number): string {
  return `${name} (${nth})`;
}

/**
 * Reads a pasted roster (issue 34 §3): one pupil per line, the e-mail anywhere in the line ("Anna Schmidt,
 * anna@x.de", "Anna Schmidt <anna@x.de>", a spreadsheet's tab-separated columns Nachname, Vorname, E-Mail, a
 * CSV with semicolons). Every line is checked on its own: a name over the limit, an e-mail that is not one, a
 * line with two e-mails or more than two name columns is skipped with its line number, and the others go on.
 * A first row of column titles ('Name', 'Nachname\tVorname', 'Schüler') is skipped; when it names both
 * columns, their order is taken from it. Empty lines go. The same e-mail twice is one pupil (the later line is
 * skipped); the same name twice is for the teacher to decide (`repeated`, then `resolveRoster`).
 */
export function readRoster(text: string): RosterReading {
  const entries: RosterLine[] = [];
  const skipped: RosterProblem[] = [];
  let header: number | null = null;
  let firstNameFirst = false;
  const emailLines = new Map<string, number>();
  const lines = text.split(/\r\n|\r|\n/);
  let seenContent = false;

  lines.forEach((raw, index) => {
    const line = index + 1;
    const cells = cellsOf(raw).filter(Boolean);
    if (cells.length === 0) return;
    if (!seenContent) {
      seenContent = true;
      const titles = cells.map(headerCell);
      if (titles.every((cell) => headerWords.has(cell))) {
        header = line;
        const first = titles.indexOf('vorname');
        const last = titles.findIndex((cell) => cell === 'nachname' || cell === 'familienname');
        firstNameFirst = first >= 0 && last >= 0 && first < last;
        return;
      }
    }

    const emails: string[] = [];
    const nameParts: string[] = [];
    for (const cell of cells) {
      const tokens = cell.split(' ');
      const mail = tokens.filter((token) => token.includes('@'));
      emails.push(...mail.map((token) => token.replace(/^[<(["']+|[>)\]"'.]+$/g, '')));
      const rest = collapse(
        tokens
          .filter((token) => !token.includes('@'))
          .join(' ')
          .replace(/[<>]/g, ' '),
      );
      if (rest) nameParts.push(rest);
    }
    if (emails.length > 1) return void skipped.push({ line, message: rosterMessages.twoEmails(line) });
    const email = emails[0];
    if (email !== undefined && !emailSchema.safeParse(email).success) {
      return void skipped.push({ line, message: rosterMessages.invalidEmail(line, email) });
    }
    if (nameParts.length > 2)
      return void skipped.push({ line, message: rosterMessages.tooManyColumns(line) });
    // „Nachname, Vorname“ (and a spreadsheet's Nachname and Vorname columns) becomes „Vorname Nachname“: school
    // registers sort by family name, so that is how lists are pasted, but the roster, the pupils' papers and
    // the greetings address a pupil first name first, and one pupil should read the same whichever way her
    // line came in (so that a repeated name is seen as one).
    const [first, second] = nameParts;
    const name =
      second === undefined
        ? (first ?? email ?? '')
        : firstNameFirst
          ? `${first} ${second}`
          : `${second} ${first}`;
    if (name.length > classLimits.studentNameMax) {
      return void skipped.push({ line, message: rosterMessages.nameTooLong(line) });
    }
    if (email !== undefined) {
      const key = email.toLowerCase();
      const earlier = emailLines.get(key);
      if (earlier !== undefined) {
        return void skipped.push({ line, message: rosterMessages.repeatedEmail(line, email, earlier) });
      }
      emailLines.set(key, line);
    }
    if (entries.length >= classLimits.rosterMax) {
      return void skipped.push({ line, message: rosterMessages.tooMany(line) });
    }
    entries.push(email === undefined ? { line, name } : { line, name, email });
  });

  return { entries, skipped, header, repeated: repeatedNames(entries) };
}

function repeatedNames(entries: RosterLine[]): RepeatedName[] {
  const groups = new Map<string, RepeatedName>();
  for (const entry of entries) {
    const key = nameKey(entry.name);
    const group = groups.get(key);
    if (group) group.lines.push(entry.line);
    else groups.set(key, { key, name: entry.name, lines: [entry.line] });
  }
  return [...groups.values()].filter((group) => group.lines.length > 1);
}

/** The teacher's answer for one repeated name: a second pupil (both kept, told apart) or the same one twice. */
export type RepeatChoice = 'second' | 'duplicate';

/**
 * The entries to add once the teacher has answered for the repeated names. 'duplicate' keeps the first line
 * (with the first e-mail among the lines, if the first has none); 'second' keeps every line, the later ones
 * under the distinguishing name the teacher gave them (`names`, by line) or „Name (2)“, „Name (3)“. A repeated
 * name without an answer is in `open`, and nothing should be sent while there is one.
 */
export function resolveRoster(
  reading: RosterReading,
  choices: Partial<Record<string, RepeatChoice>>,
  names: Partial<Record<number, string>> = {},
): { entries: RosterLine[]; open: RepeatedName[] } {
  const byKey = new Map(reading.repeated.map((group) => [group.key, group]));
  const open = reading.repeated.filter((group) => choices[group.key] === undefined);
  const entries: RosterLine[] = [];
  for (const entry of reading.entries) {
    const group = byKey.get(nameKey(entry.name));
    const choice = group ? choices[group.key] : undefined;
    if (!group || choice === undefined) {
      if (!group) entries.push(entry);
      continue;
    }
    const nth = group.lines.indexOf(entry.line) + 1;
    if (choice === 'duplicate') {
      if (nth > 1) continue;
      const email =
        entry.email ??
        reading.entries.find((other) => group.lines.includes(other.line) && other.email)?.email;
      entries.push(email === undefined ? entry : { ...entry, email });
      continue;
    }
    const given = collapse(names[entry.line] ?? '');
    entries.push(nth === 1 ? entry : { ...entry, name: given || distinguishedName(group.name, nth) });
  }
  return { entries, open };
}

/**
 * The server's check of the entries it is sent (issue 34 §3), the same rules as `readRoster` and after the
 * teacher's answers: a name of 1 to 120 characters, an e-mail that is one, no e-mail twice and no name twice.
 * Answers the entries trimmed, and a problem per line that breaks a rule.
 */
export function checkRosterEntries(inputs: RosterEntryInput[]): {
  entries: Array<{ name: string; email?: string }>;
  problems: RosterProblem[];
} {
  const entries: Array<{ name: string; email?: string }> = [];
  const problems: RosterProblem[] = [];
  const names = new Map<string, number>();
  const emails = new Map<string, number>();
  inputs.forEach((input, index) => {
    const line = input.line ?? index + 1;
    const name = collapse(input.name);
    const email = input.email?.trim() || undefined;
    const problem = !name
      ? rosterMessages.nameMissing(line)
      : name.length > classLimits.studentNameMax
        ? rosterMessages.nameTooLong(line)
        : email !== undefined && !emailSchema.safeParse(email).success
          ? rosterMessages.invalidEmail(line, email)
          : email !== undefined && emails.has(email.toLowerCase())
            ? rosterMessages.repeatedEmail(line, email, emails.get(email.toLowerCase())!)
            : names.has(nameKey(name))
              ? rosterMessages.repeatedName(line, name, names.get(nameKey(name))!)
              : undefined;
    if (problem) return void problems.push({ line, message: problem });
    names.set(nameKey(name), line);
    if (email !== undefined) emails.set(email.toLowerCase(), line);
    entries.push(email === undefined ? { name } : { name, email });
  });
  return { entries, problems };
}
