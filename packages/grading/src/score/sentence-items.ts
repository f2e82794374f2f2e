import { builtinGradingMessages } from '@korrigo/domain';
import { pointUnit, withoutPointMarks } from '../text/point-marks';
import type { ClosedResult, Finding } from './closed-questions';
import { compareSentence } from './rewritten-sentence';

const msg = builtinGradingMessages.sentenceItems;

/**
 * A language exercise whose solutions the key writes as numbered sentences, without the sentences they were
 * made from ("1 My brother, who lives in Leeds, is a teacher.  2 The students who failed … "; "1 Is Kim
 * listening to music? – Yes, she is."). What such a task practises is the form: the words of the sentence
 * are given on the pupil's sheet and copied, so sharing them with the solution proves nothing. Each of the
 * pupil's sentences is compared with its solution as a whole, word by word (rewritten-sentence.ts), under
 * the same number, or in order where the pupil wrote them one per line without numbers.
 */
export type SentenceItem = {
  label: string;
  solutions: string[];
  /** "The letter written by my grandma …": the key writes the sentence's start only */
  open?: boolean;
};

const itemStart = /^\(?(\d{1,2}|[a-h])[).:]?\s+(?=\S)/;
const setOffPoints = new RegExp(String.raw`\s{2,}\(?\d+(?:[.,]\d+)?\s*(?:${pointUnit})\)?\s*$`, 'u');
/** several items in one row, set apart by two spaces or more before the next label */
const nextItem = /\s{2,}(?=\(?(?:\d{1,2}|[a-h])[).:]?\s+\S)/;
/** "(also: Mr Brown is our new teacher, who comes from Canada.)", "(auch: …)": another right sentence */
const alternative = /^\((?:also|auch|or|oder|aussi|ou|también|o)\s*:?\s*(.+)\)$/i;
/** a sentence: a capital (or "¿"/"¡") first, its end mark last; a question with its short answer after a dash */
const sentence = /^[¿¡]?\p{Lu}[^\n]*[.!?]$/u;

/**
 * The key's sentence items, or null where its solution is anything else: fewer than two items, items not
 * numbered in order (1, 2, 3 … or a, b, c …), an item that is no sentence of three words or more, or lines
 * that are neither items, alternatives nor notes in brackets.
 */
