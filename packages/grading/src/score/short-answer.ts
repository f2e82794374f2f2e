import { builtinGradingMessages } from '@korrigo/domain';
import { withoutPointMarks } from '../text/point-marks';
import type { ClosedResult } from './closed-questions';

const msg = builtinGradingMessages.shortAnswer;

/**
 * a letter or a word of up to three letters: "N", "R", "D", "ja". Not a number: a result is checked by the
 * maths checks, which credit a Folgefehler.
 */
const token = /^\p{L}{1,3}$/u;

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

/** Right where the two are the same, letter case aside; otherwise wrong. */
export function scoreShortAnswer(
  short: { solution: string; written: string; start: number },
  points: number,
): ClosedResult {
  const same = (s: string) => s.toLowerCase();
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
