import { builtinGradingMessages } from '@korrigo/domain';
import { withoutPointMarks } from '../text/point-marks';
import type { ClosedResult } from './closed-questions';

const msg = builtinGradingMessages.shortAnswer;

/** a letter, a word of up to three characters or a number: "N", "R", "D", "ja", "12", "3,5" */
const token = /^[\p{L}]{1,3}$|^\d+(?:[.,]\d+)?$/u;

/**
 * A key unit whose whole solution is such a token ("a) D    b) N", "R / F"), and the pupil's answer that is
 * one too: the two, with what the pupil wrote and where. Null where either is longer, so that anything else
 * goes to the scorers that read content.
 */
export function shortAnswerOf(
  expected: string,
  answer: string,
): { solution: string; written: string; start: number } | null {
  const solution = withoutPointMarks(expected).trim().replace(/[.!]$/, '');
  const written = answer.trim().replace(/[.!]$/, '');
  if (!token.test(solution) || !token.test(written)) return null;
  return { solution, written, start: answer.indexOf(written) };
}

/** Right where the two are the same, letter case and a decimal comma aside; otherwise wrong. */
export function scoreShortAnswer(
  short: { solution: string; written: string; start: number },
  points: number,
): ClosedResult {
  const same = (s: string) => s.toLowerCase().replace(',', '.');
  if (same(short.solution) === same(short.written))
    return { achieved: points, max: points, findings: [], feedback: msg.rightFeedback };
  return {
    achieved: 0,
    max: points,
    findings: [
      {
        kind: 'wrong',
        title: msg.wrongTitle,
        details: msg.wrongDetails(short.written, short.solution),
        suggestion: short.solution,
        severity: 'moderate',
        start: short.start,
        end: short.start + short.written.length,
        quoted: short.written,
        deduction: points,
      },
    ],
    feedback: msg.wrongFeedback(short.solution),
  };
}
