import { builtinGradingMessages } from '@korrigo/domain';
import { withoutPointMarks } from '../text/point-marks';
import { isInstruction } from './answer-key';
import { editDistance } from '../text/tokenize';
import type { ClosedResult } from './closed-questions';

const msg = builtinGradingMessages.rewrittenSentence;

/**
 * A sentence to rewrite and the sentence rewritten ("Tom played football. → Tom didn't play football.",
 * "„I am tired,“ Tom said. – Tom said (that) he was tired."), as a language test asks for a tense, the
 * negation, a question, reported speech or the passive. What such an item practises is the exact form, so
 * the pupil's sentence is compared word by word with the solution: its optional words "(that)" may be left
 * out, an alternative "which/that" or "if/whether" is right either way, "didn't" is "did not", and a slip of
 * one letter in a long word is forgiven with a note. A word otherwise costs an item of one point, and half of
 * an item worth more; two words cost it all, and the feedback shows the sentence as it should read.
 * Translations are not compared so (many are right).
 */
export type RewrittenSentenceKey = { prompt: string; solution: string };

const contractions: [RegExp, string][] = [
  [/\bcan't\b/g, 'can not'],
  [/\bcannot\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\bshan't\b/g, 'shall not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\bi'm\b/g, 'i am'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(\w+)'ve\b/g, '$1 have'],
  [/\b(\w+)'ll\b/g, '$1 will'],
  [/\b(he|she|it|that|there|what|who)'s\b/g, '$1 is'],
];

/** The sentence as words: lower case, contractions written out, punctuation and quotation marks dropped. */
function wordsOf(sentence: string): string[] {
  let s = sentence.toLowerCase().replace(/[’‘`]/g, "'");
  for (const [pattern, replacement] of contractions) s = s.replace(pattern, replacement);
  return s
    .replace(/[.,;:!?"„“”«»‚]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** A word of the solution: what may stand there ("which/that"), and whether it may be left out ("(that)"). */
type Slot = { options: string[]; optional: boolean };

function slotsOf(solution: string): Slot[] {
  const slots: Slot[] = [];
  for (const token of solution
    .replace(/\(([^()\s]+)\)/g, ' ($1) ')
    .split(/\s+/)
    .filter(Boolean)) {
    const optional = /^\(.+\)$/.test(token);
    const bare = token.replace(/^\(|\)$/g, '');
    const options = bare.split('/').flatMap((o) => wordsOf(o).join(' ') || []);
    if (options.length > 0) slots.push({ options, optional });
  }
  return slots;
}

/**
 * Whether the pupil's words fill the solution's slots in order; where they do not, the solution's words that
 * differ. A one-letter slip in a word of five letters or more fills its slot, and is returned as a slip.
 */
function compare(
  slots: Slot[],
  words: string[],
): { right: boolean; slip?: [string, string]; differing: string[]; differences: number } {
  // the fewest differing slots, as an edit distance over the solution's slots and the pupil's words; a
  // slip costs a hundredth, so it is right but found
  const n = slots.length;
  const m = words.length;
  const cost: number[][] = Array.from({ length: n + 1 }, () => Array<number>(m + 1).fill(Infinity));
  cost[0]![0] = 0;
  const lower = (i: number, j: number, value: number) => {
    if (value < cost[i]![j]!) cost[i]![j] = value;
  };
  const fits = (slot: Slot, at: number): { used: number; slip: boolean } | null => {
    for (const option of slot.options) {
      const parts = option.split(' ');
      if (words.slice(at, at + parts.length).join(' ') === option) return { used: parts.length, slip: false };
    }
    const word = words[at];
    if (word && slot.options.some((o) => !o.includes(' ') && o.length >= 5 && editDistance(o, word, 1) <= 1))
      return { used: 1, slip: true };
    return null;
  };
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      const here = cost[i]![j]!;
      if (here === Infinity) continue;
      // a word too many
      if (j < m) lower(i, j + 1, here + 1);
      if (i === n) continue;
      const slot = slots[i]!;
      const fit = j < m ? fits(slot, j) : null;
      if (fit) lower(i + 1, j + fit.used, here + (fit.slip ? 0.01 : 0));
      // an optional word left out costs nothing, another word left out or written otherwise one
      lower(i + 1, j, here + (slot.optional ? 0 : 1));
      if (j < m) lower(i + 1, j + 1, here + 1);
    }
  const total = cost[n]![m]!;
  if (total < 1) {
    const slip = total > 0 ? slipOf(slots, words) : undefined;
    return { right: true, ...(slip ? { slip } : {}), differing: [], differences: 0 };
  }
  const said = new Set(words);
  const differing = slots.filter(
    (s) => !s.optional && !s.options.some((o) => o.split(' ').every((w) => said.has(w))),
  );
  return {
    right: false,
    differing: differing.map((s) => s.options.join('/')),
    differences: Math.round(total),
  };
}

function slipOf(slots: Slot[], words: string[]): [string, string] | undefined {
  const said = new Set(words);
  for (const slot of slots)
    for (const option of slot.options)
      if (!said.has(option)) {
        const word = words.find((w) => option.length >= 5 && editDistance(option, w, 1) <= 1);
        if (word) return [word, option];
      }
  return undefined;
}

/**
 * The solution's readings where it offers alternatives of several words, spaced around a slash ("sie kämen
 * morgen / sie würden morgen kommen", "the following / the next week"): the left one starts at the word the
 * right one starts with ("sie", "the"), or is one word; where the right one ends is not written, so each
 * end is a reading.
 */
function readings(solution: string): string[] {
  const at = solution.indexOf(' / ');
  if (at < 0) return [solution];
  const left = solution.slice(0, at).split(/\s+/);
  const right = solution.slice(at + 3).split(/\s+/);
  let k = 1;
  for (let i = Math.min(6, left.length); i >= 1; i--)
    if (left[left.length - i]!.toLowerCase() === right[0]!.toLowerCase()) {
      k = i;
      break;
    }
  const head = left.slice(0, left.length - k);
  const out = new Set<string>();
  for (let end = 1; end <= right.length; end++) out.add([...left, ...right.slice(end)].join(' '));
  out.add([...head, ...right].join(' '));
  return [...out].flatMap(readings);
}

/**
 * The pupil's sentences: the answer's lines, and the sentences within them, each without a label before it
 * ("b) …", "2. …"). Where the items of a task stand unlabelled one per line, each item's answer is among them.
 */
function sentencesOf(answer: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  for (const m of answer.matchAll(/[^\n]+/g)) {
    const label = /^\s*(?:[A-H]\s+)?(?:\(?[a-z]\)|\d{1,2}[.)]|[a-z]\.)?\s*/.exec(m[0])![0];
    const line = m[0].slice(label.length);
    if (line.trim() === '') continue;
    out.push({ text: line.trim(), start: m.index + label.length });
    const parts = [...line.matchAll(/[^.!?]+[.!?]*/g)];
    if (parts.length > 1)
      for (const part of parts)
        if (part[0].trim() !== '')
          out.push({
            text: part[0].trim(),
            start: m.index + label.length + part.index + part[0].search(/\S/),
          });
  }
  return out;
}

export function scoreRewrittenSentence(
  key: RewrittenSentenceKey,
  answer: string,
  points: number,
): ClosedResult {
  const written = answer.trim();
  if (written === '')
    return {
      achieved: 0,
      max: points,
      findings: [
        {
          kind: 'missing',
          title: msg.missingTitle,
          details: msg.rightIs(key.solution),
          suggestion: key.solution,
          severity: 'moderate',
          start: 0,
          end: 0,
          quoted: '',
          deduction: points,
        },
      ],
      feedback: msg.missingFeedback,
    };
  const tries = sentencesOf(answer).flatMap((sentence) =>
    readings(key.solution).map((reading) => ({
      sentence,
      result: compare(slotsOf(reading), wordsOf(sentence.text)),
    })),
  );
  const best =
    tries.find((t) => t.result.right) ??
    [...tries].sort((a, b) => a.result.differences - b.result.differences)[0];
  const result = best?.result ?? { right: false, differing: [], differences: Infinity };
  if (result.right)
    return {
      achieved: points,
      max: points,
      findings: [],
      feedback: result.slip ? msg.slipFeedback(result.slip[0], result.slip[1]) : msg.rightFeedback,
    };
  // the finding points at the sentence nearest to the solution
  const quoted = best?.sentence.text ?? written;
  const start = best?.sentence.start ?? answer.indexOf(written);
  // an item worth two points or more keeps half of them for a single word otherwise (the teacher's half
  // point for one mistake); an item worth one point is right or wrong
  const achieved = points >= 2 && result.differences === 1 ? points / 2 : 0;
  return {
    achieved,
    max: points,
    findings: [
      {
        kind: 'wrong',
        title: msg.wrongTitle,
        details: msg.wrongDetails(result.differing),
        suggestion: key.solution,
        severity: 'moderate',
        start,
        end: start + quoted.length,
        quoted,
        deduction: points - achieved,
      },
    ],
    feedback: msg.wrongFeedback(key.solution),
  };
}

/**
 * How the pupil's sentence compares with a solution and its noted alternatives, word by word as above: right
 * (perhaps with a one-letter slip), else by how many words it differs from the nearest reading.
 */
export function compareSentence(
  solutions: string[],
  written: string,
): { right: boolean; slip?: [string, string]; differing: string[]; differences: number } {
  const words = wordsOf(written);
  const results = solutions.flatMap(readings).map((reading) => compare(slotsOf(reading), words));
  return (
    results.find((r) => r.right) ??
    [...results].sort((a, b) => a.differences - b.differences)[0] ?? {
      right: false,
      differing: [],
      differences: Infinity,
    }
  );
}

const contentWords = (s: string) => new Set(wordsOf(s).filter((w) => /^\p{L}{3,}$/u.test(w)));

/**
 * The key's item, when it is a sentence to rewrite: a prompt that is a sentence of its own (no instruction,
 * no question word asking for content) and one solution sentence of 3 to 25 words without numbers, that
 * keeps at least half of the prompt's words (a rewrite keeps the sentence's matter; an answer to a question
 * does not). Null otherwise, and for translations.
 */
export function rewrittenSentenceOf(
  prompt: string,
  expected: string,
  translating: boolean,
): RewrittenSentenceKey | null {
  const solution = withoutPointMarks(expected).trim();
  const asked = prompt.trim();
  if (translating || asked === '' || solution.includes('\n') || asked.includes('\n')) return null;
  // both sentences: a capital (or a quotation mark) first, a full stop, "?" or "!" last; no list ("Barock:
  // Bach, Händel; Klassik: …"), no numbers, no instruction ("Ordne … zu")
  const sentence = /^["„“«]?\p{Lu}[^:;]*[.!?]["“”»]?$/u;
  if (!sentence.test(solution) || !/^["„“«]?\p{Lu}.*[.!?]["“”»]?$/u.test(asked)) return null;
  if (/\d|=/.test(solution) || isInstruction(asked)) return null;
  const n = wordsOf(solution).length;
  if (n < 3 || n > 25) return null;
  const from = contentWords(asked);
  const to = contentWords(solution);
  const kept = [...from].filter((w) => to.has(w)).length;
  return from.size >= 2 &&
    kept >= Math.ceil(from.size / 2) &&
    wordsOf(asked).join(' ') !== wordsOf(solution).join(' ')
    ? { prompt: asked, solution }
    : null;
}
