import type { Question } from '@korrigo/domain';
import { segment, type Segmentation, type SegmentTask } from '../segment/segment';
import { findPointMarks, withoutPointMarks } from '../text/point-marks';
import type { AnswerKey } from '../types';
import {
  closedQuestionOfKey,
  eachSubtaskPoints,
  isTranslation,
  parseAnswerKey,
  type KeyUnit,
} from './answer-key';
import { rewrittenSentenceOf, type RewrittenSentenceKey } from './rewritten-sentence';
import { trueFalseOfKey, type TrueFalseKey } from './true-false';

/** One gradable piece: a question of the key (or a task of the student's work without a key) and its answer. */
export type GradingUnit = {
  taskNumber: string;
  taskTitle: string;
  subtaskLabel: string;
  description: string;
  /** the student's answer to it, and where that answer starts in the student's text */
  answer: string;
  answerStart: number;
  /** null when there is no key: the teacher sets the points */
  maxPoints: number | null;
  /** the key gave no points for it: a share of its total line (answer-key.ts `fillFromTotal`) */
  pointsFromTotal?: boolean;
  key:
    | { kind: 'question'; question: Question }
    | { kind: 'expected'; text: string; question: string }
    | { kind: 'true-false'; statement: TrueFalseKey }
    | { kind: 'rewritten'; sentence: RewrittenSentenceKey }
    | { kind: 'none' };
};

/**
 * `unplaced`: the key's tasks whose answers could not be placed with confidence (by label), in key order;
 * `foreign`: the sheet's task labels with writing under them that the key has no task for (the key may be
 * read wrong, or the pupil numbered otherwise): that writing is graded nowhere
 */
export type Alignment = {
  units: GradingUnit[];
  unplaced: string[];
  foreign?: string[];
  /** the key is a rubric of several criteria, each read from the pupil's whole text */
  rubricOverWhole?: boolean;
  segmentation: Segmentation;
};

const words = (s: string) => s.toLowerCase().match(/\p{L}{2,}/gu) ?? [];

/**
 * A line the student copied from the sheet rather than wrote: one with the sheet's points on it, or the
 * question's own words in the question's order (at least four of them).
 */
function isCopiedQuestion(line: string, questionText: string): boolean {
  if (findPointMarks(line).some((m) => !m.weak)) return true;
  const lineWords = words(line);
  if (lineWords.length < 4) return false;
  return ` ${words(questionText).join(' ')} `.includes(` ${lineWords.join(' ')} `);
}

/** Prefer what the student wrote after "Antwort:" / "Lösung:"; otherwise drop the question's lines. */
function answerPart(
  body: string,
  bodyStart: number,
  questionText: string,
): { answer: string; start: number } {
  const marker = /(?:^|\n)\s*(?:Antwort|Lösung|Meine Antwort)\s*:\s*/i.exec(body);
  if (marker)
    return {
      answer: body.slice(marker.index + marker[0].length),
      start: bodyStart + marker.index + marker[0].length,
    };
  const q = questionText.trim();
  const idx = q.length > 0 ? body.indexOf(q) : -1;
  if (idx >= 0 && idx < 5) {
    let after = idx + q.length;
    // the sheet's points after the question ("Nenne zwei Merkmale. (2 P)") are no answer either
    const lineEnd = body.indexOf('\n', after);
    const restOfLine = body.slice(after, lineEnd < 0 ? body.length : lineEnd);
    if (lineEnd >= 0 && withoutPointMarks(restOfLine).length === 0) after = lineEnd + 1;
    return { answer: body.slice(after), start: bodyStart + after };
  }
  let from = 0;
  const lines = body.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const rest = lines.slice(i + 1).join('\n');
    if (rest.trim().length === 0 || !isCopiedQuestion(lines[i]!, questionText)) break;
    from += lines[i]!.length + 1;
  }
  return { answer: body.slice(from), start: bodyStart + from };
}

/** Text before the first label that is an answer of its own, not a title or name lines (12 words or more). */
function opensWithProse(preamble: string): boolean {
  const lines = preamble.split('\n').filter((l) => !/(?:^|\s)(?:Name|Klasse|Kurs|Datum)\s*:/i.test(l));
  return words(lines.join(' ')).length >= 12;
}

function wholeTask(task: SegmentTask, text: string): { body: string; start: number } {
  return { body: text.slice(task.bodyStart, task.end), start: task.bodyStart };
}

const contentWords = (s: string) => new Set(s.toLowerCase().match(/\p{L}{3,}|\d+(?:[.,]\d+)?/gu) ?? []);

