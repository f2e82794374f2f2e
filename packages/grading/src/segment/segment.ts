import {
  findPointMarks,
  isSubtotalLine,
  isTotalLine,
  pointUnit,
  setOffAtLineEnd,
  taskTotalLine,
} from '../text/point-marks';

export type SegmentMetadata = { studentName?: string; className?: string; date?: string };

export type SegmentSubtask = {
  /** 'a', 'b', ... or '1', '2' for numbered Teilaufgaben */
  label: string;
  maxPoints: number | null;
  /** the header line as written */
  heading: string;
  /** the rest of the header line after the label and the lines up to the next header */
  body: string;
  /** offset of `body` in the segmented text */
  bodyStart: number;
  start: number;
  end: number;
};

export type SegmentTask = {
  /** the task number as written ('1', '2', ...) */
  number: string;
  heading: string;
  maxPoints: number | null;
  /** the task's own text before its first subtask */
  body: string;
  bodyStart: number;
  start: number;
  end: number;
  subtasks: SegmentSubtask[];
};

export type Segmentation = {
  metadata: SegmentMetadata;
  /** text before the first task (title, name lines, instructions) */
  preamble: string;
  tasks: SegmentTask[];
};

type Header = {
  /** 'skip': a line that belongs to no task (a total, a line of a Notenschlüssel) */
  kind: 'task' | 'subtask' | 'task+subtask' | 'skip';
  number?: string;
  sub?: string;
  maxPoints: number | null;
  lineStart: number;
  lineEnd: number;
  /** length of the label ("Aufgabe 1 –", "1a)", "b)") at the start of the line */
  labelLength: number;
  heading: string;
};

const taskWords = String.raw`(?:Aufgabe|Aufg\.|Frage|Nr\.|Task|Exercise|Ex\.?|Exercice|Ejercicio|Ej\.|Esercizio|Question|Übung|Anforderung|Kriterium)`;
const taskHeader = new RegExp(
  String.raw`^\s*(?:(?:Lösung|Antwort)\s+(?:zu[rm]?\s+)?|zu[rm]?\s+)?${taskWords}\s*(\d{1,2}|[IVX]{1,4}(?=[\s):.–—-]|$))(?:\.(\d{1,2})(?![.,]?\d))?\s*([a-z])?(?![\p{L}\d])\s*[):.]?`,
  'iu',
);
const romanValues: Record<string, number> = { I: 1, V: 5, X: 10 };

/** "Aufgabe 3" or "Aufgabe III": the task's number as digits; null for "Aufgabe iv" (no numeral in lower case) */
export function taskNumberOf(written: string): string | null {
  if (/^\d+$/.test(written)) return written;
  if (!/^[IVX]+$/.test(written)) return null;
  let value = 0;
  [...written].forEach((c, i) => {
    const v = romanValues[c]!;
    value += v < (romanValues[written[i + 1] ?? ''] ?? 0) ? -v : v;
  });
  return String(value);
}
/**
 * "1.", "1)", "1.)", "(1)", "1a)", "1 a)", "3. a)", "zu 1)", "1: …", "zu 1: …" followed by text; the colon
 * right after the number ("22 : 2 = 11" is a division)
 */
const numberedHeader =
  /^\s*(?:[Zz]u[rm]?\s+)?\(?(\d{1,2})\s*(?:\.\s*(?=[a-z]\)))?([a-z])?(?:\s*[.)]{1,2}|(?<=\S):(?=[ \t]))\s*(?=\S)/;
/** "(1)": a number in brackets, the usual label of a cloze's gaps or a list's items inside a task */
const enclosedNumber = /^\s*\(\d{1,2}\)/;
/** "3a)", "3.a)", "3b:" (the letter's bracket or colon is needed: "5x - 10 = 2x + 8" is an equation) */
const numberLetterHeader = /^\s*(\d{1,2})\.?([a-z])\s*[):.](?!\d)\s*/;
/** a task number alone on its line: "1", "1.", "2)", "(3)", "zu 1)", "zu 4:" */
const numberAlone = /^\s*(?:[Zz]u[rm]?\s+)?(?:\((\d{1,2})\)|(\d{1,2})(?:\s*[.)]|:)?)\s*$/;
/**
 * "2 Wie viel Gramm … (3 P)", "2 there is / there are  /4": a bare number and a capital, or unindented a
 * word and another (not "5 h 40 min + …", a calculation), only for the next task, and with points on the
 * line or, unindented and before a capital (or two spaces), in a run 1, 2, 3 … of such lines
 * (a key whose points stand on the parts: "1 Ein Wasserkocher …" over "a) … Punkte: 3")
 */
const numberSpace = /^\s*(\d{1,2})\s+(?=\p{Lu})|^(\d{1,2})\s+(?=\p{Ll}{3,}\s+\p{L})/u;
// also set apart by two spaces or a tab, as a typed key lays out its tasks ("3  f(x) = (x − 2)² + 3: …")
// or over its first subtask on the same line ("1 a) 3/4 + 1/8 = 7/8"), or before a word in small letters
// ("1 is reading 2 are plaing …")
const unindentedNumberSpace =
  /^(\d{1,2})(?:\s+(?=\p{Lu})|(?:[ ]{2,}|\t)(?=\S)|[ ]+(?=[a-h]\)\s|\p{Ll}{2,}[ \t]))/u;
/**
 * "2 [1/3 x³ + x] von 0 bis 2 = …", "3 x² - 4 = 0": an unindented number and a space before anything, a
 * task's label only where such lines number the sheet 1, 2, 3 … and nothing else (see `spaced`)
 */
const unindentedNumberAny = /^(\d{1,2})[ \t]+(?=\S)/;
/** "1 Terz, Quinte": a bare number and a space, the only labels of a sheet that numbers its answers so */
const spaceNumbered = /^\s*(\d{1,2})\s+(?=\S)/;

