/**
 * Layout variants for bench:layouts (issue 32 §8): small pure functions that rewrite a typed test the way
 * pupils and teachers differ in form, not in content. Each returns the rewritten text, or `skip` with the
 * reason when it does not apply to the test (no labels to restyle, no key, already in that style).
 *
 * Labels are read at line starts with a regex over the common forms ("Aufgabe 1", "Aufg. 1", "Nr. 1",
 * "zu 1)", "Task 1", "A1", "1.", "1)", "(1)", "1" alone; "a)", "(a)", "a.", "a:"; "1a)", "1 a)", "1.1") and
 * kept only where they fit the gold: a task label must name a gold task after the last one (in the style of
 * the first), a subtask label one of its task's gold subtasks after the last one. So "2 Al + O2 → …" or a
 * matching answer "1 – C" inside a task is not taken for a label.
 */

/** What the rewrites need to know of the teacher's grading. */
export type GoldShape = {
  /** the task numbers in the order of the test ("1", "2"; "A1" where the test numbers so) */
  tasks: string[];
  /** each task's subtask ids ("a", "b"; "1", "2" for "1.1") */
  subs: Map<string, string[]>;
  /** the tasks the teacher gave full points (a crossed-out part goes before a correct sentence there) */
  fullTasks: string[];
  /** the test's maximum as the teacher counts it (for a total line written under the key) */
  max?: number;
};

export type Rewrite = { text: string } | { skip: string };

export const taskStyles = [
  'Aufgabe 1',
  '1.',
  '1)',
  'zu 1)',
  'Nr. 1',
  'A1',
  'Aufg. 1',
  '(1)',
  'I.',
  'I. (alone)',
  'Ex. 1',
] as const;
export const subtaskStyles = ['a)', '(a)', 'a.', '1a)'] as const;
export const pointStyles = [
  '(2 P)',
  '2 Pkt.',
  '[2]',
  '/2',
  '2 BE',
  '(2 Punkte)',
  '2P',
  'Punkte: 2',
  '[2 P]',
  'Wertung: 2',
  '…… 2 points',
  '(2 points)',
  '→ 2 P',
  '[Pkte.: 2]',
  '2 pts',
  '(2 VE)',
  'Punktwert: 2',
  'max. 2',
  'Punkte: __ von 2',
  '(2 ptos.)',
] as const;
/** a total line under the key ("Gesamt: 30 P"), in the notations keys use */
export const totalStyles = [
  'Gesamt: 30 P',
  'insgesamt 30 BE',
  'Summe: 30 Punkte',
  'Σ 30',
  'Gesamtwertung: 30',
  'Total ............ 30 points',
  'Punkte gesamt: 30',
  'Gesamtpunktwert: 30',
  'Total score: ___ / 30',
  'erreichbar insgesamt: 30',
  'Gesamtpunktzahl max. 30',
  'Gesamtpunktzahl: __ von 30',
  '= 30 Punkte',
] as const;
export type TotalStyle = (typeof totalStyles)[number];
export type TaskStyle = (typeof taskStyles)[number];
export type SubtaskStyle = (typeof subtaskStyles)[number];
export type PointStyle = (typeof pointStyles)[number];

export type Label = {
  line: number;
  indent: string;
  /** a task label, a subtask label, or one that names both ("1a)", "1.1") */
  kind: 'task' | 'sub' | 'both';
  task: string;
  sub?: string;
  /** how it was written: a task label's family, a subtask label's punctuation */
  family: string;
  /** the text after the label on its line */
  rest: string;
};

const taskPatterns: { family: string; re: RegExp }[] = [
  {
    family: 'word',
    re: /^(?:Aufgabe|Aufg\.?|Teilaufgabe|Nr\.?|Task|Exercise|Ex\.)\s*(\d+)(?![\d,]|\.\d)\s*(?:[).:]|[–—-](?=\s))?\s*/i,
  },
  { family: 'zu', re: /^zu\s+(?:Aufgabe\s*|Aufg\.\s*|Nr\.\s*)?(\d+)\s*[).:]?\s*/i },
  { family: 'A', re: /^A\s?(\d+)(?![\d,.]\d)(?:[).:]\s*|\s+|$)/ },
  { family: 'id', re: /^([A-Z]\d+)(?![\d,.]\d)(?:[).:]\s*|\s+|$)/ },
  { family: 'paren', re: /^\((\d+)\)\s*/ },
  { family: 'dot', re: /^(\d+)\.(?!\d)\s*/ },
  { family: 'close', re: /^(\d+)\)\s*/ },
  { family: 'bare', re: /^(\d+)\s*$/ },
];
const bothPatterns: { family: string; re: RegExp }[] = [
  { family: ')', re: /^(\d+)\s?([a-h])\)\s*/ },
  { family: '.', re: /^(\d+)\s?([a-h])\.(?=\s|$)\s*/ },
  { family: ':', re: /^(\d+)\s?([a-h]):\s*/ },
  { family: 'num', re: /^(\d+)\.(\d+)(?=\s|$)\s*/ },
];
const subPatterns: { family: string; re: RegExp }[] = [
  { family: ')', re: /^([a-h])\)\s*/ },
  { family: '(', re: /^\(([a-h])\)\s*/ },
  { family: '.', re: /^([a-h])\.(?=\s|$)\s*/ },
  { family: ':', re: /^([a-h]):\s*/ },
];