/**
 * An answer sheet without any label, to a key of several tasks: its blocks (paragraphs between blank lines)
 * placed in the key's order, each to the task whose wording and solution share most of its words, the
 * order never going back (a dynamic programme over blocks × tasks). With as many blocks as tasks, the
 * order alone decides where the words do not.
 */
function blocksInKeyOrder(
  whole: { body: string; start: number },
  keyUnits: KeyUnit[],
  keyTasks: string[],
): Map<string, { body: string; start: number }> {
  const blocks: { body: string; start: number }[] = [];
  for (const m of whole.body.matchAll(/[^\n]+(?:\n(?![ \t]*\n)[^\n]*)*/g)) {
    if (m[0].trim().length > 0) blocks.push({ body: m[0], start: whole.start + m.index });
  }
  const placed = new Map<string, { body: string; start: number }>();
  if (blocks.length === 0 || keyTasks.length < 2) return placed;
  const taskWords = keyTasks.map((n) =>
    contentWords(
      keyUnits
        .filter((u) => u.taskNumber === n)
        .map((u) => `${u.question} ${u.expected}`)
        .join(' '),
    ),
  );
  const fit = (b: number, t: number) => {
    const words = contentWords(blocks[b]!.body);
    let shared = 0;
    for (const w of words) if (taskWords[t]!.has(w)) shared++;
    const byOrder = blocks.length === keyTasks.length && b === t ? 0.05 : 0;
    return (words.size > 0 ? shared / words.size : 0) + byOrder;
  };
  // best[b][t]: the best total for blocks 0..b with block b at task t; from[b][t]: task of block b - 1
  const best = blocks.map(() => keyTasks.map(() => -Infinity));
  const from = blocks.map(() => keyTasks.map(() => 0));
  keyTasks.forEach((_, t) => (best[0]![t] = fit(0, t)));
  for (let b = 1; b < blocks.length; b++)
    for (let t = 0; t < keyTasks.length; t++)
      for (let p = 0; p <= t; p++)
        if (best[b - 1]![p]! + fit(b, t) > best[b]![t]!) {
          best[b]![t] = best[b - 1]![p]! + fit(b, t);
          from[b]![t] = p;
        }
  let t = best.at(-1)!.indexOf(Math.max(...best.at(-1)!));
  const taskOf: number[] = [];
  for (let b = blocks.length - 1; b >= 0; b--) {
    taskOf[b] = t;
    t = from[b]![t]!;
  }
  blocks.forEach((block, b) => {
    const n = keyTasks[taskOf[b]!]!;
    const had = placed.get(n);
    // consecutive blocks of one task are one answer, from the first block's start
    placed.set(
      n,
      had
        ? {
            body: whole.body.slice(had.start - whole.start, block.start - whole.start + block.body.length),
            start: had.start,
          }
        : block,
    );
  });
  return placed;
}

/**
 * A key's item that is a sentence to rewrite: its prompt and solution as the key split them ("… → …"), or
 * a line of both after a dash ("„I am tired,“ Tom said. – Tom said (that) he was tired.").
 */