/** Whether the lines starting "1 ", "2 ", "3 " … number the answers: at least three, in order from 1. */
function numbersInSequence(lines: { text: string }[]): boolean {
  let next = 1;
  for (const { text } of lines) if (Number(spaceNumbered.exec(text)?.[1]) === next) next++;
  return next > 3;
}
/** "1.2 Bestimme …": task 1, subtask 2 (only when the text has several such lines, starting with n.1) */
const decimalHeader = /^\s*(\d{1,2})\.(\d{1,2})(?![.,]?\d)\s*[):]?\s+(?=\S)/;
/** "A1 Definieren Sie …", "B2)", "A3" alone: Abitur labels (only when the text has several) */
const abiturHeader = /^\s*([A-H]\s?\d{1,2})(?![.,]?\d)\s*[):.]?(?:\s+(?=\S)|\s*$)/;
/** "a)", "(b)", "c. " (not "d. h."), "Teilaufgabe c"; "(A) Hai (B) Delfin" are the options of a multiple-choice question */
const subtaskHeader =
  /^\s*(?:[Zz]u\s+)?(?:[Tt]eilaufgabe\s+([a-z]|\d{1,2})\b\s*[):.]?|\(?([a-z])\)\s*|([a-h])\.\s+(?![a-z]\.)(?=\S))/;
/** A line of a key that is no task and no expected content: a total, or a line of the key's grading table. */
export function isSkippedKeyLine(line: string): boolean {
  return (
    isTotalLine(line) || isSubtotalLine(line) || taskTotalLine(line) !== null || isGradingScaleLine(line)
  );
}

/**
 * A line of the key's own grading table ("Notenschlüssel: …", "Bewertung: 1 ab 85 %", "1: 46–50 P",
 * "sehr gut 15–13"). The key parser skips these lines; reading the table itself is `parseGradingScaleFromKey`.
 */
export function isGradingScaleLine(line: string): boolean {
  // "Bewertung: 6 Punkte", "Bewertung: 2 + 2 + 3 = 7 P" under a task is the task's score field, no grading
  // table (point-marks.ts)
  const scoreField = new RegExp(
    String.raw`^\s*Bewertung\s*:\s*(?:\d+(?:[.,]\d+)?\s*[+=]\s*)*\d+(?:[.,]\d+)?\s*(?:${pointUnit})?\s*(?:\(|$)`,
    'iu',
  );
  if (
    /^\s*(?:Notenschlüssel|Bewertungsschlüssel|Notenskala|Bewertung\s*:)/i.test(line) &&
    !scoreField.test(line)
  )
    return true;
  const range = String.raw`(?:ab\s*)?\d+(?:[.,]\d+)?\s*(?:[–-]\s*\d+(?:[.,]\d+)?)?\s*`;
  const unit = String.raw`(?:%|P\.?|Pkt\.?|Punkte?|BE|VP)`;
  // "1: 46–50 P", "2 = 40–45 Punkte", "Note 1: ab 17 VP", "sehr gut: 15–13 P"; a unit, "Note" or "ab" is
  // needed, so that a student's "4 : 2" stays a calculation
  const grade = String.raw`(?:[1-6][+-]?|sehr gut|gut|befriedigend|ausreichend|mangelhaft|ungenügend)`;
  return (
    new RegExp(String.raw`^\s*(?:Note\s*)?${grade}\s*(?:[:=]|\t)\s*${range}${unit}\s*$`, 'i').test(line) ||
    new RegExp(String.raw`^\s*Note\s*[1-6][+-]?\s*[:=]?\s*${range}${unit}?\s*$`, 'i').test(line) ||
    new RegExp(String.raw`^\s*${grade}\s*(?:[:=]|\t)\s*ab\s*\d`, 'i').test(line)
  );
}

/**
 * Letter subtasks go up from "a)": the first is at most "d)", each next one at most three letters on, and
 * none follows a numbered subtask. "i)" in a list of reasons, or "c)" again after "d)", starts no subtask.
 */
function nextLetter(previous: string, letter: string): boolean {
  if (previous === '') return letter <= 'd';
  if (!/^[a-z]$/.test(previous)) return false;
  const step = letter.charCodeAt(0) - previous.charCodeAt(0);
  return step >= 1 && step <= 3;
}

/** Points written on a header line: one mark ("(4 P)", "4 BE", "/ 6", "[3]"); several marks are aspects'. */
export function pointsOnLine(line: string): number | null {
  const marks = findPointMarks(line).filter((m) => !m.weak);
  if (marks.length !== 1 || marks[0]!.each) return null;
  return marks[0]!.value;
}

/**
 * `named`: the numbers of the text's 'Aufgabe n' headers (a bare '2.' inside Aufgabe 1 is no second task 2).
 * `enclosedTasks`: the text's first bare task number is written "(1)"; otherwise "(1)", "(2)" lines are the
 * gaps or items inside a task ("1)" then "(1) 16", "(2) Berlin"), as a sheet keeps one label style per level.
 */
type Patterns = {
  named: Set<string>;
  decimal: boolean;
  abitur: boolean;
  /** every Abitur label has the same letter ("A1", "A2", "A3"): the letter abbreviates "Aufgabe" */
  abiturOneLetter?: boolean;
  enclosedTasks: boolean;
  letterTasks?: boolean;
  /**
   * parts ("Teil A", "II. Wortschatz") with numbering that starts again in each, or with no numbered task
   * in them: parts are the tasks
   */
  parts?: boolean;
  /** the same with a task number alone on its line as the part ("2." over "1. … 2. …") */
  aloneParts?: boolean;
  /** no other labels, and "1 …", "2 …", "3 …" lines in order: those numbers are the tasks */
  spaceNumbers?: boolean;
  /**
   * unindented "1 Ein …", "2 Ein …" lines number the tasks (see numberSpace): `strict` where the number
   * stands before a capital, two spaces or a subtask (`unindentedNumberSpace`), `any` where every
   * unindented line that opens with a number and a space is one of the run ("3 x² - 4 = 0")
   */
  spaced?: 'strict' | 'any';
};