/** The task and subtask labels at the line starts of `text` that fit the gold (see the file's comment). */
export function parseLabels(text: string, shape: GoldShape): Label[] {
  const labels: Label[] = [];
  let taskIndex = -1;
  let current: string | undefined;
  let subIndex = -1;
  let taskFamily: string | undefined;
  const subsOf = (task: string | undefined) => (task === undefined ? [] : (shape.subs.get(task) ?? []));
  text.split('\n').forEach((line, i) => {
    const indent = /^[ \t]*/.exec(line)![0];
    const body = line.slice(indent.length);
    for (const p of bothPatterns) {
      const m = p.re.exec(body);
      if (!m) continue;
      const [task, sub] = [m[1]!, m[2]!];
      const at = shape.tasks.indexOf(task);
      const s = subsOf(task).indexOf(sub);
      const sameTask = task === current;
      if (at === -1 || s === -1 || at < taskIndex || (sameTask && s <= subIndex)) continue;
      labels.push({
        line: i,
        indent,
        kind: 'both',
        task,
        sub,
        family: p.family,
        rest: body.slice(m[0].length),
      });
      [taskIndex, current, subIndex] = [at, task, s];
      return;
    }
    for (const p of taskPatterns) {
      const m = p.re.exec(body);
      if (!m) continue;
      const at = shape.tasks.indexOf(m[1]!);
      if (at <= taskIndex || (taskFamily !== undefined && taskFamily !== p.family)) continue;
      labels.push({
        line: i,
        indent,
        kind: 'task',
        task: m[1]!,
        family: p.family,
        rest: body.slice(m[0].length),
      });
      [taskIndex, current, subIndex, taskFamily] = [at, m[1]!, -1, p.family];
      return;
    }
    for (const p of subPatterns) {
      const m = p.re.exec(body);
      if (!m) continue;
      // subtasks before any task label belong to the first task
      const task = current ?? shape.tasks[0];
      const s = subsOf(task).indexOf(m[1]!);
      if (task === undefined || s <= subIndex) continue;
      labels.push({
        line: i,
        indent,
        kind: 'sub',
        task,
        sub: m[1]!,
        family: p.family,
        rest: body.slice(m[0].length),
      });
      if (current === undefined) [taskIndex, current] = [shape.tasks.indexOf(task), task];
      subIndex = s;
      return;
    }
  });
  return labels;
}

/** 1 → "I", 4 → "IV", 9 → "IX" (task numbers stay below 40) */
function roman(n: number): string {
  const digits: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [value, numeral] of digits)
    while (n >= value) {
      out += numeral;
      n -= value;
    }
  return out;
}

function renderTask(style: TaskStyle, n: string, rest: string): string {
  const spaced = rest ? ` ${rest}` : '';
  // a word label takes a colon before an answer on its line ("Aufgabe 1: A"), not before "(3 P)" or "– …"
  const worded = (label: string) => (rest ? `${label}${/^[(–—-]/.test(rest) ? ' ' : ': '}${rest}` : label);
  switch (style) {
    case 'Aufgabe 1':
      return worded(`Aufgabe ${n}`);
    case 'Nr. 1':
      return worded(`Nr. ${n}`);
    case 'A1':
      return worded(`A${n}`);
    case 'Aufg. 1':
      return worded(`Aufg. ${n}`);
    case 'Ex. 1':
      return worded(`Ex. ${n}`);
    case '1.':
      return `${n}.${spaced}`;
    case '1)':
      return `${n})${spaced}`;
    case 'zu 1)':
      return `zu ${n})${spaced}`;
    case '(1)':
      return `(${n})${spaced}`;
    case 'I.':
      return `${roman(Number(n))}.${spaced}`;
    case 'I. (alone)':
      // alone on its line, the answer below it
      return rest ? `${roman(Number(n))}.\n${rest}` : `${roman(Number(n))}.`;
  }
}

function renderSub(style: SubtaskStyle | ')' | '.' | ':', task: string, sub: string, rest: string): string {
  const label =
    style === '(a)'
      ? `(${sub})`
      : style === 'a.' || style === '.'
        ? `${sub}.`
        : style === ':'
          ? `${sub}:`
          : style === '1a)'
            ? `${task}${sub})`
            : `${sub})`;
  return rest ? `${label} ${rest}` : label;
}

const unchanged = (before: string, after: string): Rewrite =>
  after === before ? { skip: 'already in this style' } : { text: after };

/** Task labels in another style; "1a)" lines get a task label line of their own and keep "a)". */
export function restyleTasks(answer: string, shape: GoldShape, style: TaskStyle): Rewrite {
  const labels = parseLabels(answer, shape);
  const starts = labels.filter((l) => l.kind !== 'sub');
  if (starts.length === 0) return { skip: 'no task labels in the answer' };
  if (!shape.tasks.every((t) => /^\d+$/.test(t))) return { skip: 'tasks not numbered 1, 2, … (A1, B1)' };
  if (starts.some((l) => l.family === 'num')) return { skip: 'subtasks numbered 1.1, 1.2 carry the task' };
  const lines = answer.split('\n');
  const out: string[] = [];
  const headed = new Set<string>();
  lines.forEach((line, i) => {
    const l = labels.find((x) => x.line === i);
    if (l?.kind === 'task') {
      headed.add(l.task);
      out.push(l.indent + renderTask(style, l.task, l.rest));
    } else if (l?.kind === 'both' && !headed.has(l.task)) {
      headed.add(l.task);
      out.push(l.indent + renderTask(style, l.task, ''));
      out.push(l.indent + renderSub(l.family as ')' | '.' | ':', l.task, l.sub!, l.rest));
    } else if (l?.kind === 'both') {
      out.push(l.indent + renderSub(l.family as ')' | '.' | ':', l.task, l.sub!, l.rest));
    } else out.push(line);
  });
  return unchanged(answer, out.join('\n'));
}

