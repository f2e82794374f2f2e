import { builtinGradingMessages } from '@korrigo/domain';
import { findPointMarks, withoutPointMarks } from '../text/point-marks';
import type { Language } from '../text/tokenize';
import type { KeyUnit } from './answer-key';
import type { ClosedResult, Finding } from './closed-questions';
import { parseExpectedAnswer } from './expected-answer';
import { scoreOpenAnswer } from './open-answer';

const msg = builtinGradingMessages.trueFalse;

/** A statement to judge true or false, with the correction a false one asks for, and the points of each. */
export type TrueFalseKey = {
  statement: string;
  isTrue: boolean;
  verdictPoints: number;
  correction: string | null;
  correctionPoints: number;
};

const verdictWord = String.raw`richtig|wahr|stimmt nicht|stimmt|falsch|true|false|vrai|faux`;
const isTrueWord = (word: string) => /^(?:richtig|wahr|stimmt|true|vrai|r|w|t)$/i.test(word.trim());

/**
 * "Die Donau mündet ins Schwarze Meer. – richtig (1 P)", "… – falsch (1 P); Berichtigung: … (1 P)": a key's
 * true/false statement. The verdict is scored exactly and the correction as an open answer, as teachers
 * mark a "Richtig oder falsch? Berichtige die falschen Aussagen." task. Null for anything else.
 */
export function trueFalseOfKey(unit: KeyUnit): TrueFalseKey | null {
  const m = new RegExp(
    String.raw`^(?:([\s\S]*?)\s*[–—-]\s*)?(${verdictWord})(?![\p{L}])([^;\n]*)(?:[;\n]\s*(?:Berichtigung|Korrektur|Verbesserung|Richtigstellung|Correction)\s*:\s*([\s\S]+))?$`,
    'iu',
  ).exec(unit.expected.trim());
  // after the verdict only its points: "richtig ist, dass …" is an answer, not a verdict
  if (!m || withoutPointMarks(m[3]!).replace(/[.\s]/g, '') !== '') return null;
  const statement = (m[1] ?? '').trim() || unit.question;
  const marked = (text: string | undefined) => {
    const marks = findPointMarks(text ?? '').filter((mark) => !mark.weak);
    return marks.length > 0 ? marks.reduce((sum, mark) => sum + mark.value, 0) : null;
  };
  const correction = m[4] ? withoutPointMarks(m[4]).trim() : null;
  let correctionPoints = correction ? marked(m[4]) : 0;
  let verdictPoints = marked(m[3]);
  const total = unit.maxPoints;
  if (verdictPoints === null)
    verdictPoints = total !== null ? Math.max(0, total - (correctionPoints ?? 0)) || 1 : 1;
  if (correctionPoints === null) correctionPoints = total !== null ? Math.max(0, total - verdictPoints) : 1;
  return { statement, isTrue: isTrueWord(m[2]!), verdictPoints, correction, correctionPoints };
}

/** The pupil's verdict: a crossed option ("[x] falsch"), the first verdict word, or "r"/"f" alone. */
function readVerdict(answer: string): { isTrue: boolean; start: number; end: number } | null {
  const crossed = new RegExp(String.raw`\[\s*[xX✓✔]\s*\]\s*(${verdictWord})(?![\p{L}])`, 'iu').exec(answer);
  const m =
    crossed ??
    new RegExp(String.raw`(?<![\p{L}])(${verdictWord})(?![\p{L}])`, 'iu').exec(answer) ??
    /^\s*([rfwt])(?![\p{L}])/iu.exec(answer);
  if (!m) return null;
  const start = m.index + m[0].length - m[1]!.length;
  return { isTrue: isTrueWord(m[1]!), start, end: start + m[1]!.length };
}

export function scoreTrueFalse(key: TrueFalseKey, answer: string, language: Language): ClosedResult {
  const verdict = readVerdict(answer);
  const verdictRight = verdict !== null && verdict.isTrue === key.isTrue;
  const findings: Finding[] = [];
  if (!verdictRight) {
    findings.push({
      kind: verdict ? 'wrong' : 'missing',
      title: msg.wrongTitle,
      details: msg.statementIs(key.isTrue),
      suggestion: msg.statementIs(key.isTrue),
      severity: 'moderate',
      start: verdict?.start ?? 0,
      end: verdict?.end ?? 0,
      quoted: verdict ? answer.slice(verdict.start, verdict.end) : '',
      deduction: key.verdictPoints,
    });
  }
  let corrected = 0;
  let correctionState: 'none' | 'right' | 'partial' | 'missing' = 'none';
  if (key.correction && key.correctionPoints > 0) {
    // the correction is what follows the verdict (or the whole answer when no verdict was written)
    const rest = answer.slice(verdict?.end ?? 0).replace(/^[\s:;,.–—-]+/, '');
    if (rest.trim().length > 0 && (verdict === null || !verdict.isTrue)) {
      const expected = parseExpectedAnswer(key.correction, key.correctionPoints, key.statement, language);
      corrected = scoreOpenAnswer(rest, expected, key.correctionPoints).achieved;
    }
    correctionState =
      corrected >= key.correctionPoints
        ? 'right'
        : rest.trim().length > 0 && corrected > 0
          ? 'partial'
          : 'missing';
    if (correctionState !== 'right') {
      findings.push({
        kind: 'missing',
        title: correctionState === 'partial' ? msg.correctionPartialTitle : msg.correctionMissingTitle,
        details: msg.correctionDetails(key.correction),
        suggestion: key.correction,
        severity: 'moderate',
        start: 0,
        end: 0,
        quoted: '',
        deduction: key.correctionPoints - corrected,
      });
    }
  }
  const max = key.verdictPoints + (key.correction ? key.correctionPoints : 0);
  return {
    achieved: (verdictRight ? key.verdictPoints : 0) + corrected,
    max,
    findings,
    feedback: msg.feedback(verdictRight, correctionState),
  };
}