/**
 * "Teil A", "Teil 2", "Part B", "Abschnitt II", "Task A", "Aufgabe B", a Roman numeral with a full stop
 * ("II. Wortschatz"), before an instruction ("I Bestimme Kasus …") or alone on its line, or a capital letter
 * at the line's start:
 * before a title with its points ("B Grammar: conditional sentences (8 P)"), set apart from its title by a
 * tab or two spaces ("A  Complete the if-clauses."), with a full stop before a capitalised word ("A. Mets
 * les verbes …"), before its first item or subtask ("A 1 nous avons mangé 2 …", "A 1) will stay", "B a)
 * That's …") or a capitalised word ("C Samedi, je suis …"), with a bracket ("A) era, vivía"), alone on its
 * line ("A", "B:") or before a colon ("A: era – vivía"); not "A leicht, korrosionsbeständig" in a matching
 * task. Whether such letters are the tasks decides `partsAreTasks`.
 */
const partHeader = new RegExp(
  String.raw`^\s*(?:(?:Teil|Part|Abschnitt)\s+([A-H]|[IVX]{1,4}|\d{1,2})|(?:Task|Aufgabe|Aufgabenteil|Teilaufgabe)\s+([A-H])(?![\p{L}\d])|([IVX]{1,4})(?:\.|(?=[ \t]+\p{Lu}\p{Ll}{2,}(?:[ \t:]|$))|(?=[ \t]*$))|([A-H])(?=[ \t]+\p{Lu}[^\n]*?\d\s*${pointUnit}|[ \t]{2,}\p{Lu}|\t\S|[ \t]*[:.)]?[ \t]*$|:[ \t]*\S|\.[ \t]+\p{Lu}\p{Ll}|[ \t]+\(?\d{1,2}[.)]?[ \t]+\S|[ \t]+\(?[a-h]\)[ \t]|[ \t]+\p{Lu}\p{Ll}+,?[ \t]|\)[ \t]+\S))(?=[\s:.)–—-]|$)`,
  'u',
);

/** The part's number: its letter, or the value of its Roman numeral. */
function partNumberOf(m: RegExpExecArray): string {
  const written = (m[1] ?? m[2] ?? m[3] ?? m[4])!;
  return /^[IVX]+$/.test(written) ? taskNumberOf(written)! : written;
}

/**
 * Whether the text is built of parts whose task numbers start again ("Teil A: 1. … 2. … Teil B: 1. …"):
 * two part headings or more, and a numbered line after a later part whose number came before.
 */
export function hasRestartingParts(lines: { text: string }[], alone = false): boolean {
  let parts = 0;
  const seen = new Set<string>();
  let restarts = false;
  for (const { text } of lines) {
    if (alone ? numberAlone.test(text) : partHeader.test(text)) {
      parts += 1;
      continue;
    }
    // numbers alone are parts only where they are the top level: "1) Fell, …" before the first of them
    // numbers the tasks itself, and "(1) Wolf" are a cloze's gaps inside a task, no restart
    if (alone && parts === 0 && numberedHeader.test(text) && !enclosedNumber.test(text)) return false;
    if (alone && enclosedNumber.test(text)) continue;
    const n = numberedHeader.exec(text)?.[1] ?? numberAlone.exec(text)?.[2];
    if (!n) continue;
    if (parts >= 2 && seen.has(n)) restarts = true;
    seen.add(n);
  }
  return parts >= 2 && restarts;
}

/**
 * "1" alone over "1. have got", "2. has got", then "2" alone, "3" alone …: numbers alone on their lines in the
 * run 1, 2, 3 (three at least), with numbered items under the first: the numbers alone are the tasks, the
 * items their subtasks, as pupils label the exercises of a sheet.
 */
function aloneNumbersNumberItems(lines: { text: string }[]): boolean {
  const alone: number[] = [];
  let itemsUnderFirst = 0;
  for (const { text } of lines) {
    const m = numberAlone.exec(text);
    if (m?.[2] !== undefined) alone.push(Number(m[2]));
    // "(1) Wolf" are a cloze's gaps inside a task, no items
    else if (alone.length === 1 && numberedHeader.test(text) && !enclosedNumber.test(text)) itemsUnderFirst++;
  }
  return alone.length >= 3 && alone.every((n, i) => n === i + 1) && itemsUnderFirst >= 2;
}

/**
 * Parts that hold no numbered task ("Part A  Reported speech (6 marks)" over a) b) c), "I. Bestimme …",
 * "II. Bilde …"): the parts are the tasks. Two part headings or more, in the order of their letters or
 * numerals from the first, and no line that a task label opens, unless it numbers the items inside a part
 * from 1 ("B  Traduce." over "1. Gestern …", "2. Wir …"): such numbers are the part's subtasks.
 */
export function partsAreTasks(lines: { text: string }[]): boolean {
  const parts = lines.flatMap(({ text }) => {
    const m = partHeader.exec(text);
    return m ? [partNumberOf(m)] : [];
  });
  if (parts.length < 2) return false;
  const ordinal = (n: string) => (/^\d+$/.test(n) ? Number(n) : n.charCodeAt(0) - 64);
  if (!parts.every((n, i) => ordinal(n) === i + 1)) return false;
  let inPart = false;
  let last = 0;
  for (const { text } of lines) {
    const part = partHeader.exec(text);
    if (part) {
      inPart = true;
      // "II. 1. amicos – clamare": the part's first item on its heading's line
      last = Number(/^\s*(\d{1,2})[.)]\s/.exec(text.slice(part[0].length))?.[1] ?? 0);
      continue;
    }
    if (taskHeader.test(text) || abiturHeader.test(text)) return false;
    const item = /^\s*\(?(\d{1,2})\s*[a-z]?\s*[.)]\s*\S/.exec(text);
    const alone = numberAlone.exec(text);
    if (!item && !alone) continue;
    // an item of the part: numbered in order from 1 inside it
    const n = Number(item ? item[1] : (alone![1] ?? alone![2]));
    if (!inPart || (n !== last + 1 && n !== last)) return false;
    last = n;
  }
  return true;
}

