/**
 * A key written as a table (copied from a word processor with tabs, or typed with bars): a header row that
 * names a task column ("Nr.", "Aufgabe") and a points column ("Punkte", "BE"), then one row per task or
 * subtask. Each row becomes the line the rest of the key reader knows: "1a) Paris (2 P)". A cell of
 * several sentences or parts ("Berechne u und A. u = 26 cm (2 P); A = 40 cm² (2 P)") is the question and
 * the solution typed one after the other: the points column stays on the label line and the cell's parts
 * go below it, one a line, as the key would write them without a table, so the column stays the task's
 * points, the marks its aspects', and the question apart from the solution. A total row ("| | Summe | 18 |")
 * becomes the total line "Summe: 18 P". A points table laid out across (a row of task labels over a row of
 * points) becomes the key's summary line. Rows whose cell count differs, and everything outside the table,
 * stay as written.
 */
import { findPointMarks, isTotalLine, pointUnit } from '../text/point-marks';
import { isInstruction } from './answer-key';

const taskColumn = /^(?:Nr\.?|Nummer|Aufgabe|Aufg\.?|Teilaufgabe|Frage|#)$/i;
// "max." and "erreichbar" head a Bewertungsraster's points column too, beside an empty "erreicht" column
const pointsColumn =
  /^(?:Punkte|Punktzahl|Pkt\.?|P\.?|BE|VP|max\.?(?:\s*(?:Punkte|Punktzahl|Pkt\.?|P\.?|BE))?|erreichbar|Höchstpunkte|Höchstpunktzahl)$/i;
/** a row's task label: "1", "1.", "1a", "1 a)", "2b." */
const taskLabel = /^(\d{1,2})\s*[.)]?\s*([a-h])?\s*[.)]?$/;
const points = /^(\d+(?:[.,]\d+)?)\s*(?:P\.?|Pkt\.?|Punkte?|BE|VP)?$/i;

/** the column of a key's table that rates each row's Anforderungsbereich, I to III */
const requirementLevel = /^(?:AFB|AB|Anforderungsbereich)$/i;

/**
 * A table typed with spaces, as a plain-text editor or a PDF leaves it: a header row whose names stand two
 * spaces or more apart, one naming the task column first and one the points column last ("Nr.  Erwartete
 * Leistung  AFB  BE"), and rows whose cells stand under those names. Each row is written with bars
 * ("1 | Oxidation = … | I | 2"), as a table without a border, which the reader below knows, rows that go on
 * below their task included; a bar inside a cell becomes a slash. The table ends at its first blank line.
 */
function withSpacedTableAsBars(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('|') || line.includes('\t')) continue;
    const names = [...line.matchAll(/\S+(?: \S+)*/g)];
    if (names.length < 3 || !taskColumn.test(names[0]![0]) || !pointsColumn.test(names.at(-1)![0])) continue;
    const starts = names.map((m) => m.index);
    // a cell belongs to the column it starts under, give or take what right-aligned numbers need
    const columnOf = (at: number) => starts.findLastIndex((start) => at >= start - 3);
    lines[i] = names.map((m) => m[0]).join(' | ');
    for (let j = i + 1; j < lines.length && lines[j]!.trim() !== ''; j++) {
      if (ruleLine.test(lines[j]!)) continue;
      const cells = starts.map(() => [] as string[]);
      for (const m of lines[j]!.matchAll(/\S+(?: \S+)*/g))
        cells[Math.max(0, columnOf(m.index))]!.push(m[0].replace(/\|/g, '/'));
      lines[j] = cells.map((c) => c.join(' ')).join(' | ');
    }
  }
  return lines.join('\n');
}

/** the cells of a table line (tabs or bars), or null when the line is no table row */
function cellsOf(line: string, bordered = true): string[] | null {
  const bars = line.includes('|');
  if (!bars && !line.includes('\t')) return null;
  // a table without a border ("Aufg. | Lösung | BE"): a bar at a row's start follows its empty first cell
  const cells = (
    bars ? (bordered ? line.replace(/^\s*\|/, '').replace(/\|\s*$/, '') : line).split('|') : line.split('\t')
  ).map((cell) => cell.trim());
  return cells.length >= 2 ? cells : null;
}