function rewrittenSentenceOfUnit(ku: KeyUnit): RewrittenSentenceKey | null {
  const translating = isTranslation(ku);
  if (ku.question.trim() !== '') return rewrittenSentenceOf(ku.question, ku.expected, translating);
  const pair = /^(.+?[.!?]["“”»]?)\s+[–—]\s+(\S.*)$/.exec(ku.expected.trim());
  return pair ? rewrittenSentenceOf(pair[1]!, pair[2]!, translating) : null;
}

/**
 * Aligns the student's answers with the key by their numbers: question n of a saved test (in order) is
 * task n of the work; task n / subtask x of an Erwartungshorizont is task n / subtask x of the work.
 * Without a key, each task or subtask the work shows is a unit.
 */
export function alignUnits(text: string, key: AnswerKey | undefined): Alignment {
  const seg = segment(text);
  // the whole text as one answer starts after the name, class and date lines at its top
  const head =
    /^(?:[ \t]*(?:(?:Name|Schüler(?:in)?|Klasse|Kurs|Datum)\s*:[^\n]*)?\n)*/i.exec(text)?.[0] ?? '';
  const whole = { body: text.slice(head.length), start: head.length };
  const findTask = (n: string) => seg.tasks.find((t) => t.number === n);
  // A task whose label is missing from a labelled sheet was skipped, unless some of the pupil's writing
  // stands under no label (prose before the first one) or under a label the key does not have (the key
  // counts „a) … e)“, the sheet „1a) … 4)“): only then may its answer be somewhere else.
  // A skipped task is scored as unanswered with confidence; a possibly misplaced one holds the grade back.
  const mayBeElsewhereOf = (keyTasks: string[]) =>
    seg.tasks.length === 0 ||
    opensWithProse(seg.preamble) ||
    seg.tasks.some((t) => !keyTasks.includes(t.number));

  if (key?.kind === 'test') {
    const questions = [...key.test.questions].sort((a, b) => a.orderIndex - b.orderIndex);
    const single = questions.length === 1 && seg.tasks.length <= 1;
    const mayBeElsewhere = mayBeElsewhereOf(questions.map((_, i) => String(i + 1)));
    const unplaced = new Set<string>();
    const units = questions.map((question, i): GradingUnit => {
      const n = String(i + 1);
      const task = findTask(n);
      if (!task && !single && mayBeElsewhere) unplaced.add(n);
      const source = task ? wholeTask(task, text) : single ? whole : { body: '', start: 0 };
      const { answer, start } = answerPart(source.body, source.start, question.text);
      return {
        taskNumber: n,
        taskTitle: `Aufgabe ${n}`,
        subtaskLabel: n,
        description: question.text,
        answer,
        answerStart: start,
        maxPoints: question.points,
        key: { kind: 'question', question },
      };
    });
    return { units, unplaced: [...unplaced], segmentation: seg };
  }

  if (key?.kind === 'text') {
    const keyUnits = parseAnswerKey(key.text);
    // a part assessed over the whole work (Darstellungsleistung) has no answer of its own to look for
    const keyTasks = [...new Set(keyUnits.filter((u) => !u.wholeWork).map((u) => u.taskNumber))];
    // the key's part A with items 1, 2 („A Reading (8 P)“ over „1. …“), the pupil's labels „A1“, „A2“: the
    // item's answer stands under the label that joins both
    const joinedOf = (ku: KeyUnit) =>
      /^[A-H]$/.test(ku.taskNumber) &&
      ku.isSubtask &&
      /^\d{1,2}$/.test(ku.subtaskLabel) &&
      !findTask(ku.taskNumber)
        ? findTask(`${ku.taskNumber}${ku.subtaskLabel}`)
        : undefined;
    const joined = keyUnits.flatMap((ku) => joinedOf(ku)?.number ?? []);
    const mayBeElsewhere = mayBeElsewhereOf([...keyTasks, ...joined]);
    // without any label the whole text is one answer: to a key of one task, that task's answer. So is a
    // text whose numbers are a list inside the answer: it opens with prose ("The reasons are: 1. … 2. …")
    // or numbers more tasks than the key has.
    // So is an essay without labels graded by a rubric of requirements ("Anforderung 1: formuliert eine
    // Einleitung …", "Der Prüfling …"): each requirement is read from the whole essay.
    // So is a text graded by a Bewertungsraster or Bewertungsbogen whose criteria the key labels „A1 …“,
    // „B2 …“: the pupil writes one text, without those labels.
    const rubric =
      /^\s*(?:Anforderung|Kriterium|Teilleistung)\s+\d|Der Prüfling|Bewertungsraster|Bewertungsbogen/im.test(
        key.text,
      );
    const wholeText =
      (keyTasks.length === 1 &&
        (!findTask(keyTasks[0]!) ||
          opensWithProse(seg.preamble) ||
          seg.tasks.some((t) => t.number !== keyTasks[0]))) ||
      (rubric && seg.tasks.length === 0);
    // no label the key has ("a) … d)" on a sheet for tasks 1–4): as many tasks as the key are its tasks in
    // order, otherwise the sheet is read as if it had no labels
    const known = [...keyTasks, ...joined];
    const foreignLabels = seg.tasks.length > 0 && seg.tasks.every((t) => !known.includes(t.number));
    const unlabelled = (seg.tasks.length === 0 || foreignLabels) && !wholeText;
    const unplaced = new Set<string>(unlabelled ? keyTasks : []);
    // no label at all: the answers are placed by their order and content (uncertain, so the teacher checks)
    const inOrder: Map<string, { body: string; start: number }> = !unlabelled
      ? new Map()
      : foreignLabels && seg.tasks.length === keyTasks.length
        ? new Map(keyTasks.map((n, i) => [n, wholeTask(seg.tasks[i]!, text)]))
        : blocksInKeyOrder(whole, keyUnits, keyTasks);
    const units: GradingUnit[] = [];
    for (const ku of keyUnits) {
      const st = findTask(ku.taskNumber);
      const joinedTask = joinedOf(ku);
      if (!st && !joinedTask && !wholeText && !ku.wholeWork && mayBeElsewhere) unplaced.add(ku.taskNumber);
      let source = { body: '', start: 0 };
      if (wholeText || ku.wholeWork) {
        source = whole;
      } else if (joinedTask) {
        source = wholeTask(joinedTask, text);
      } else if (inOrder.has(ku.taskNumber)) {
        source = inOrder.get(ku.taskNumber)!;
      } else if (st) {
        // by label; or by position when the student labels the same number of subtasks otherwise ("1.1" / "a)")
        const keySubs = keyUnits.filter((u) => u.isSubtask && u.taskNumber === ku.taskNumber);
        const byLabel = st.subtasks.find((s) => s.label === ku.subtaskLabel);
        const byPosition =
          keySubs.length === st.subtasks.length &&
          !st.subtasks.some((s) => keySubs.some((k) => k.subtaskLabel === s.label))
            ? st.subtasks[keySubs.indexOf(ku)]
            : undefined;
        const ss = ku.isSubtask ? (byLabel ?? byPosition) : undefined;
        if (ku.isSubtask && !ss && st.subtasks.length > 0) unplaced.add(ku.taskNumber);
        // a task answered as a whole, without the key's subtask labels: each subtask looks in all of it
        source = ss
          ? { body: ss.body, start: ss.bodyStart }
          : ku.isSubtask && st.subtasks.length > 0
            ? { body: '', start: 0 }
            : wholeTask(st, text);
      }
      const { answer, start } = answerPart(source.body, source.start, ku.question);
      const closed = closedQuestionOfKey(ku);
      const trueFalse = closed ? null : trueFalseOfKey(ku);
      const rewritten = closed || trueFalse ? null : rewrittenSentenceOfUnit(ku);
      units.push({
        taskNumber: ku.taskNumber,
        taskTitle: ku.taskTitle,
        subtaskLabel: ku.subtaskLabel,
        // a true/false statement is its own question ("Madrid liegt in Portugal.")
        description: ku.question || trueFalse?.statement || ku.taskTitle,
        answer,
        answerStart: start,
        maxPoints: ku.maxPoints,
        ...(ku.pointsFromTotal ? { pointsFromTotal: true } : {}),
        key: closed
          ? { kind: 'question', question: closed }
          : trueFalse
            ? { kind: 'true-false', statement: trueFalse }
            : rewritten
              ? { kind: 'rewritten', sentence: rewritten }
              : { kind: 'expected', text: ku.expected, question: ku.question },
      });
    }
    const foreign = unlabelled
      ? []
      : seg.tasks
          .filter((t) => !known.includes(t.number) && text.slice(t.bodyStart, t.end).trim().length > 0)
          .map((t) => t.number);
    return {
      units,
      unplaced: [...unplaced],
      foreign,
      ...(rubric && wholeText && keyTasks.length > 1 ? { rubricOverWhole: true } : {}),
      segmentation: seg,
    };
  }

  if (seg.tasks.length === 0) {
    return {
      units: [
        {
          taskNumber: '1',
          taskTitle: 'Gesamter Text',
          subtaskLabel: '1',
          description: '',
          answer: text,
          answerStart: 0,
          maxPoints: null,
          key: { kind: 'none' },
        },
      ],
      unplaced: [],
      segmentation: seg,
    };
  }
  const units: GradingUnit[] = [];
  for (const t of seg.tasks) {
    const parts = t.subtasks.length > 0 ? t.subtasks : [null];
    // the sheet's points: a subtask's own, "(je 1 P)" for each, or equal shares of the task's
    const each =
      eachSubtaskPoints(t) ??
      (t.maxPoints !== null && t.subtasks.every((s) => s.maxPoints === null)
        ? t.maxPoints / t.subtasks.length
        : null);
    for (const s of parts) {
      const body = s ? s.body : text.slice(t.bodyStart, t.end);
      units.push({
        taskNumber: t.number,
        taskTitle: withoutPointMarks(t.heading) || `Aufgabe ${t.number}`,
        subtaskLabel: s ? s.label : t.number,
        description: withoutPointMarks(s ? s.heading : t.heading),
        answer: body,
        answerStart: s ? s.bodyStart : t.bodyStart,
        maxPoints: s ? (s.maxPoints ?? each) : t.maxPoints,
        key: { kind: 'none' },
      });
    }
  }
  return { units, unplaced: [], segmentation: seg };
}