/**
 * `lastTask`: the number of the task before (0 for none). `named`: the text uses 'Aufgabe n' headers, so a
 * bare '1.' line is mostly a list inside an answer. Bare numbers go up ('1.', '2.', ...), so a numbered list
 * that restarts inside an answer does not split the task; a lower number is a task only when no task had it
 * yet and no list has started since the last task (`back`): a pupil who answers task 3 before task 2.
 */
function readHeader(
  line: string,
  lineStart: number,
  lastTask: number,
  p: Patterns,
  back: { used: Set<string>; listOpen: boolean } = { used: new Set(), listOpen: true },
): Header | null {
  // a task before this line: a numbered one, or a part ("Part A") whose letter is no number
  const hasTask = lastTask > 0 || back.used.size > 0;
  const base = {
    lineStart,
    lineEnd: lineStart + line.length,
    heading: line.trim(),
    maxPoints: pointsOnLine(line),
  };
  // a dash after the label belongs to it: "Aufgabe 2 – Fotosynthese (4 P)", "Aufgabe 1 – Die Leber …"
  const label = (m: RegExpExecArray) =>
    m[0].length + (/^\s*[–—-]\s+/.exec(line.slice(m[0].length))?.[0].length ?? 0);
  if (isSkippedKeyLine(line)) return { ...base, kind: 'skip', labelLength: line.length, maxPoints: null };
  if (p.parts || p.aloneParts) {
    const part = p.parts ? partHeader.exec(line) : null;
    // "A:" and "B)" take their colon or bracket with them
    const partLabel = (m: RegExpExecArray) =>
      Math.max(label(m), m[0].length + (/^[ \t]*[:.)]/.exec(line.slice(m[0].length))?.[0].length ?? 0));
    if (part) return { ...base, kind: 'task', number: partNumberOf(part), labelLength: partLabel(part) };
    const aloneNumber = p.aloneParts ? numberAlone.exec(line) : null;
    if (aloneNumber)
      return { ...base, kind: 'task', number: (aloneNumber[1] ?? aloneNumber[2])!, labelLength: line.length };
    // inside a part, its numbered items are the subtasks; not a row of them on one line ("(1) is swimming
    // (2) are playing …": the gaps of one exercise, read as such by the scorer)
    const item = numberedHeader.exec(line);
    const alone = numberAlone.exec(line);
    const row =
      item !== null &&
      new RegExp(String.raw`\s\(?${Number(item[1]) + 1}[.)][ \t]+\S`).test(line.slice(item[0].length));
    if (item && !item[2] && !row && !/^\s*\d{1,2}\.\d/.test(line))
      return { ...base, kind: 'subtask', sub: item[1], labelLength: label(item) };
    if (alone?.[2]) return { ...base, kind: 'subtask', sub: alone[2], labelLength: line.length };
  }
  const t = taskHeader.exec(line);
  const tNumber = t ? taskNumberOf(t[1]!) : null;
  if (t && tNumber) {
    // "Aufgabe 1.2", "Aufgabe 1b", "Zu Aufgabe 3:", "Lösung zu Aufgabe 2"
    const sub = t[2] !== undefined ? String(Number(t[2])) : t[3]?.toLowerCase();
    return { ...base, kind: sub ? 'task+subtask' : 'task', number: tNumber, sub, labelLength: label(t) };
  }
  // "Teilaufgabe 1 – Formale Analyse" is a task when the text has no 'Aufgabe n' above it
  const tt = /^\s*Teilaufgabe\s+(\d{1,2})\b\s*[):.]?/i.exec(line);
  if (tt && p.named.size === 0) return { ...base, kind: 'task', number: tt[1], labelLength: label(tt) };
  if (p.decimal) {
    const d = decimalHeader.exec(line);
    if (d)
      return {
        ...base,
        kind: 'task+subtask',
        number: d[1],
        sub: String(Number(d[2])),
        labelLength: label(d),
      };
  }
  if (p.abitur) {
    const a = abiturHeader.exec(line);
    const number = a?.[1]!.replace(/\s/g, '');
    if (a)
      return {
        ...base,
        kind: 'task',
        number: p.abiturOneLetter ? number!.slice(1) : number,
        labelLength: label(a),
      };
    // "B  Darstellung" over "B1 …", "B2 …": the title of the part the labels are numbered in, no content
    if (!p.abiturOneLetter && /^\s*[A-H](?:[ \t]{2,}|\t|[.:)][ \t]*)\p{Lu}[\p{L} /-]{0,40}$/u.test(line))
      return { ...base, kind: 'skip', labelLength: line.length, maxPoints: null };
    // "C" alone on its line after "A1 … B3": a part without items is its own task
    const lone = p.abiturOneLetter ? null : /^\s*([A-H])\s*[:.)]?\s*$/.exec(line);
    if (lone) return { ...base, kind: 'task', number: lone[1], labelLength: line.length };
  }
  const nl = numberLetterHeader.exec(line);
  // "3a)" continues task 3 or starts the next one; with 'Aufgabe n' headers around, only a task they have
  const nlPlausible =
    nl && (p.named.size > 0 ? p.named.has(nl[1]!) || Number(nl[1]) === lastTask : Number(nl[1]) >= lastTask);
  if (nl && nlPlausible)
    return { ...base, kind: 'task+subtask', number: nl[1], sub: nl[2], labelLength: label(nl) };
  const alone = numberAlone.exec(line);
  // with 'Aufgabe n' headers around, a bare number is a task only when it is the next one, no 'Aufgabe'
  // header has it, and (for a number followed by text) it carries points
  // a task number follows the ones before it by a small step (a task or two may be skipped): "26" alone
  // after task 1 is a result ("26" under "b) Wandle 11010 um"), not task 26
  const highest = Math.max(lastTask, ...[...back.used].map(Number));
  // "zu 4:" names the task it answers: a pupil who starts with task 4
  const referenced = /^\s*[Zz]u[rm]?\s+\d/.test(line);
  const bare = (n: string) =>
    p.named.size > 0
      ? Number(n) === lastTask + 1 && !p.named.has(n)
      : (Number(n) <= highest + 3 || referenced) &&
        (Number(n) > lastTask || (!back.listOpen && !back.used.has(String(Number(n)))));
  // tasks numbered "1 Ein …" at the line start: an indented "2. Stufe …" is a list inside a part
  const listInside = p.spaced && /^\s/.test(line);
  // "II." alone on its line: a task numbered in Roman numerals, as pupils number an essay's parts
  const roman = /^\s*([IVX]{1,4})\.\s*$/.exec(line);
  const aloneNumber =
    alone && !listInside && (p.enclosedTasks || alone[1] === undefined)
      ? (alone[1] ?? alone[2])!
      : roman
        ? taskNumberOf(roman[1]!)
        : null;
  if (aloneNumber && bare(aloneNumber))
    return { ...base, kind: 'task', number: aloneNumber, labelLength: line.length };
  const n = numberedHeader.exec(line);
  // "1 b)" after "1 a)" stays in task 1
  const plausible =
    n &&
    !listInside &&
    (p.enclosedTasks || !enclosedNumber.test(line)) &&
    (p.named.size > 0
      ? bare(n[1]!) && base.maxPoints !== null
      : bare(n[1]!) || (n[2] !== undefined && Number(n[1]) === lastTask));
  // "12.03.2025" or "3.5 m" are not headers
  if (n && plausible && !/^\s*\d{1,2}\.\d/.test(line)) {
    const sub = n[2]?.toLowerCase();
    return { ...base, kind: sub ? 'task+subtask' : 'task', number: n[1], sub, labelLength: label(n) };
  }
  const spaced = p.spaced
    ? (p.spaced === 'any' ? unindentedNumberAny : unindentedNumberSpace).exec(line)
    : null;
  // an indented "3 Tom, whose father …" under tasks numbered at the line start is an item of the task
  const ns = spaced ?? (listInside ? null : (p.spaceNumbers ? spaceNumbered : numberSpace).exec(line));
  const spacedTask = spaced !== null;
  const nsNumber = ns ? (ns[1] ?? ns[2])! : null;
  if (
    nsNumber &&
    Number(nsNumber) === lastTask + 1 &&
    !p.named.has(nsNumber) &&
    (base.maxPoints !== null || spacedTask || p.spaceNumbers)
  )
    return { ...base, kind: 'task', number: nsNumber, labelLength: ns![0].length };
  if (hasTask || p.letterTasks) {
    const s = subtaskHeader.exec(line);
    const sub = s ? (s[1] ?? s[2] ?? s[3])!.toLowerCase() : undefined;
    // a test that labels its tasks a), b), c) only: the letters are the tasks
    if (s && p.letterTasks) return { ...base, kind: 'task', number: sub, labelLength: label(s) };
    if (s) return { ...base, kind: 'subtask', sub, labelLength: label(s) };
  }
  return null;
}