export function sentenceItemsOf(expected: string): SentenceItem[] | null {
  const items: SentenceItem[] = [];
  for (const raw of expected.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const alt = alternative.exec(line);
    if (alt) {
      // "(also: …, which my grandparents live in.)": an alternative written only in part is a note
      const other = alt[1]!.includes('…') ? null : cleanSolution(alt[1]!);
      if (items.length > 0 && other !== null) items.at(-1)!.solutions.push(other);
      continue;
    }
    if (!itemStart.test(line)) {
      // a note on how to mark ("→ only correct if both commas are set", "(je 1 P.)")
      if (/^[→(]/.test(line)) continue;
      return null;
    }
    // the item's points set off at the line's end ("…  is my friend.        2 P") are no next item
    const row = line.replace(setOffPoints, '');
    for (const part of row.split(nextItem)) {
      const m = itemStart.exec(part.trim());
      if (!m) return null;
      const text = part.trim().slice(m[0].length);
      const solution = cleanSolution(text);
      if (solution === null) return null;
      items.push({ label: m[1]!, solutions: [solution], ...(/…$/.test(text.trim()) ? { open: true } : {}) });
    }
  }
  if (items.length < 2) return null;
  const inOrder = items.every(
    (item, i) => item.label === String(i + 1) || item.label === String.fromCharCode('a'.charCodeAt(0) + i),
  );
  return inOrder ? items : null;
}

const noted = /(\S+)\s*\((?:AE|BE|US|UK|also|auch|or|oder|aussi|ou)\s*:\s*([^()\s]+)\)/g;

/**
 * The solution sentence without the key's note after it ("(non-defining: commas)", "– NOT: …"), or null
 * where it is no sentence of three words or more. An item the key leaves open at its end ("The letter
 * written by my grandma …") keeps only what it writes.
 */
function cleanSolution(text: string): string | null {
  // "travelling (AE: traveling)", "who (auch: that)": the note's form may stand for the word before it
  let s = withoutPointMarks(text.replace(noted, '$1/$2'))
    .replace(/\s+[–—-]\s*(?:NOT\b|(?:not|nicht|pas|no)\s*:).*$/, '')
    .trim();
  // notes in brackets after the sentence's end mark
  s = s.replace(/([.!?…])(?:\s*\([^()]*\))+$/u, '$1').trim();
  const open = /\s*…$/.test(s);
  if (open) s = `${s.replace(/\s*…$/, '')}.`;
  if (!sentence.test(s) || s.split(/\s+/).length < 3) return null;
  return s;
}

/** The pupil's sentence for each label: after its number, or the lines in order where none is numbered. */
function writtenItems(answer: string, items: SentenceItem[]): Map<string, { text: string; start: number }> {
  const out = new Map<string, { text: string; start: number }>();
  const lines = [...answer.matchAll(/[^\n]+/g)].filter((m) => m[0].trim() !== '');
  const labelled = lines.filter((m) => itemStart.test(m[0].trim()));
  if (labelled.length === 0) {
    if (lines.length !== items.length) return out;
    lines.forEach((m, i) => {
      const text = m[0].trim();
      out.set(items[i]!.label, { text, start: m.index + m[0].indexOf(text) });
    });
    return out;
  }
  for (const m of lines) {
    const line = m[0].trim();
    const offset = m.index + m[0].indexOf(line);
    let at = 0;
    for (const part of line.split(nextItem)) {
      const start = line.indexOf(part, at);
      at = start + part.length;
      const label = itemStart.exec(part);
      if (!label) continue;
      const text = part.slice(label[0].length).trim();
      if (!out.has(label[1]!)) out.set(label[1]!, { text, start: offset + start + label[0].length });
    }
  }
  return out;
}

/**
 * Each item worth an equal share of the task's points: right, or half where it differs in a single word and
 * is worth two points or more (a teacher's half point for one mistake); otherwise nothing. "-" or no
 * sentence under the number is no answer.
 */
export function scoreSentenceItems(items: SentenceItem[], answer: string, points: number): ClosedResult {
  const written = writtenItems(answer, items);
  const per = points / items.length;
  let achieved = 0;
  let right = 0;
  const wrong: string[] = [];
  const findings: Finding[] = [];
  for (const item of items) {
    const pupil = written.get(item.label);
    const text = pupil?.text.replace(/^[-–—]$/, '') ?? '';
    if (text === '') {
      wrong.push(item.label);
      findings.push({
        kind: 'missing',
        title: msg.itemMissingTitle(item.label),
        details: msg.itemMissingDetails(item.label),
        suggestion: item.solutions[0]!,
        severity: 'moderate',
        start: 0,
        end: 0,
        quoted: '',
        deduction: per,
      });
      continue;
    }
    // an item the key leaves open at its end is compared as far as the key writes it
    const length = item.solutions[0]!.split(/\s+/).length;
    const verdict = compareSentence(
      item.solutions,
      item.open ? text.split(/\s+/).slice(0, length).join(' ') : text,
    );
    if (verdict.right) {
      achieved += per;
      right++;
      continue;
    }
    const kept = per >= 2 && verdict.differences === 1 ? per / 2 : 0;
    achieved += kept;
    wrong.push(item.label);
    findings.push({
      kind: 'wrong',
      title: msg.itemWrongTitle(item.label),
      details: builtinGradingMessages.rewrittenSentence.wrongDetails(verdict.differing),
      suggestion: item.solutions[0]!,
      severity: 'moderate',
      start: pupil!.start,
      end: pupil!.start + pupil!.text.length,
      quoted: pupil!.text,
      deduction: per - kept,
    });
  }
  return { achieved, max: points, findings, feedback: msg.feedback(right, items.length, wrong) };
}
