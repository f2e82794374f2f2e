import { parsePointNumber } from '../score/point-marks';

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
  kind: 'task' | 'subtask' | 'task+subtask';
  number?: string;
  sub?: string;
  maxPoints: number | null;
  lineStart: number;
  lineEnd: number;
  heading: string;
};

const taskHeader = /^\s*(?:Aufgabe|Aufg\.|Frage|Nr\.)\s*(\d{1,2})\s*([a-z])?\s*[):.]?/i;
const numberedHeader = /^\s*(\d{1,2})\s*([a-z])?\s*[.)]\s*(?=\S)/;
const numberLetterHeader = /^\s*(\d{1,2})([a-z])\s*[):.]?\s/;
const subtaskHeader = /^\s*(?:Teilaufgabe\s+([a-z]|\d{1,2})\b\s*[):.]?|\(?([a-z])\)\s*)/i;

/** Points written on a header line: "(4 P)", "(4 Punkte)", "4 BE", "[3 P.]", "/ 6" at the end of the line. */
export function pointsOnLine(line: string): number | null {
  const bracketed = /[([]\s*(\d+(?:[.,]\d+)?)\s*(?:P\.?|Pkt\.?|Punkte?|BE)\s*[)\]]/i.exec(line);
  if (bracketed) return parsePointNumber(bracketed[1]!);
  const bare = /(?:^|\s)(\d+(?:[.,]\d+)?)\s*(?:Punkte?|BE|Pkt\.?)(?=\s|$|[,.;:])/i.exec(line);
  if (bare) return parsePointNumber(bare[1]!);
  const outOf = /(?:_+|\s)\s*(?:\d+(?:[.,]\d+)?\s*)?\/\s*(\d+(?:[.,]\d+)?)\s*(?:P\.?|Punkte?|BE)?\s*$/.exec(
    line,
  );
  if (outOf) return parsePointNumber(outOf[1]!);
  return null;
}

/**
 * `lastTask`: the number of the task before (0 for none). `named`: the text uses 'Aufgabe n' headers, so a
 * bare '1.' line is mostly a list inside an answer. Bare numbers must go up ('1.', '2.', ...), so a numbered
 * list that restarts inside an answer does not split the task.
 */
function readHeader(line: string, lineStart: number, lastTask: number, named: boolean): Header | null {
  const hasTask = lastTask > 0;
  const base = {
    lineStart,
    lineEnd: lineStart + line.length,
    heading: line.trim(),
    maxPoints: pointsOnLine(line),
  };
  const t = taskHeader.exec(line);
  if (t) return { ...base, kind: t[2] ? 'task+subtask' : 'task', number: t[1], sub: t[2]?.toLowerCase() };
  const nl = numberLetterHeader.exec(line);
  if (nl) return { ...base, kind: 'task+subtask', number: nl[1], sub: nl[2]!.toLowerCase() };
  const n = numberedHeader.exec(line);
  // with 'Aufgabe n' headers around, a bare number is a task only when it is the next one and carries points
  const plausible =
    n && (named ? Number(n[1]) === lastTask + 1 && base.maxPoints !== null : Number(n[1]) > lastTask);
  // "12.03.2025" or "3.5 m" are not headers
  if (n && plausible && !/^\s*\d{1,2}\.\d/.test(line)) {
    return { ...base, kind: n[2] ? 'task+subtask' : 'task', number: n[1], sub: n[2]?.toLowerCase() };
  }
  if (hasTask) {
    const s = subtaskHeader.exec(line);
    if (s) return { ...base, kind: 'subtask', sub: (s[1] ?? s[2])!.toLowerCase() };
  }
  return null;
}

function readMetadata(text: string): SegmentMetadata {
  const meta: SegmentMetadata = {};
  // stop at two spaces, a tab or the next label so that "Name: Max Muster   Klasse: 7b" splits
  const stop = String.raw`(?=\s{2,}|\t|\s+(?:Name|Klasse|Kurs|Datum)\s*:|$)`;
  const name = new RegExp(
    String.raw`^[ \t]*(?:Name|Schüler(?:in)?|Vor- und Nachname)\s*:[ \t]*(.+?)${stop}`,
    'im',
  ).exec(text);
  const cls = new RegExp(String.raw`(?:^|\s)(?:Klasse|Kurs)\s*:[ \t]*(.+?)${stop}`, 'im').exec(text);
  const date = /(?:^|\s)Datum\s*:[ \t]*(\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{4}-\d{2}-\d{2})/im.exec(text);
  if (name?.[1] && !/^_+$/.test(name[1].trim())) meta.studentName = name[1].trim();
  if (cls?.[1] && !/^_+$/.test(cls[1].trim())) meta.className = cls[1].trim();
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
  const headers: Header[] = [];
  const named = lines.some((l) => taskHeader.test(l.text));
  let lastTask = 0;
  for (const line of lines) {
    const h = readHeader(line.text, line.start, lastTask, named);
    if (!h) continue;
    headers.push(h);
    if (h.number !== undefined) lastTask = Math.max(lastTask, Number(h.number));
  }
  const tasks: SegmentTask[] = [];
  const endOf = (i: number) => (i + 1 < headers.length ? headers[i + 1]!.lineStart : text.length);
  const bodyStartOf = (h: Header) => h.lineStart + labelLength(text.slice(h.lineStart, h.lineEnd));
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
    } else {
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
  const firstTask = headers.find((h) => h.kind !== 'subtask');
  const preamble = text.slice(0, firstTask ? firstTask.lineStart : text.length);
  return { metadata: readMetadata(preamble.length > 0 ? preamble : text), preamble, tasks };
}

/** Length of the label at the start of a header line ("Aufgabe 1a:", "1.", "b)", "Teilaufgabe c:"). */
function labelLength(line: string): number {
  const m =
    /^\s*(?:(?:Aufgabe|Aufg\.|Frage|Nr\.)\s*\d{1,2}\s*[a-z]?|\d{1,2}\s*[a-z]?|Teilaufgabe\s+(?:[a-z]|\d{1,2})|\(?[a-z]\))\s*[):.]?\s*/i.exec(
      line,
    );
  return m ? m[0].length : 0;
}