/**
 * Subtask labels inside a header's line: "A4: a) 120 · 0,09 € …", "A1: a) prop. b) antiprop. c) keins". A
 * letter label after the task's label, or after a subtask's text, that goes on in order ("a)" first under a
 * task, the next letter after a subtask) starts a subtask there, as on its own line.
 */
function withInlineSubtasks(headers: Header[], text: string): Header[] {
  const out: Header[] = [];
  headers.forEach((h, i) => {
    out.push(h);
    if (h.kind === 'skip') return;
    const before = out.length;
    // letters already used in this task: an inline label continues from the last one
    let last = h.kind === 'task' ? '' : (h.sub ?? '');
    if (!/^[a-z]?$/.test(last)) return;
    const next = headers[i + 1];
    if (next && next.lineStart < h.lineEnd) return;
    const bodyStart = h.lineStart + h.labelLength;
    const rest = text.slice(bodyStart, h.lineEnd);
    for (const m of rest.matchAll(/(?:^|\s)\(?([a-h])\)(?=\s|$)/g)) {
      const letter = m[1]!;
      const expected = last === '' ? 'a' : String.fromCharCode(last.charCodeAt(0) + 1);
      // under a task, only a label right at the start of its text opens the first subtask
      if (letter !== expected || (last === '' && rest.slice(0, m.index).trim() !== '')) continue;
      const start = bodyStart + m.index + (m[0].length - m[0].trimStart().length);
      const label = /^\(?[a-h]\)\s*/.exec(text.slice(start))![0];
      out.push({
        kind: 'subtask',
        sub: letter,
        maxPoints: null,
        lineStart: start,
        lineEnd: h.lineEnd,
        labelLength: label.length,
        heading: text.slice(start, h.lineEnd).trim(),
      });
      last = letter;
    }
    // "a) 3 km = 3000 m   b) 45 mm = 4,5 cm … d) 180 min = 3 h   4 P. (je 1 P.)": the line's mark is the
    // points of all its parts, each worth what its note says; not the first part's alone
    const inline = out.slice(before);
    const parts = h.kind === 'task' ? inline : [h, ...inline];
    const mark = findPointMarks(text.slice(h.lineStart, h.lineEnd))
      .filter((m) => !m.weak)
      .at(-1);
    const per = mark?.each ? mark.value : mark?.eachPart;
    if (inline.length > 0 && per !== undefined && (mark!.each || per * parts.length === mark!.value)) {
      for (const part of parts) part.maxPoints = per;
      if (h.kind === 'task') h.maxPoints = per * parts.length;
    }
  });
  return out;
}