/** Subtask labels in another style. */
export function restyleSubtasks(answer: string, shape: GoldShape, style: SubtaskStyle): Rewrite {
  const labels = parseLabels(answer, shape).filter((l) => l.kind !== 'task');
  if (labels.length === 0) return { skip: 'no subtask labels in the answer' };
  if (labels.some((l) => l.family === 'num')) return { skip: 'subtasks numbered 1.1, 1.2' };
  if (style !== '1a)' && labels.some((l) => l.kind === 'both'))
    return { skip: 'the subtask labels carry the task number (1a)); this style would drop it' };
  const lines = answer.split('\n');
  for (const l of labels) lines[l.line] = l.indent + renderSub(style, l.task, l.sub!, l.rest);
  return unchanged(answer, lines.join('\n'));
}

/** Every task and subtask label removed: the answers stand in order, a blank line where a label stood alone. */
export function removeLabels(answer: string, shape: GoldShape): Rewrite {
  const labels = parseLabels(answer, shape);
  if (labels.length === 0) return { skip: 'no labels in the answer' };
  const lines = answer.split('\n');
  for (const l of labels) lines[l.line] = l.rest ? l.indent + l.rest : '';
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\s*\n/, '');
  return { text };
}

/** The answers of the first two labelled tasks change places, each with its label. */
export function swapTasks(answer: string, shape: GoldShape): Rewrite {
  const starts: number[] = [];
  const seen = new Set<string>();
  for (const l of parseLabels(answer, shape))
    if (l.kind !== 'sub' && !seen.has(l.task)) {
      seen.add(l.task);
      starts.push(l.line);
    }
  if (starts.length < 2) return { skip: 'fewer than two labelled tasks' };
  const lines = answer.split('\n');
  const [a, b] = [starts[0]!, starts[1]!];
  const c = starts[2] ?? lines.length;
  const trimmed = (block: string[]) => {
    let end = block.length;
    while (end > 0 && block[end - 1]!.trim() === '') end--;
    return { body: block.slice(0, end), gap: block.slice(end) };
  };
  const first = trimmed(lines.slice(a, b));
  const second = trimmed(lines.slice(b, c));
  // the gap after a block stays where it was, so the blocks stay apart as they were
  const gapAfterMoved = first.gap.length > 0 ? first.gap : [''];
  const rest = lines.slice(c);
  const text = [
    ...lines.slice(0, a),
    ...second.body,
    ...gapAfterMoved,
    ...first.body,
    ...(second.gap.length > 0 || rest.length === 0 ? second.gap : ['']),
    ...rest,
  ].join('\n');
  return { text };
}

/** "Name: Max Mustermann, Klasse 8b" and "Datum: …" above the answers. */
export function addNameLine(answer: string): Rewrite {
  if (/^\s*(?:Name|Schüler(?:in)?)\s*:/im.test(answer.split('\n').slice(0, 3).join('\n')))
    return { skip: 'already has a name line' };
  return { text: `Name: Max Mustermann, Klasse 8b\nDatum: 12.03.2025\n\n${answer}` };
}

/** a line the pupil copied from the sheet: the task's points, or its question */
const notAnAnswer = new RegExp(
  String.raw`^\s*\(?\d+(?:[.,]\d+)?\s*(?:Punkte|Punkt|Pkt\.?|P\.?|BE|VP)\)?\s*$|\?\s*$|^\s*(?:Erkläre|Erläutere|Nenne|Berechne|Beschreibe|Begründe|Gib|Bestimme|Löse|Stelle|Vergleiche|Definiere|Formuliere|Beurteile|Ordne|Kreuze|Ergänze|Rechne|Wandle|Zeichne)\b`,
);

/** a point mark as a sheet prints it beside its task ("(4 P)", "(6 BE)") */
const sheetMark = /\(\d+(?:[.,]\d+)?\s*(?:Punkte|Punkt|Pkt\.?|P\.?|BE|VP)\)/;

/**
 * A hyphenated line break in the first long word (12 letters or more) of every line of the pupil's own text
 * that has one: not in the sheet's heading above the first label, nor in a task's question or points copied
 * from the sheet.
 */
export function hyphenate(answer: string, shape: GoldShape): Rewrite {
  const labels = parseLabels(answer, shape);
  const labelAt = new Map(labels.map((l) => [l.line, l]));
  const firstLabel = labels[0]?.line ?? 0;
  let count = 0;
  const text = answer
    .split('\n')
    .map((line, i) => {
      const own = labelAt.get(i)?.rest ?? line;
      if (i < firstLabel || sheetMark.test(line) || notAnAnswer.test(own)) return line;
      return line.replace(/(?<![\p{L}\p{N}])\p{L}{12,}(?![\p{L}\p{N}])/u, (word) => {
        count++;
        const cut = Math.floor(word.length / 2);
        return `${word.slice(0, cut)}-\n${word.slice(cut)}`;
      });
    })
    .join('\n');
  return count === 0 ? { skip: 'no word of 12 letters or more in the answer' } : { text };
}