/** "z. B.", "ca.", "bzw.": a full stop that ends no sentence ("4 s." after a number does) */
const abbreviation =
  /(?:^|(?<!\d)[\s(])(?:\p{L}|ca|bzw|vgl|evtl|ggf|usw|etc|Nr|Abb|bspw|inkl|max|min|Std|Jh)\.$/u;

/**
 * A cell's sentences: split after a sentence's end ("… 5 cm. Berechne …", "… Flächeninhalt. u = …"; not
 * "z. B. 6 cm"), not inside brackets. Parts after "; " stay together, as do "question → solution" (the
 * arrow divides them, answer-key.ts).
 */
function cellParts(cell: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (
      depth === 0 &&
      (/[.?!]/.test(c) || (/["“”»]/.test(c) && /[.?!]/.test(cell[i - 1] ?? ''))) &&
      /^ [\p{L}„"»](?!\.)/u.test(cell.slice(i + 1, i + 4)) &&
      !abbreviation.test(cell.slice(0, i + 1))
    ) {
      parts.push(cell.slice(from, i + 1));
      from = i + 2;
    }
  }
  parts.push(cell.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const tableCells = /\s*(?:\t|\|)\s*|\s{2,}/;
const tableLabelHead = /^(?:Aufgabe|Aufg\.?|Nr\.?|Task|Exercise)$/i;
const tablePointsHead = new RegExp(
  String.raw`^(?:${pointUnit}|Punktzahl|max(?:imal)?\.?(?:\s*${pointUnit})?)$`,
  'iu',
);
const tableTotal = /^(?:Summe|gesamt|insgesamt|Gesamt|Σ|total)$/i;

/**
 * A key's points table laid out across, as a Klassenarbeit ends: a row of the task labels under "Aufgabe"
 * ("Aufg.⇥1⇥2⇥3⇥Summe", cells set off by tabs, bars or two spaces) over a row of their points
 * ("Punkte⇥6⇥1⇥2⇥9"). The two rows are written as one summary line ("Punkteverteilung: 1 6 | 2 1 | 3 2 |
 * gesamt 9"), which `pointsDistribution` reads; any other text is returned as it is.
 */
function pointsRowAsLine(text: string): string {
  const lines = text.split('\n');
  const cellsAcross = (line: string) =>
    line
      .trim()
      .replace(/^\|\s*|\s*\|$/g, '')
      .split(tableCells);
  for (let i = 0; i + 1 < lines.length; i++) {
    const labels = cellsAcross(lines[i]!);
    const points = cellsAcross(lines[i + 1]!);
    if (labels.length < 3 || labels.length !== points.length) continue;
    if (!tableLabelHead.test(labels[0]!) || !tablePointsHead.test(points[0]!)) continue;
    const pairs: string[] = [];
    let ok = true;
    for (let k = 1; k < labels.length; k++) {
      const label = labels[k]!;
      const value = points[k]!;
      if (!/^\d+(?:[.,]\d+)?$/.test(value)) ok = false;
      else if (tableTotal.test(label) && k === labels.length - 1) pairs.push(`gesamt ${value}`);
      else if (/^(?:[A-H]?\d{1,2}|[A-H]|[IVX]{1,4})$/.test(label)) pairs.push(`${label} ${value}`);
      else ok = false;
    }
    if (!ok) continue;
    // the table's caption above it ("Punkte", "Punkteverteilung:") goes with it
    const caption =
      i > 0 && /^\s*(?:Punkte(?:verteilung|übersicht)?|Bewertung)\s*:?\s*$/i.test(lines[i - 1]!);
    lines.splice(caption ? i - 1 : i, caption ? 3 : 2, `Punkteverteilung: ${pairs.join(' | ')}`);
  }
  return lines.join('\n');
}

// "---|---" or "------+------": the rule under the header
const ruleLine = /^\s*\|?\s*(?::?-{2,}:?\s*[|+]?\s*)+$/;

export function keyTableAsLines(keyText: string): string {
  const lines = pointsRowAsLine(withSpacedTableAsBars(keyText)).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = cellsOf(lines[i]!);
    if (!header) continue;
    const task = header.findIndex((cell) => taskColumn.test(cell));
    const pts = header.findIndex((cell) => pointsColumn.test(cell));
    if (task < 0 || pts < 0 || task === pts) continue;
    const bordered = /^\s*\|/.test(lines[i]!);
    const rows: TableRow[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      if (ruleLine.test(lines[j]!)) {
        lines[j] = '';
        continue;
      }
      const cells = cellsOf(lines[j]!, bordered);
      if (!cells || cells.length !== header.length) break;
      const label = taskLabel.exec(cells[task]!);
      const value = points.exec(cells[pts]!)?.[1] ?? null;
      // the Anforderungsbereich ("AFB", I–III) rates the row; it is no part of the solution
      const solution = cells
        .filter(
          (_, k) => k !== task && k !== pts && !requirementLevel.test(header[k]!) && cells[k]!.length > 0,
        )
        .join(' – ');
      // the total row, its word in the task column ("Summe | | 20") or in another ("| | Summe | 18 |")
      const others = cells.filter((_, k) => k !== task && k !== pts && cells[k]!.length > 0).join(' ');
      const total = [cells[task]!, others].filter(Boolean).join(' ');
      if (
        !label &&
        value &&
        (cells[task] === '' || tableTotal.test(cells[task]!)) &&
        isTotalLine(`${total} ${value}`)
      ) {
        lines[j] = `${total}: ${value} P`;
        continue;
      }
      // a row without a label goes on with the task above: its text wrapped, or one more expected part
      // with points of its own
      const last = rows.at(-1);
      if (!label && cells[task] === '' && last) {
        last.cells.push({ text: solution, value });
        lines[j] = '';
        continue;
      }
      if (!label) break;
      rows.push({
        at: j,
        label: `${label[1]}${label[2] ?? ''}`,
        value,
        cells: [{ text: solution, value: null }],
      });
    }
    for (const row of rows) lines[row.at] = rowAsLines(row);
    lines[i] = '';
  }
  return lines.join('\n');
}

type TableRow = {
  at: number;
  label: string;
  value: string | null;
  cells: { text: string; value: string | null }[];
};

/** A task's row and the rows that go on with it, as the key would write them without a table. */
function rowAsLines({ label, value, cells }: TableRow): string {
  // parts with points of their own ("Primärschlüssel: … | 1" over "Fremdschlüssel: … | 1"): a line each
  if (cells.slice(1).some((c) => c.value !== null)) {
    const parts: { text: string; value: string | null }[] = [];
    cells.forEach((c, k) => {
      const own = k === 0 ? value : c.value;
      const last = parts.at(-1);
      if (own === null && last) last.text = `${last.text} ${c.text}`.trim();
      else parts.push({ text: c.text, value: own });
    });
    return `${label})\n${parts.map((p) => (p.value !== null ? `${p.text} (${p.value} P)` : p.text)).join('\n')}`;
  }
  // a row after a finished sentence or bracket is a line of its own ("… jahr >= 2000)" over "weitere Titel
  // zusätzlich genannt: 1 BE"); otherwise, also after "; ", the cell's text wrapped into the next row
  const solution = cells
    .map((c) => c.text)
    .filter(Boolean)
    .reduce((text, next) => (text === '' ? next : `${text}${/[.)]$/.test(text) ? '\n' : ' '}${next}`), '');
  const mark = value !== null ? ` (${value} P)` : '';
  // "Trennung eines Sand-Salz-Gemisches: in Wasser lösen (1), …": a short title before a colon names the
  // task, the rest is its solution (a cell that parts question and solution itself, by sentences or an
  // arrow, keeps its own parts; a calculation stays whole)
  const titled = /^([^:.?!\d()]{3,60}):\s+(\S.*)$/u.exec(solution);
  const parts =
    titled &&
    titled[1]!.trim().split(/\s+/).length <= 6 &&
    // a topic, not an instruction that announces what it works on ("Faktorisiere: x² − 10x + 25; …")
    !isInstruction(titled[1]!.replace(/:?$/, '.')) &&
    cellParts(solution).length === 1 &&
    !/[→=]/.test(solution)
      ? [`${titled[1]!.trim()}:`, ...cellParts(titled[2]!)]
      : cellParts(solution);
  return parts.length > 1 || findPointMarks(solution).some((m) => !m.weak)
    ? `${label})${mark}\n${parts.join('\n')}`
    : `${label}) ${solution}${mark}`;
}

const unitWord = String.raw`(?:P\.?|Pkt\.?|Punkte?|BE|VP)`;
/**
 * "Je Aufgabe 2 Punkte", "jede Frage 1 P", "pro Aufgabe 2 BE" on a line of its own, or in brackets under the
 * key's title: "(je richtige Antwort 1 P., Aufgabe 8: 3 P.)": what every task is worth, and the tasks that
 * are worth otherwise
 */
const perTaskLine = new RegExp(
  String.raw`^[ \t]*(?:je(?:de)?|pro)\s+(?:Aufgabe|Frage)\s+(?:(?:gibt\s+es|zählt|bringt)\s+)?(\d+(?:[.,]\d+)?)\s*${unitWord}(?![\p{L}])[^\n]*$`,
  'imu',
);
const perTaskNote = new RegExp(
  String.raw`\((?:je(?:de)?|pro)\s+(?:richtige\s+)?(?:Aufgabe|Frage|Antwort|Lösung)\s+(\d+(?:[.,]\d+)?)\s*${unitWord}((?:\s*[,;]\s*Aufgabe\s+\d{1,2}\s*:\s*\d+(?:[.,]\d+)?\s*${unitWord})*)\s*\)`,
  'iu',
);
/** a task's own line: "1. Paris", "2) Rom", "Aufgabe 3: Berlin", "4  b (Rotation …)" */
const taskLine = /^\s*(?:Aufgabe\s+)?(\d{1,2})(?:\s*[.):]|[ \t]+(?=\S))\s*\S/;

/**
 * A key that says once what each task is worth ("Je Aufgabe 2 Punkte, insgesamt 6 Punkte.", "(je richtige
 * Antwort 1 P., Aufgabe 8: 3 P.)") instead of marking every task: the note goes, and each task line without
 * a mark of its own gets it, or the value the note names for its task. Where the note names exceptions, a
 * task line with a bare "(2)" keeps that for the key's total to confirm (answer-key.ts).
 */
export function perTaskPointsAsMarks(keyText: string, hasMark: (line: string) => boolean): string {
  const note = perTaskLine.exec(keyText) ?? perTaskNote.exec(keyText);
  if (!note) return keyText;
  const value = note[1]!;
  const named = new Map(
    [...(note[2] ?? '').matchAll(/Aufgabe\s+(\d{1,2})\s*:\s*(\d+(?:[.,]\d+)?)/gi)].map((m) => [m[1]!, m[2]!]),
  );
  const text = keyText.slice(0, note.index) + keyText.slice(note.index + note[0].length);
  const bare = (line: string) => findPointMarks(line).some((mark) => mark.weak);
  return text
    .split('\n')
    .map((line) => {
      const task = taskLine.exec(line);
      if (!task || hasMark(line) || (named.size > 0 && bare(line) && !named.has(task[1]!))) return line;
      return `${line.trimEnd()} (${named.get(task[1]!) ?? value} P)`;
    })
    .join('\n');
}