/**
 * "a) Wasser   b) Vakuum   c) Holz" over a line "b" (or the key's "richtig: b, d"): the options of a
 * multiple-choice question in a row and the letters chosen, no subtasks; their labels go, so the options stay
 * the question's text.
 */
function withoutChoiceOptions(headers: Header[], text: string): Header[] {
  const drop = new Set<Header>();
  for (const h of headers) {
    if (h.kind !== 'subtask' || h.sub !== 'a') continue;
    const row = headers.filter((o) => o.kind === 'subtask' && o.lineEnd === h.lineEnd);
    if (row.length < 2) continue;
    // the options may go on in the next lines ("d) Vögel legen Eier …" under "a) …   b) …   c) …")
    let end = h.lineEnd;
    for (;;) {
      const after = headers.filter((o) => o.kind === 'subtask' && o.lineStart > end);
      const nextLine = after[0];
      if (!nextLine || text.slice(end + 1, nextLine.lineStart).trim() !== '') break;
      row.push(...after.filter((o) => o.lineEnd === nextLine.lineEnd));
      end = nextLine.lineEnd;
    }
    const next =
      text
        .slice(end + 1)
        .split('\n')
        .find((l) => l.trim() !== '') ?? '';
    if (choiceLetters.test(next)) row.forEach((o) => drop.add(o));
  }
  return drop.size > 0 ? headers.filter((h) => !drop.has(h)) : headers;
}

/**
 * "b", "b, d", "richtig: b, d – je richtiges Kreuz 1 P.": the letters chosen, as a sheet or a key writes them
 * under a choice's options; the letters themselves are the first group
 */
export const choiceLetters =
  /^\s*(?:(?:richtig|Lösung|korrekt|Antworten?)\s*(?:sind|ist)?\s*:?\s*)?(\(?[a-h]\)?(?:\s*(?:,|und|\+)\s*\(?[a-h]\)?)*)\s*(?:[–—-]\s.*)?$/i;

/** Which unindented numbers number the tasks (see `Patterns.spaced`): a whole run first, then one that ends early. */
function spacedNumbering(lines: { text: string }[]): 'strict' | 'any' | undefined {
  const strict = lines.flatMap((l) => unindentedNumberSpace.exec(l.text)?.[1] ?? []);
  const any = lines.flatMap((l) => unindentedNumberAny.exec(l.text)?.[1] ?? []);
  for (const endsEarly of [false, true]) {
    if (isRun(strict, endsEarly)) return 'strict';
    if (isRun(any, endsEarly) && any.length >= 3) return 'any';
  }
  return undefined;
}

/**
 * A unit's points where its lines mark each step ("[1 BE]", "(2 P)") and the last marked line closes with
 * their sum, set off to the right by three spaces or a tab ("… [1 BE]      3 BE"); null otherwise.
 */
function closingTotal(unit: string): number | null {
  // a note in brackets on its own line ("(wer nur … berechnet: 1 BE)") is a partial credit, no step
  const note = (i: number) => {
    const from = unit.lastIndexOf('\n', i) + 1;
    const to = unit.indexOf('\n', i);
    return /^\s*\(.*\)\s*$/.test(unit.slice(from, to < 0 ? unit.length : to));
  };
  const marks = findPointMarks(unit).filter((m) => !m.weak && !m.each && !note(m.start));
  const last = marks.at(-1);
  if (!last || marks.length < 2) return null;
  // closing a line of its own content, not standing alone on it
  const lineStart = unit.lastIndexOf('\n', last.start) + 1;
  if (!setOffAtLineEnd(unit, last) || unit.slice(lineStart, last.start).trim() === '') return null;
  const inside = marks.slice(0, -1).reduce((sum, m) => sum + m.value, 0);
  return Math.abs(inside - last.value) < 1e-9 ? last.value : null;
}

/**
 * Whether numbers at line starts number the tasks 1, 2, 3 …: in order from 1, never restarting. Numbers
 * after the run that are higher than any task ("8 ab 60 % | 7 ab 55 %" of a Notenpunkte list under five
 * tasks) end it; the run must then have three numbers at least.
 */
function isRun(numbers: string[], endsEarly = false): boolean {
  const values = numbers.map(Number);
  let run = 0;
  while (run < values.length && values[run] === run + 1) run++;
  if (run === values.length) return run >= 2;
  return endsEarly && run >= 3 && values.slice(run).every((v) => v > run + 1);
}

// words of a sheet's heading ("Mathe Test 7b"), never of a name
const headingWords =
  /^(?:Test|Tests|Klassenarbeit|Kurztest|Lernkontrolle|Arbeit|Probe|Klausur|Übung|Mathe|Mathematik|Deutsch|Englisch|Bio|Biologie|Chemie|Physik|Erdkunde|Geographie|Geschichte|Politik|Sozialkunde|Religion|Ethik|Kunst|Musik|Informatik|Wirtschaft|Französisch|Latein|Spanisch|Sport|Klasse|Kurs|Aufgabe|Name|Datum)$/i;

/** "Schmidt, Lena" → "Lena Schmidt": the name as the class list and the result show it */
function naturalOrder(name: string): string {
  const m = /^(\p{Lu}[\p{Ll}-]+)\s*,\s*(\p{Lu}[\p{Ll}-]+(?:\s+\p{Lu}[\p{Ll}-]+)?)$/u.exec(name);
  return m ? `${m[2]} ${m[1]}` : name;
}