const copulas =
  /^(?:ist|sind|war|waren|hat|haben|wird|werden|kann|können|is|are|was|were|has|have|can|will)$/i;

/**
 * A wrong-ish copy of the sentence's start: a number changed, or a negation added, or a false start (its
 * first half); a single option letter becomes the next one. Null when none fits (one or two words).
 */
export function wrongish(sentence: string, english: boolean): string | null {
  const words = sentence.split(/\s+/).filter(Boolean).slice(0, 8);
  const start = words.join(' ');
  const num = /\d+(?:[.,]\d+)?/.exec(start);
  if (num) {
    const n = num[0];
    const changed = /[.,]/.test(n) ? n.slice(0, -1) + ((Number(n.at(-1)) + 1) % 10) : String(Number(n) + 1);
    return start.slice(0, num.index) + changed + start.slice(num.index + n.length);
  }
  const verb = words.findIndex((w, i) => i > 0 && copulas.test(w));
  if (words.length >= 3 && verb !== -1)
    return [...words.slice(0, verb + 1), english ? 'not' : 'nicht', ...words.slice(verb + 1)].join(' ');
  if (words.length >= 4) return words.slice(0, Math.ceil(words.length / 2)).join(' ');
  if (/^[A-E]$/.test(start))
    return String.fromCharCode(start.charCodeAt(0) === 69 ? 65 : start.charCodeAt(0) + 1);
  return null;
}

/**
 * A crossed-out part, "[durchgestrichen: …]", before the first sentence of a task the teacher gave full
 * points: a wrong-ish copy of that sentence (see `wrongish`), as a pupil writes, strikes out and writes again.
 */
export function crossOut(answer: string, shape: GoldShape, english: boolean): Rewrite {
  if (shape.fullTasks.length === 0) return { skip: 'no task with full points' };
  const lines = answer.split('\n');
  const labels = parseLabels(answer, shape);
  const labelAt = new Map(labels.map((l) => [l.line, l]));
  for (const task of shape.fullTasks) {
    // the task's lines: from its first label to another task's label; the whole answer when it has no labels
    const first = labels.find((l) => l.task === task);
    let from: number;
    if (first) from = first.line;
    else if (labels.length === 0 && shape.tasks.length === 1) from = 0;
    else continue;
    for (let i = from; i < lines.length; i++) {
      const l = labelAt.get(i);
      if (l && l.task !== task) break;
      const offset = l ? lines[i]!.length - l.rest.length : /^\s*/.exec(lines[i]!)![0].length;
      const text = lines[i]!.slice(offset);
      if (!text.trim() || notAnAnswer.test(text)) continue;
      const wrong = wrongish(text.split(/(?<=[.!?])\s/)[0]!, english);
      if (wrong === null) continue;
      lines[i] = `${lines[i]!.slice(0, offset)}[durchgestrichen: ${wrong}] ${text}`;
      return { text: lines.join('\n') };
    }
  }
  return { skip: 'no sentence in a task with full points to cross out before' };
}

const NUM = String.raw`\d+(?:[.,]\d+)?`;
const UNIT = String.raw`(?:Punkte|Punkt|Pkt\.?|P\.?|BE|VP)`;
/** the mark patterns: a leading-space group where the mark stands at the line's end, then the number */
const markPatterns = [
  new RegExp(String.raw`()\((${NUM})\s*${UNIT}\)`, 'g'),
  new RegExp(String.raw`()\[(${NUM})(?:\s*${UNIT})?\]`, 'g'),
  new RegExp(String.raw`(\s+)(?:[–—-]\s+)?(${NUM})\s*${UNIT}(?=\s*$)`, 'g'),
  new RegExp(String.raw`(\s+)\/\s?(${NUM})(?=\s*$)`, 'g'),
];
/** "(2)" after text, as a key that writes "/4" on its task lines marks its solution's parts */
const bareParenMark = new RegExp(String.raw`(?<=\S[^\n]*)()\((${NUM})\)`, 'g');
/** totals and the Notenschlüssel keep their notation */
const notMarks = /Notenschl|Gesamt|Summe|Total|insgesamt|Punktzahl|sehr gut|\bNoten?\b/i;

/** a key's line that asks a task or subtask ("2. Wie lange …", "a) Berechne …"), where "/4" stands */
const taskLine =
  /^\s*(?:(?:Aufgabe|Aufg\.?|Teilaufgabe|Nr\.?|Task|Exercise)\s*\d+|[A-Z]?\d+(?:\s?[a-h])?\s*[.):]|\(?[a-h]\)|[a-h]\.\s|\d+\.\d+\s)/i;

/** a solution line with a calculation, where "18 km/h /2" would read as a division (unless a question ends before) */
const calculation = /[=→⇒≈]/;

