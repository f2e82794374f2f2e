import { ocrDoubtMessages as msg } from '@korrigo/domain';
import type { ExtractedWord } from '../types';
import { checkCalculations } from './check-calculations';

/**
 * Below this OCR confidence a digit or an operator is not taken as read. Higher than the 60 at which words
 * are marked for their spelling: in a calculation one wrong character changes the result, and Tesseract
 * reads clean printed digits at 90 and more.
 */
export const MATHS_TOKEN_CONFIDENCE = 80;

/**
 * Operators OCR confuses with each other in handwriting and scans (issue 34 §2): the multiplication dot
 * comes out as a minus, a colon or a plus, a colon as a dot pair read as „·“, and the reverse.
 */
const confusable: Record<string, string[]> = {
  '·': ['-', ':', '+'],
  '-': ['·', '+'],
  '−': ['·', '+'],
  ':': ['·'],
  '+': ['·', '-'],
  x: ['+'],
  '×': ['+'],
  '*': ['-', '+'],
};

/** A line of recognised text whose numbers or operators may not be what the pupil wrote. */
export type MathsDoubt = {
  /** the line as recognised, and where it stands in the text given */
  line: string;
  start: number;
  end: number;
  /** `confidence`: a digit or operator read with low confidence; `operator`: right with a confusable one */
  reason: 'confidence' | 'operator';
  /** the doubtful tokens (for `operator`: the operator as read) */
  tokens: string[];
  /** German, for the check view and the review flag */
  note: string;
};

// a line that claims a value: a digit before '=' or '≈' (a step, a chain, a result)
const calculationLine = /\d[^\n=≈]*[=≈]|[=≈][^\n]*\d/;
const mathsToken = /[\d+\-−·×*:÷/=≈]/;

/**
 * The lines of recognised text whose numbers or operators are uncertain (issue 34 §2): a calculation line
 * with a digit or operator token below MATHS_TOKEN_CONFIDENCE, or a calculation that is wrong as read but
 * right with one operator swapped for one OCR confuses it with („3 - 4 = 12“ is right as „3 · 4 = 12“).
 * Such a line goes to the teacher's check and is not graded as written. `words` are the page's OCR words in
 * reading order (empty for text not read from pixels: then only the operator test runs).
 */
export function mathsDoubts(
  text: string,
  words: readonly Pick<ExtractedWord, 'text' | 'confidence'>[],
): MathsDoubt[] {
  // where each OCR word stands in the text: Tesseract's page text is its words in reading order
  const lowAt: { start: number; end: number; text: string }[] = [];
  let cursor = 0;
  for (const word of words) {
    const token = word.text.trim();
    if (!token) continue;
    const at = text.indexOf(token, cursor);
    if (at < 0) continue;
    cursor = at + token.length;
    if (word.confidence < MATHS_TOKEN_CONFIDENCE && mathsToken.test(token))
      lowAt.push({ start: at, end: at + token.length, text: token });
  }

  const doubts: MathsDoubt[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    if (calculationLine.test(line)) {
      const low = lowAt.filter((word) => word.start >= start && word.end <= end).map((word) => word.text);
      const swapped = operatorSwap(line);
      if (low.length > 0) {
        // both reasons when both hold: the swap says what the pupil most likely wrote
        const note = swapped
          ? `${msg.uncertainTokens(low)}; ${msg.confusedOperator(swapped.read, swapped.meant)}`
          : msg.uncertainTokens(low);
        doubts.push({ line, start, end, reason: 'confidence', tokens: low, note });
      } else if (swapped) {
        doubts.push({
          line,
          start,
          end,
          reason: 'operator',
          tokens: [swapped.read],
          note: msg.confusedOperator(swapped.read, swapped.meant),
        });
      }
    }
    start = end + 1;
  }
  return doubts;
}

/**
 * A calculation that is wrong as read and right with one operator swapped for a confusable one: the swap,
 * else null. A line that is right as read, or wrong whatever the operator, is the pupil's own.
 */
function operatorSwap(line: string): { read: string; meant: string } | null {
  const check = checkCalculations(line);
  if (!check.findings.some((finding) => finding.kind === 'wrong')) return null;
  for (let i = 0; i < line.length; i++) {
    const read = line[i]!;
    const alternatives = confusable[read];
    if (!alternatives) continue;
    // a sign at the start of a number ("-3") or an 'x' inside a word is no operator
    if (read === 'x' && !/\d\s*$/.test(line.slice(0, i))) continue;
    if ((read === '-' || read === '−') && !/[\d)]\s*$/.test(line.slice(0, i))) continue;
    for (const meant of alternatives) {
      const other = `${line.slice(0, i)}${meant}${line.slice(i + 1)}`;
      const again = checkCalculations(other);
      if (again.steps > 0 && !again.findings.some((finding) => finding.kind === 'wrong'))
        return { read, meant };
    }
  }
  return null;
}