function readMetadata(text: string): SegmentMetadata {
  const meta: SegmentMetadata = {};
  // stop at ", Klasse", two spaces, a tab or the next label so that "Name: Max Muster   Klasse: 7b" splits
  // … or at a class after a comma: "Name: Jonas Weber, 7c"
  const stop = String.raw`(?=\s*,\s*(?:Klasse\b|Kl\.|Kurs\b|\d{1,2}\s?[a-z]?[ \t]*$)|\s{2,}|\t|\s+(?:Name|Klasse|Kurs|Datum)\s*:|\s*$)`;
  const name = new RegExp(
    // after the line start or two spaces (a lookbehind: "\s{2,}" tried at every position is quadratic)
    String.raw`(?:^[ \t]*|(?<=[ \t]{2}|\t))(?:Name|Schüler(?:in)?|Vor- und Nachname)\s*:[ \t]*(.+?)${stop}`,
    'im',
  ).exec(text);
  // "Klasse: 7b", "Klasse 7b", "Kl. 9", "Kurs: Q1"; without a colon only a class-like value
  const cls =
    new RegExp(String.raw`(?:^|[\s,–-])(?:Klasse|Kurs)\s*:[ \t]*(.+?)${stop}`, 'im').exec(text) ??
    /(?:^|[\s,–-])(?:Klasse|Kl\.)[ \t]*(\d{1,2}\s?[a-z]?)(?=[\s,.;]|$)/im.exec(text) ??
    /^[ \t]*(\d{1,2}\s?[a-z])[ \t]*$/m.exec(text) ??
    /^[ \t]*(?:Name|Schüler(?:in)?)\s*:[^\n,]*,[ \t]*(\d{1,2}\s?[a-z])[ \t]*$/im.exec(text);
  const date = /(?:^|\s)Datum\s*:[ \t]*(\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{4}-\d{2}-\d{2})/im.exec(text);
  // without labels: a first line of just a name and a class, "Lena Schmidt, 7b" or "Lena Schmidt 7b"
  const bare =
    /^\s*(\p{Lu}[\p{Ll}-]+(?:[ \t]+\p{Lu}[\p{Ll}-]+){1,2})[ \t]*,?[ \t]*(\d{1,2}[ \t]?[a-z])[ \t]*$/mu.exec(
      text.trimStart().split('\n')[0] ?? '',
    );
  const heading = bare?.[1]?.split(/\s+/).some((w) => headingWords.test(w)) ?? false;
  const written = name?.[1]?.trim() ?? (heading ? undefined : bare?.[1]);
  if (written && !/^_+$/.test(written)) meta.studentName = naturalOrder(written);
  const classWritten = cls?.[1]?.trim() ?? (heading ? undefined : bare?.[2]);
  if (classWritten && !/^_+$/.test(classWritten)) meta.className = classWritten.replace(/\s/g, '');
  if (date?.[1]) meta.date = date[1].replace(/\s/g, '');
  return meta;
}

/**
 * Splits a German test (question sheet, student's work or Erwartungshorizont) into tasks and subtasks:
 * 'Aufgabe 1', '1.', '1)', '1a)', 'a)', 'Teilaufgabe b'; the points written on the header lines become the
 * maximum points; 'Name:', 'Klasse:', 'Datum:' lines become metadata.
 */