/** `atEnd`: the mark ends a task's or an aspect's line, where "/2", "2 Pkt." and "2 BE" stand without parentheses */
function renderMark(style: PointStyle, v: string, atEnd: boolean): string {
  switch (style) {
    case '(2 P)':
      return `(${v} P)`;
    case '2 Pkt.':
      return atEnd ? `${v} Pkt.` : `(${v} Pkt.)`;
    case '[2]':
      return `[${v}]`;
    case '/2':
      return atEnd ? `/${v}` : `(${v})`;
    case '2 BE':
      return atEnd ? `${v} BE` : `(${v} BE)`;
    case '(2 Punkte)':
      return `(${v} ${v === '1' ? 'Punkt' : 'Punkte'})`;
    case '2P':
      return atEnd ? `${v}P` : `(${v}P)`;
    case 'Punkte: 2':
      return atEnd ? `– Punkte: ${v}` : `(Punkte: ${v})`;
    case '[2 P]':
      return `[${v} P]`;
    // a score field ends a task's line; the aspects inside keep "(1 P)", as such keys write them
    case 'Wertung: 2':
      return atEnd ? `   Wertung: ${v}` : `(${v} P)`;
    case '…… 2 points':
      return atEnd
        ? ` ............ ${v} ${v === '1' ? 'point' : 'points'}`
        : `(${v} ${v === '1' ? 'point' : 'points'})`;
    case '(2 points)':
      return `(${v} ${v === '1' ? 'point' : 'points'})`;
    case '→ 2 P':
      return atEnd ? `→ ${v} P` : `(${v} P)`;
    case '[Pkte.: 2]':
      return `[Pkte.: ${v}]`;
    case '2 pts':
      return atEnd ? `${v} ${v === '1' ? 'pt' : 'pts'}` : `(${v} ${v === '1' ? 'pt' : 'pts'})`;
    case '(2 VE)':
      return `(${v} VE)`;
    // a score field ends a task's line, as 'Wertung: 2'
    case 'Punktwert: 2':
      return atEnd ? `   Punktwert: ${v}` : `(${v} P)`;
    // the maximum set off by spaces at the line's end, as a form prints it
    case 'max. 2':
      return atEnd ? `   max. ${v}` : `(${v} P)`;
    case 'Punkte: __ von 2':
      return atEnd ? `   Punkte: __ von ${v}` : `(${v} P)`;
    case '(2 ptos.)':
      return `(${v} ${v === '1' ? 'pto.' : 'ptos.'})`;
  }
}

/** how a key states a task's points over subtasks that carry their own ("Aufgabe 2 (4 P)" over a) … (2 P)) */
export const taskPointStyles = [
  '(4 P) over the subtasks',
  '(4 P) before the label',
  '(je 1 P, zusammen 4 P)',
  'max. 4 P, je 1 P',
] as const;
export type TaskPointStyle = (typeof taskPointStyles)[number];

const pointNumber = (v: string) => Number(v.replace(',', '.'));
const pointText = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/**
 * The task's total on its heading, over subtasks that carry one mark each: kept on the subtasks
 * ("Aufgabe 2 (4 P)" then "a) … (2 P)", which must not count twice), or instead of theirs where the
 * subtasks are worth alike ("Aufgabe 2 (je 1 P, zusammen 4 P)", "Aufgabe 2 – max. 4 P, je 1 P"). A task
 * whose heading has a mark already, or a subtask with no mark or several (its aspects' marks), is left.
 */
export function restateTaskPoints(key: string | null, shape: GoldShape, style: TaskPointStyle): Rewrite {
  if (key === null) return { skip: 'no key' };
  const lines = key.split('\n');
  const labels = parseLabels(key, shape);
  const marksOn = (line: string) => {
    const found: { index: number; length: number; value: string }[] = [];
    if (notMarks.test(line)) return found;
    for (const re of markPatterns)
      for (const m of line.matchAll(re))
        if (!found.some((f) => m.index < f.index + f.length && f.index < m.index + m[0].length))
          found.push({ index: m.index, length: m[0].length, value: m[2]! });
    return found;
  };
  let changed = 0;
  labels.forEach((label, li) => {
    if (label.kind !== 'task') return;
    const next = labels.slice(li + 1).findIndex((l) => l.kind !== 'sub');
    const subs = labels.slice(li + 1, next === -1 ? undefined : li + 1 + next);
    if (subs.length < 2 || marksOn(lines[label.line]!).length > 0) return;
    const end = next === -1 ? lines.length : labels[li + 1 + next]!.line;
    const parts = subs.map((sub, si) => {
      const to = si + 1 < subs.length ? subs[si + 1]!.line : end;
      return lines
        .slice(sub.line, to)
        .flatMap((line, k) => marksOn(line).map((m) => ({ ...m, line: sub.line + k })));
    });
    if (parts.some((p) => p.length !== 1)) return;
    const values = parts.map((p) => pointNumber(p[0]!.value));
    const total = pointText(values.reduce((a, b) => a + b, 0));
    const each = values.every((v) => v === values[0]) ? pointText(values[0]!) : null;
    const overSubtasks = style === '(4 P) over the subtasks' || style === '(4 P) before the label';
    if (!overSubtasks) {
      if (each === null) return;
      for (const [m] of parts) {
        const line = lines[m!.line]!;
        lines[m!.line] = (line.slice(0, m!.index) + line.slice(m!.index + m!.length)).trimEnd();
      }
    }
    const heading = lines[label.line]!.trimEnd();
    // "(4 P)  Aufgabe 2 …": the points in a margin before the label, as some keys set them
    lines[label.line] =
      style === '(4 P) over the subtasks'
        ? `${heading} (${total} P)`
        : style === '(4 P) before the label'
          ? heading.replace(/^(\s*)/, `$1(${total} P)  `)
          : style === '(je 1 P, zusammen 4 P)'
            ? `${heading} (je ${each} P, zusammen ${total} P)`
            : `${heading} – max. ${total} P, je ${each} P`;
    changed++;
  });
  if (changed === 0) return { skip: 'no task whose subtasks carry one mark each and whose heading has none' };
  return unchanged(key, lines.join('\n'));
}

/**
 * A total line under the key in one of the notations keys use ("Gesamt: 30 P", "insgesamt 30 BE", "Summe:
 * 30 Punkte"), with the teacher's maximum; a key that already has one is skipped. It must not change the
 * points: the total agrees with the tasks.
 */
export function addTotalLine(key: string | null, shape: GoldShape, style: TotalStyle): Rewrite {
  if (key === null) return { skip: 'no key' };
  if (shape.max === undefined) return { skip: 'no maximum known' };
  if (/^\s*(?:Gesamt|Summe|Total|Insgesamt|Punkte gesamt|erreichbar insgesamt)/im.test(key))
    return { skip: 'the key has a total line' };
  const v = String(shape.max).replace('.', ',');
  return { text: `${key.trimEnd()}\n\n${style.replace('30', v)}\n` };
}

/**
 * The key's point marks in another notation: "(2 P)", "2 Pkt.", "[2]", "/2", "2 BE", "(2 Punkte)", "2P",
 * "Punkte: 2". A mark
 * is a number with a unit in parentheses or brackets, or at the line's end; marks inside a sentence ("1 P
 * für das Auflösen", "je 1 P") and the lines of totals and grades stay as written. "/2", "2 Pkt." and "2 BE"
 * stand at the end of a line ("2. Wie lange …? /3", "- Einleitung /2"; a task's "/3" moves there from inside
 * its line); inside a line, and after a calculation, they are written "(2)", "(2 Pkt.)", "(2 BE)", so a
 * solution line never reads "18 km/h /2".
 */
export function rewritePoints(key: string | null, style: PointStyle): Rewrite {
  if (key === null) return { skip: 'no key' };
  const slashKey = /\s\/\s?\d+\s*$/m.test(key);
  let marks = 0;
  const lines = key.split('\n').map((line) => {
    if (notMarks.test(line)) return line;
    const found: { start: number; end: number; lead: string; value: string }[] = [];
    for (const re of slashKey ? [...markPatterns, bareParenMark] : markPatterns)
      for (const m of line.matchAll(re)) {
        const start = m.index;
        const end = start + m[0].length;
        if (found.some((f) => start < f.end && f.start < end)) continue;
        found.push({ start, end, lead: m[1]!, value: m[2]! });
      }
    if (found.length === 0) return line;
    marks += found.length;
    found.sort((a, b) => a.start - b.start);
    const only = found.length === 1 ? found[0]! : undefined;
    // "/3" belongs at the end of a task's line: "Aufgabe 1 (3 P): Nenne …" becomes "Aufgabe 1: Nenne … /3"
    const question = (f: { start: number }) =>
      !calculation.test(line.slice(0, f.start)) || /[.?!:]\s*$/.test(line.slice(0, f.start));
    const endsLine = (f: { end: number }) => /^\s*[.;,]?\s*$/.test(line.slice(f.end));
    if (
      only &&
      style === '/2' &&
      taskLine.test(line) &&
      (endsLine(only) ? question(only) : !calculation.test(line))
    ) {
      const before = line.slice(0, only.start).trimEnd();
      const after = line.slice(only.end).trim();
      const joined = after ? `${before}${/^[:.,;)]/.test(after) ? '' : ' '}${after}` : before;
      return `${joined}  ${renderMark(style, only.value, true)}`;
    }
    let out = '';
    let at = 0;
    for (const f of found) {
      // a line of several marks writes them all alike, as inside a line
      const atEnd = f === only && endsLine(f) && question(f);
      out += line.slice(at, f.start) + f.lead + renderMark(style, f.value, atEnd);
      at = f.end;
    }
    return (out + line.slice(at)).replace(/Pkt\.\./g, 'Pkt.');
  });
  if (marks === 0) return { skip: 'no point marks found in the key' };
  return unchanged(key, lines.join('\n'));
}

/** how a key writes a part's points on a line of their own under the part's solution */
export const scoreLineStyles = ['Punkte: 2', 'Bewertung: 2 Punkte'] as const;
export type ScoreLineStyle = (typeof scoreLineStyles)[number];

/** The key's lines from `label` to the next label, without the blank lines and totals at the block's end. */
function blockEnd(lines: string[], from: number, next: number): number {
  let end = from + 1;
  while (end < next && !notMarks.test(lines[end]!)) end++;
  while (end > from + 1 && lines[end - 1]!.trim() === '') end--;
  return end;
}

/**
 * A part's single mark, where it ends the part's label line (or anywhere on it, `anywhere`: "Aufgabe 1
 * (3 P): Nenne …"), and, given `below`, the part's solution carries none: `at` and `length` say where the
 * mark stands on the line.
 */