export function segment(text: string): Segmentation {
  const lines: { text: string; start: number }[] = [];
  let pos = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, start: pos });
    pos += line.length + 1;
  }
  const parts = hasRestartingParts(lines) || partsAreTasks(lines);
  const patterns: Patterns = {
    // a task's summing-up line ("Aufgabe 1 zusammen: 8 Punkte") names no header
    named: new Set(
      lines.flatMap((l) =>
        taskTotalLine(l.text) ? [] : (taskNumberOf(taskHeader.exec(l.text)?.[1] ?? '') ?? []),
      ),
    ),
    decimal:
      lines.filter((l) => decimalHeader.test(l.text)).length >= 2 &&
      lines.some((l) => /^\s*\d{1,2}\.1\s/.test(l.text)),
    // two different labels at least: "F1 · l1 = F2 · l2" and "F1 = 100 N" are a formula's force, not A1, A2
    abitur: new Set(lines.flatMap((l) => abiturHeader.exec(l.text)?.[1]!.replace(/\s/g, '') ?? [])).size >= 2,
    abiturOneLetter:
      new Set(lines.flatMap((l) => abiturHeader.exec(l.text)?.[1]!.charAt(0) ?? [])).size === 1,
    parts,
    // "1." alone over "1. sont 2. as …", "2." alone over "1. … 2. …": the alone numbers are the tasks
    aloneParts:
      !hasRestartingParts(lines) && (hasRestartingParts(lines, true) || aloneNumbersNumberItems(lines)),
    // under parts ("A" over "1 will stay", "2 had"; "I" over "1 servos Akk. Pl.") such numbers are the
    // parts' items, no tasks
    spaced: parts ? undefined : spacedNumbering(lines),
    enclosedTasks: enclosedNumber.test(
      lines.find((l) => !taskHeader.test(l.text) && (numberedHeader.test(l.text) || numberAlone.test(l.text)))
        ?.text ?? '',
    ),
  };
  const readHeaders = (p: Patterns) => {
    const found: Header[] = [];
    let lastTask = 0;
    // the subtask label before, within the current task ('' at a task's start)
    let lastSub = '';
    const back = { used: new Set<string>(), listOpen: false };
    for (const line of lines) {
      const h = readHeader(line.text, line.start, lastTask, p, back);
      // a numbered line that starts no task is an item of a list inside the answer
      if ((!h || h.kind === 'subtask') && (numberedHeader.test(line.text) || numberAlone.test(line.text)))
        back.listOpen = true;
      if (!h) continue;
      if (h.kind === 'task' || h.kind === 'task+subtask') {
        back.used.add(String(Number(h.number)));
        back.listOpen = false;
      }
      const letter =
        h.kind === 'subtask' || (p.letterTasks && h.kind === 'task') ? (h.sub ?? h.number)! : null;
      if (letter !== null && /^[a-z]$/.test(letter) && !nextLetter(lastSub, letter)) continue;
      found.push(h);
      if (letter !== null) lastSub = letter;
      else if (h.kind === 'task') lastSub = '';
      else if (h.kind === 'task+subtask') lastSub = h.sub ?? '';
      if (h.number !== undefined && /^\d+$/.test(h.number)) lastTask = Math.max(lastTask, Number(h.number));
    }
    return found;
  };
  let headers = readHeaders(patterns);
  // no task labels at all, but "a)", "b)" lines: those are the tasks
  if (
    !headers.some((h) => h.kind === 'task' || h.kind === 'task+subtask') &&
    lines.filter((l) => subtaskHeader.test(l.text)).length >= 2
  ) {
    headers = readHeaders({ ...patterns, letterTasks: true });
  }
  // no task labels at all, but lines "1 Terz, Quinte", "2 G-Dur: …" in order: those numbers are the tasks
  if (!headers.some((h) => h.kind === 'task' || h.kind === 'task+subtask') && numbersInSequence(lines)) {
    headers = readHeaders({ ...patterns, spaceNumbers: true });
  }
  headers = withoutChoiceOptions(withInlineSubtasks(headers, text), text);
  const tasks: SegmentTask[] = [];
  const endOf = (i: number) => (i + 1 < headers.length ? headers[i + 1]!.lineStart : text.length);
  const bodyStartOf = (h: Header) => h.lineStart + h.labelLength;
  headers.forEach((h, i) => {
    const end = endOf(i);
    if (h.kind === 'task' || h.kind === 'task+subtask') {
      let task = tasks.find((t) => t.number === h.number);
      if (!task || h.kind === 'task') {
        task = {
          number: h.number!,
          heading: h.heading,
          maxPoints: h.kind === 'task' ? h.maxPoints : null,
          body: h.kind === 'task' ? text.slice(bodyStartOf(h), end) : '',
          bodyStart: bodyStartOf(h),
          start: h.lineStart,
          end,
          subtasks: [],
        };
        tasks.push(task);
      }
      if (h.kind === 'task+subtask') {
        task.subtasks.push({
          label: h.sub!,
          maxPoints: h.maxPoints,
          heading: h.heading,
          body: text.slice(bodyStartOf(h), end),
          bodyStart: bodyStartOf(h),
          start: h.lineStart,
          end,
        });
      }
      task.end = end;
    } else if (h.kind === 'subtask') {
      const task = tasks.at(-1);
      if (!task) return;
      task.subtasks.push({
        label: h.sub!,
        maxPoints: h.maxPoints,
        heading: h.heading,
        body: text.slice(bodyStartOf(h), end),
        bodyStart: bodyStartOf(h),
        start: h.lineStart,
        end,
      });
      task.end = end;
    }
  });
  // "… [2 BE]" on the label's line, "→ rechter Winkel [1 BE]      3 BE" below it: the total set off at the
  // end of the unit's last marked line, where the marks inside add up to it, is the unit's points
  type Unit = { start: number; end: number; maxPoints: number | null };
  const units = tasks.flatMap((t): Unit[] => (t.subtasks.length > 0 ? t.subtasks : [t]));
  for (const unit of units) {
    const total = closingTotal(text.slice(unit.start, unit.end));
    if (total !== null) unit.maxPoints = total;
  }
  // task points written only on the subtasks add up
  for (const task of tasks) {
    if (
      task.maxPoints === null &&
      task.subtasks.length > 0 &&
      task.subtasks.every((s) => s.maxPoints !== null)
    ) {
      task.maxPoints = task.subtasks.reduce((s, x) => s + x.maxPoints!, 0);
    }
  }
  const firstTask = headers.find((h) => h.kind !== 'subtask' && h.kind !== 'skip');
  const preamble = text.slice(0, firstTask ? firstTask.lineStart : text.length);
  return { metadata: readMetadata(preamble.length > 0 ? preamble : text), preamble, tasks };
}

/**
 * Spans of the text that are the sheet's, not the student's writing: the name, class and date lines, the
 * task and subtask labels ("Exercice 1", "Aufgabe 2 –") and header lines with the sheet's points. The
 * language check does not mark them.
 */
export function sheetSpans(text: string, seg: Segmentation): [number, number][] {
  const spans: [number, number][] = [];
  let pos = 0;
  for (const line of seg.preamble.split('\n')) {
    if (/(?:^|\s)(?:Name|Schüler(?:in)?|Klasse|Kl\.|Kurs|Datum)\s*:/i.test(line))
      spans.push([pos, pos + line.length]);
    pos += line.length + 1;
  }
  // a label, or the whole header line when it carries the sheet's points ("Aufgabe 1 (3 P) Rechne: …")
  const header = (start: number, bodyStart: number, heading: string): [number, number] => {
    const lineEnd = text.indexOf('\n', start);
    const printed = findPointMarks(heading).some((m) => !m.weak);
    return [start, printed ? (lineEnd < 0 ? text.length : lineEnd) : bodyStart];
  };
  for (const t of seg.tasks) {
    spans.push(header(t.start, t.bodyStart, t.heading));
    for (const s of t.subtasks) spans.push(header(s.start, s.bodyStart, s.heading));
  }
  // the student's own name wherever it stands ("Mia" is no misspelt "Mai")
  for (const name of seg.metadata.studentName?.split(/\s+/) ?? []) {
    if (name.length < 2) continue;
    for (const m of text.matchAll(new RegExp(String.raw`(?<!\p{L})${escape(name)}(?!\p{L})`, 'gu')))
      spans.push([m.index, m.index + name.length]);
  }
  return spans.filter(([a, b]) => b > a);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