function partMark(
  line: string,
  below: string[] = [],
  anywhere = false,
): { value: string; at: number; length: number } | null {
  if (notMarks.test(line)) return null;
  const found: { index: number; length: number; value: string }[] = [];
  for (const re of markPatterns)
    for (const m of line.matchAll(re))
      if (!found.some((f) => m.index < f.index + f.length && f.index < m.index + m[0].length))
        found.push({ index: m.index, length: m[0].length, value: m[2]! });
  if (found.length !== 1) return null;
  if (!anywhere && line.slice(found[0]!.index + found[0]!.length).trim() !== '') return null;
  if (below.some((l) => markPatterns.some((re) => new RegExp(re.source).test(l)))) return null;
  return { value: found[0]!.value, at: found[0]!.index, length: found[0]!.length };
}

/**
 * Each part's points moved from the end of its label line to a score field under its solution ("Punkte: 2",
 * "Bewertung: 2 Punkte"), as a form prints them. Parts whose solution marks its own aspects, and a task's
 * line over subtasks, keep theirs.
 */
export function pointsBelowParts(key: string | null, shape: GoldShape, style: ScoreLineStyle): Rewrite {
  if (key === null) return { skip: 'no key' };
  const lines = key.split('\n');
  const labels = parseLabels(key, shape);
  const inserts: { after: number; line: string }[] = [];
  labels.forEach((label, li) => {
    const next = labels[li + 1]?.line ?? lines.length;
    if (label.kind === 'task' && labels[li + 1]?.kind === 'sub') return;
    const end = blockEnd(lines, label.line, next);
    const mark = partMark(lines[label.line]!, lines.slice(label.line + 1, end));
    if (!mark) return;
    lines[label.line] = lines[label.line]!.slice(0, mark.at).trimEnd();
    const field = style === 'Punkte: 2' ? `Punkte: ${mark.value}` : `Bewertung: ${mark.value} Punkte`;
    inserts.push({ after: end - 1, line: `${label.indent}   ${field}` });
  });
  if (inserts.length === 0) return { skip: 'no part whose points end its label line alone' };
  for (const { after, line } of inserts.reverse()) lines.splice(after + 1, 0, line);
  return { text: lines.join('\n') };
}

/**
 * The key as a table typed with bars, as teachers lay one out in a word processor: "| Nr. | Erwartete
 * Lösung | Punkte |", one row per part with its label, its question and solution on one line, and the
 * points that end its label line in the points column (a part whose solution marks its aspects keeps its
 * marks in the text); a "Summe" row with the teacher's maximum where the key has no total line of its own.
 */
export const tableStyles = ['bars', 'no border, cells wrapped', 'spaces, an AFB column'] as const;
export type TableStyle = (typeof tableStyles)[number];

/**
 * A table row as the style writes it: "| 2a | … | 2 |", or without a border and with the solution wrapped
 * onto rows of its own under the label ("2a    | SELECT titel … | 2" over "      | WHERE jahr > 2010; |").
 */
function tableRow(style: TableStyle, nr: string, text: string, value: string): string[] {
  if (style === 'bars') return [`| ${nr} | ${text} | ${value} |`];
  const wrapped: string[] = [];
  for (const word of text.split(' ')) {
    const last = wrapped.at(-1);
    if (last !== undefined && last.length + word.length < 48) wrapped[wrapped.length - 1] = `${last} ${word}`;
    else wrapped.push(word);
  }
  // typed with spaces, as a plain-text editor leaves a table, with the Anforderungsbereich of each row
  if (style === 'spaces, an AFB column')
    return wrapped.map((cell, k) =>
      `${(k === 0 ? nr : '').padEnd(6)}${cell.padEnd(50)}${(k === 0 ? 'II' : '').padEnd(6)}${k === 0 ? value : ''}`.trimEnd(),
    );
  return wrapped.map((cell, k) =>
    `${(k === 0 ? nr : '').padEnd(6)}| ${cell.padEnd(48)} | ${k === 0 ? value : ''}`.trimEnd(),
  );
}

export function keyAsTable(key: string | null, shape: GoldShape, style: TableStyle = 'bars'): Rewrite {
  if (key === null) return { skip: 'no key' };
  if (!shape.tasks.every((t) => /^\d+$/.test(t))) return { skip: 'tasks not numbered 1, 2, … (A1, B1)' };
  const lines = key.split('\n');
  const labels = parseLabels(key, shape);
  if (labels.length < 2) return { skip: 'fewer than two labelled parts' };
  if (labels.some((l) => l.family === 'num')) return { skip: 'subtasks numbered 1.1, 1.2' };
  const rule = `${'-'.repeat(6)}+${'-'.repeat(50)}+${'-'.repeat(4)}`;
  const rows =
    style === 'bars'
      ? ['| Nr. | Erwartete Lösung | Punkte |', '|-----|------------------|--------|']
      : style === 'spaces, an AFB column'
        ? [`${'Nr.'.padEnd(6)}${'Erwartete Leistung'.padEnd(50)}${'AFB'.padEnd(6)}BE`]
        : [`${'Aufg.'.padEnd(6)}| ${'Lösung'.padEnd(48)} | BE`, rule];
  let end = labels[0]!.line;
  labels.forEach((label, li) => {
    const next = labels[li + 1]?.line ?? lines.length;
    end = blockEnd(lines, label.line, next);
    // the line that asks the part: the label's, or the next one under a label alone ("Aufgabe 2")
    const asks = label.rest.trim() === '' && end > label.line + 1 ? label.line + 1 : label.line;
    const below = lines.slice(asks + 1, end);
    // the points that end that line go to the column; the aspects' marks stay in the text
    const mark = partMark(lines[asks]!, [], true);
    const asked = asks === label.line ? label.rest : lines[asks]!;
    const at = mark ? mark.at - (lines[asks]!.length - asked.length) : 0;
    const head = mark
      ? `${asked.slice(0, at)} ${asked.slice(at + mark.length)}`.replace(/^\s*[:–—-]?\s*/, '').trim()
      : asked;
    // a cell is one line: the solution's lines (a list's bullets dropped) follow one another, after "; "
    // where a line ends without a full stop
    const text = [head, ...below]
      .map((l) =>
        l
          .trim()
          .replace(/^[-•*–]\s+/, '')
          .replace(/\|/g, '/'),
      )
      .filter(Boolean)
      .reduce((cell, l) => (cell === '' ? l : `${cell}${/[.!?:;]$/.test(cell) ? ' ' : '; '}${l}`), '');
    const nr = label.kind === 'task' ? label.task : `${label.task}${label.sub}`;
    rows.push(...tableRow(style, nr, text, mark?.value ?? ''));
  });
  const rest = lines.slice(end);
  const total = rest.some((l) => /^\s*(?:Gesamt|Summe|Total|Insgesamt)/i.test(l));
  if (!total && shape.max !== undefined) {
    const max = String(shape.max).replace('.', ',');
    if (style === 'bars') rows.push(`|     | Summe | ${max} |`);
    else if (style === 'spaces, an AFB column') rows.push(`${''.padEnd(56)}${'Σ'.padEnd(6)}${max}`);
    else rows.push(rule, `${''.padEnd(6)}| ${'Summe'.padEnd(48)} | ${max}`);
  }
  return { text: [...lines.slice(0, labels[0]!.line), ...rows, ...rest].join('\n') };
}

export type VariantKind =
  | 'task labels'
  | 'subtask labels'
  | 'labels removed'
  | 'tasks swapped'
  | 'name line'
  | 'hyphenation'
  | 'crossed out'
  | 'key points'
  | 'key total line'
  | 'key task points'
  | 'key task labels'
  | 'key score lines'
  | 'key as table';

export type Variant = { kind: VariantKind; style?: string } & (
  { answer: string; key: string | null } | { skip: string }
);

/** Every variant of a test (answer and key), or why it does not apply. */
export function variantsOf(
  test: { answer: string; key: string | null; subject: string },
  shape: GoldShape,
): Variant[] {
  const onAnswer = (kind: VariantKind, r: Rewrite, style?: string): Variant => ({
    kind,
    ...(style !== undefined ? { style } : {}),
    ...('skip' in r ? { skip: r.skip } : { answer: r.text, key: test.key }),
  });
  const variants: Variant[] = [];
  for (const style of taskStyles)
    variants.push(onAnswer('task labels', restyleTasks(test.answer, shape, style), style));
  for (const style of subtaskStyles)
    variants.push(onAnswer('subtask labels', restyleSubtasks(test.answer, shape, style), style));
  variants.push(onAnswer('labels removed', removeLabels(test.answer, shape)));
  variants.push(onAnswer('tasks swapped', swapTasks(test.answer, shape)));
  variants.push(onAnswer('name line', addNameLine(test.answer)));
  variants.push(onAnswer('hyphenation', hyphenate(test.answer, shape)));
  variants.push(onAnswer('crossed out', crossOut(test.answer, shape, test.subject === 'Englisch')));
  // the key's own task headings in the styles pupils use ("1.", "A1", "Nr. 1"): read as tasks all the same
  // (a Roman numeral alone over the question is a pupil's way, not a key's)
  for (const style of taskStyles.filter((s) => s !== 'I. (alone)')) {
    const r = test.key === null ? { skip: 'no key' } : restyleTasks(test.key, shape, style);
    variants.push({
      kind: 'key task labels',
      style,
      ...('skip' in r ? { skip: r.skip } : { answer: test.answer, key: r.text }),
    });
  }
  for (const style of pointStyles) {
    const r = rewritePoints(test.key, style);
    variants.push({
      kind: 'key points',
      style,
      ...('skip' in r ? { skip: r.skip } : { answer: test.answer, key: r.text }),
    });
  }
  for (const style of taskPointStyles) {
    const r = restateTaskPoints(test.key, shape, style);
    variants.push({
      kind: 'key task points',
      style,
      ...('skip' in r ? { skip: r.skip } : { answer: test.answer, key: r.text }),
    });
  }
  for (const style of scoreLineStyles) {
    const r = pointsBelowParts(test.key, shape, style);
    variants.push({
      kind: 'key score lines',
      style,
      ...('skip' in r ? { skip: r.skip } : { answer: test.answer, key: r.text }),
    });
  }
  for (const style of tableStyles) {
    const table = keyAsTable(test.key, shape, style);
    variants.push({
      kind: 'key as table',
      ...(style !== 'bars' ? { style } : {}),
      ...('skip' in table ? { skip: table.skip } : { answer: test.answer, key: table.text }),
    });
  }
  for (const style of totalStyles) {
    const r = addTotalLine(test.key, shape, style);
    variants.push({
      kind: 'key total line',
      style,
      ...('skip' in r ? { skip: r.skip } : { answer: test.answer, key: r.text }),
    });
  }
  return variants;
}
