import {
  analysisResultSchema,
  builtinGradingMessages as msg,
  pointsClass,
  questionTypeLabels,
  totalsOf,
  type AnalysisResult,
  type GradingError,
  type ReviewFlag,
  type Subtask,
  type Task,
  type Totals,
} from '@korrigo/domain';
import {
  checkMolarMasses,
  checkReactionEquations,
  scoreReactionEquations,
  type ReactionCheck,
} from './chemistry/reaction-equations';
import { checkLanguage, textsIn, type LanguageFinding } from './language/check-language';
import { checkCalculations, formatNumber, type CalculationFinding } from './maths/check-calculations';
import { checkEquations, type EquationCheck, type EquationFinding } from './maths/check-equations';
import { scoreCloze, scoreMatching, scoreMultipleChoice, type ClosedResult } from './score/closed-questions';
import { criteriaOf, scoreCriteria, type CriterionResult } from './score/criteria';
import { parseExpectedAnswer, type Aspect } from './score/expected-answer';
import { scoreKeyList } from './score/key-lists';
import { chooseGradingScale, withoutGradingScale } from './score/grading-scale-key';
import {
  isNumericAspect,
  reviewConfidence,
  scoreOpenAnswer,
  type FollowOnResult,
  type MathsChecks,
  type OpenAnswerResult,
} from './score/open-answer';
import { alignUnits, type GradingUnit } from './score/units';
import { segment, sheetSpans } from './segment/segment';
import { detectPromptInjection, promptInjectionFlag, redactPromptInjection } from './text/prompt-injection';
import { detectLanguage, type Language } from './text/tokenize';
import type { GradeInput, GradeOptions } from './types';

/** Bump when a change alters results for the same input (stored with each result and in ai_runs). */
export const ENGINE_VERSION = 'builtin-2.0.0';

const mathsSubjects = new Set(['Mathematik', 'Physik', 'Chemie']);

type UnitOutcome = {
  unit: GradingUnit;
  achieved: number | null;
  max: number | null;
  errors: GradingError[];
  feedback: string;
  improvement: string;
  /** the student's own words that earned points, for strengths */
  named: string[];
  /** what is missing, in the key's words, for weaknesses */
  missing: string[];
  answered: boolean;
  /** the key checks numeric results itself, so a wrong result is not charged twice */
  keyChecksResults: boolean;
  /** the key names only criteria here ("jeder richtige Satz 1 P"): nothing to check, the points stay open */
  criteriaOnly?: boolean;
  /** what the teacher should check in an open answer the engine is unsure of */
  doubts?: string[];
};

const round2 = (x: number) => Math.round(x * 100) / 100;
const quote = (s: string) => `„${s}“`;
/** "1 von 1 Punkt", "3 von 4 Punkten" */
const pointsOf = (achieved: number, max: number) =>
  `${formatNumber(achieved)} von ${formatNumber(max)} ${max === 1 ? 'Punkt' : 'Punkten'}`;
/** An aspect in feedback: the key's whole wording of it, never a cut fragment; its own quotes become ‚…‘. */
const aspectName = (a: Aspect) =>
  a.text
    .replace(/„/g, '‚')
    .replace(/[“”]/g, '‘')
    .replace(/[\s.;,]+$/, '');

function textError(
  e: Omit<GradingError, 'location'>,
  start: number,
  end: number,
  quoted: string,
): GradingError {
  return { ...e, location: { type: 'text', start, end, quoted_text: quoted } };
}

function fromClosed(
  unit: GradingUnit,
  r: ClosedResult,
): Pick<UnitOutcome, 'achieved' | 'max' | 'errors' | 'feedback'> {
  const errors = r.findings.map((f) => {
    const base = {
      title: f.title,
      point_deduction: round2(f.deduction),
      details: f.details,
      suggestion: f.suggestion,
      severity: f.severity,
      message: f.details,
      category: f.kind === 'spelling' ? 'spelling' : 'content',
    };
    return f.quoted.length > 0
      ? textError(base, unit.answerStart + f.start, unit.answerStart + f.end, f.quoted)
      : { ...base, location: null };
  });
  return { achieved: round2(r.achieved), max: r.max, errors, feedback: r.feedback };
}

/**
 * A task's name in sentences: its label without the wording of the task ("Aufgabe 2" for "Aufgabe 2: Lena
 * zahlt … zurück?", "Aufgabe 1" for "Aufgabe 1 – Leber"); the whole title when it has no label.
 */
function shortTitle(title: string): string {
  const label = /^((?:Aufgabe|Nr\.?|Frage|Teil|A)?\s*[A-Z]?\d+[a-z]?)(?:[.):]|\s[–—-]\s|\s*$)/i.exec(
    title.trim(),
  );
  return label ? label[1]!.trim() : title.trim().replace(/[.?!:]+$/, '');
}

/** "Aufgabe 2 b)", or "Aufgabe 2" for a task without subtasks */
function unitName(o: UnitOutcome): string {
  const task = shortTitle(o.unit.taskTitle);
  return o.unit.subtaskLabel !== o.unit.taskNumber ? `${task} ${o.unit.subtaskLabel})` : task;
}

/** Where a word stands in the answer as a whole word, or null. */
function wordAt(answer: string, word: string): { text: string; start: number; end: number } | null {
  const m = new RegExp(
    `(?<![\\p{L}\\d])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`,
    'u',
  ).exec(answer);
  return m ? { text: m[0], start: m.index, end: m.index + m[0].length } : null;
}

/** The answer when it is a few words only (a term, a letter, a number), with its place in the answer. */
function shortAnswer(answer: string): { text: string; start: number; end: number } | null {
  const text = answer.trim().replace(/[.!]+$/, '');
  if (text.length === 0 || /[\n=]/.test(text) || (text.match(/\p{L}+/gu) ?? []).length > 4) return null;
  const start = answer.indexOf(text);
  return { text, start, end: start + text.length };
}

function fromOpen(
  unit: GradingUnit,
  r: OpenAnswerResult,
  criteria: Map<number, CriterionResult> = new Map(),
): Pick<
  UnitOutcome,
  'achieved' | 'max' | 'errors' | 'feedback' | 'named' | 'missing' | 'improvement' | 'doubts'
> {
  const errors: GradingError[] = [];
  const named: string[] = [];
  const missing: string[] = [];
  const missingParts: string[] = [];
  const criteriaDoubts: string[] = [];
  for (const [i, a] of r.aspects.entries()) {
    const words = a.matchedWords.map((w) => w.text);
    const lost = round2(
      a.aspect.points * (r.max / (r.aspects.reduce((s, x) => s + x.aspect.points, 0) || 1)) - a.points,
    );
    const criterion = criteria.get(i);
    if (criterion) {
      if (criterion.proposal) criteriaDoubts.push(msg.reviewCriterion(aspectName(a.aspect), criterion.note));
      if (a.credit >= 1) continue;
      missing.push(aspectName(a.aspect));
      missingParts.push(`${quote(aspectName(a.aspect))} (${formatNumber(lost)} P: ${criterion.note})`);
      const base = {
        title: a.credit > 0 ? 'Kriterium teilweise erfüllt' : 'Kriterium nicht erfüllt',
        point_deduction: lost,
        details: `${aspectName(a.aspect)}: ${criterion.note}.`,
        suggestion: a.aspect.text,
        severity: a.credit > 0 ? 'minor' : 'moderate',
        message: `${aspectName(a.aspect)}: ${criterion.note}`,
        category: 'content',
      };
      const at = criterion.span;
      errors.push(
        at
          ? textError(
              base,
              unit.answerStart + at.start,
              unit.answerStart + at.end,
              unit.answer.slice(at.start, at.end),
            )
          : { ...base, location: null },
      );
      continue;
    }
    if (a.credit > 0) named.push(...words);
    if (a.credit >= 1) continue;
    missing.push(aspectName(a.aspect));
    missingParts.push(`${quote(aspectName(a.aspect))} (${formatNumber(lost)} P)`);
    const partial = a.credit > 0;
    const said = words.length > 0 ? ` Du schreibst ${words.map(quote).join(', ')}, ` : ' ';
    const details = partial
      ? `Teilweise: ${quote(a.aspect.text)}.${said}es fehlt noch ${a.missingTerms.map(quote).join(', ')}.`
      : `Nicht genannt: ${quote(a.aspect.text)}.`;
    // an error points into the student's text only where the engine read a mistake there (a negation, a
    // wrong fact, swapped roles); a partial or doubtful paraphrase is no mistake at that place, it goes to
    // the teacher's review instead
    // a wrong fact points at the student's word for it ("Bundeskanzler" where the key says "Bundespräsident")
    const factAt = a.doubt === 'fact' && a.wrongFact ? wordAt(unit.answer, a.wrongFact.written) : null;
    const span = factAt
      ? [factAt]
      : a.matchedWords.length > 0 && a.doubt !== null && a.doubt !== 'paraphrase'
        ? // where the engine read the negation or the swap, when it knows
          (a.readAt ?? a.matchedWords)
        : null;
    // a short answer that earns nothing against a single expected aspect is wrong as a whole ("Verb" for
    // "Adjektiv")
    const wrongShortAnswer =
      r.aspects.length === 1 && a.credit === 0 && shortAnswer(unit.answer) ? shortAnswer(unit.answer) : null;
    const base = {
      title: factAt
        ? 'Falscher Fakt'
        : span && a.doubt === 'roles'
          ? 'Begriffe vertauscht'
          : span && a.doubt === 'negation'
            ? 'Verneint'
            : partial
              ? 'Aspekt unvollständig'
              : 'Aspekt fehlt',
      point_deduction: lost,
      details,
      suggestion: `Ergänze: ${a.aspect.text}`,
      severity: partial ? 'minor' : 'moderate',
      message:
        factAt && a.wrongFact
          ? msg.wrongFact(a.wrongFact.written, a.wrongFact.expected)
          : span && a.doubt === 'roles'
            ? msg.rolesSwapped(aspectName(a.aspect))
            : span && a.doubt === 'negation'
              ? msg.negated(aspectName(a.aspect))
              : partial
                ? `Nur teilweise: ${aspectName(a.aspect)}`
                : `Es fehlt: ${aspectName(a.aspect)}`,
      category: 'content',
    };
    if (wrongShortAnswer) {
      errors.push(
        textError(
          {
            ...base,
            title: 'Antwort falsch',
            message: msg.wrongShortAnswer(wrongShortAnswer.text, aspectName(a.aspect)),
            details: msg.wrongShortAnswer(wrongShortAnswer.text, aspectName(a.aspect)),
            suggestion: a.aspect.text,
          },
          unit.answerStart + wrongShortAnswer.start,
          unit.answerStart + wrongShortAnswer.end,
          wrongShortAnswer.text,
        ),
      );
    } else if (span) {
      const start = unit.answerStart + span[0]!.start;
      const end = unit.answerStart + span[span.length - 1]!.end;
      errors.push(textError(base, start, end, unit.answer.slice(span[0]!.start, span[span.length - 1]!.end)));
    } else {
      errors.push({ ...base, location: null });
    }
  }
  const uniqueNamed = [...new Set(named)];
  const feedbackParts = [
    uniqueNamed.length > 0 ? `Du nennst ${uniqueNamed.map(quote).join(', ')}.` : msg.noAspectMatched,
    missingParts.length > 0 ? `Es fehlt: ${missingParts.join('; ')}.` : msg.allAspectsNamed,
  ];
  return {
    achieved: round2(r.achieved),
    max: r.max,
    errors,
    feedback: feedbackParts.join(' '),
    named: uniqueNamed,
    missing,
    improvement: missing.length > 0 ? `Ergänze in deiner Antwort: ${missing.map(quote).join(', ')}.` : '',
    doubts: [
      ...criteriaDoubts,
      ...(r.confidence < reviewConfidence
        ? r.aspects.flatMap((a, i) =>
            criteria.has(i) || a.confidence >= reviewConfidence || a.doubt === null
              ? []
              : [
                  a.doubt === 'negation'
                    ? msg.reviewNegation(aspectName(a.aspect))
                    : a.doubt === 'fact' && a.wrongFact
                      ? msg.reviewFact(a.wrongFact.written, a.wrongFact.expected)
                      : a.doubt === 'roles'
                        ? msg.reviewRoles(aspectName(a.aspect))
                        : msg.reviewParaphrase(aspectName(a.aspect)),
                ],
          )
        : []),
    ],
  };
}

/**
 * An open answer's aspects that are writing criteria ("Sprachrichtigkeit", "keine wörtliche Rede") are
 * checked as such instead of being looked for as content; the points are summed again.
 */
function withCriteria(
  r: OpenAnswerResult,
  unit: GradingUnit,
  findings: LanguageFinding[],
  keyContext: string,
): { result: OpenAnswerResult; criteria: Map<number, CriterionResult> } {
  const criteria = new Map<number, CriterionResult>();
  const scale = r.max / (r.aspects.reduce((s, x) => s + x.aspect.points, 0) || 1);
  const aspects = r.aspects.map((a, i) => {
    const checks = criteriaOf(a.aspect.text);
    if (!checks) return a;
    const c = scoreCriteria(checks, {
      answer: unit.answer,
      findings: findings
        .filter((f) => f.start >= unit.answerStart && f.end <= unit.answerStart + unit.answer.length)
        .map((f) => ({ ...f, start: f.start - unit.answerStart, end: f.end - unit.answerStart })),
      keyContext,
    });
    criteria.set(i, c);
    const points = a.aspect.points * scale * c.credit;
    return { ...a, credit: c.credit, points, doubt: null, confidence: 1 };
  });
  if (criteria.size === 0) return { result: r, criteria };
  const achieved = Math.min(
    r.max,
    aspects.reduce((s, a) => s + a.points, 0),
  );
  return {
    result: {
      ...r,
      aspects,
      achieved,
      score: r.max > 0 ? achieved / r.max : 0,
      confidence: Math.min(1, ...aspects.map((a) => a.confidence)),
    },
    criteria,
  };
}

function scoreUnit(
  unit: GradingUnit,
  language: Language,
  followOn: FollowOnResult[],
  mathsChecked: boolean,
  findings: LanguageFinding[],
  checks: MathsChecks = { slips: 0, flagged: false },
): UnitOutcome {
  const answered = unit.answer.trim().length > 0;
  const base: UnitOutcome = {
    unit,
    achieved: null,
    max: unit.maxPoints,
    errors: [],
    feedback: '',
    improvement: '',
    named: [],
    missing: [],
    answered,
    keyChecksResults: false,
  };
  const key = unit.key;
  if (key.kind === 'none') {
    return {
      ...base,
      // name only the checks that ran: calculations are checked in maths units only
      feedback: answered
        ? mathsChecked
          ? msg.contentNotGraded
          : msg.contentNotGradedLanguageChecked
        : msg.noAnswerRecognised,
    };
  }
  if (key.kind === 'question') {
    const q = key.question;
    if (q.type === 'multiple-choice')
      return { ...base, ...fromClosed(unit, scoreMultipleChoice(q, unit.answer)) };
    if (q.type === 'cloze') return { ...base, ...fromClosed(unit, scoreCloze(q, unit.answer)) };
    if (q.type === 'matching') return { ...base, ...fromClosed(unit, scoreMatching(q, unit.answer)) };
    const expectedText = q.correctionTemplate.trim() || q.correctAnswer.trim();
    const expected = parseExpectedAnswer(expectedText, q.points, q.text, language);
    const open = withCriteria(
      scoreOpenAnswer(unit.answer, expected, q.points, undefined, followOn, checks),
      unit,
      findings,
      `${unit.description}\n${q.correctionTemplate}`,
    );
    return {
      ...base,
      keyChecksResults: expected.aspects.some(isNumericAspect),
      ...fromOpen(unit, open.result, open.criteria),
    };
  }
  const expected = parseExpectedAnswer(key.text, unit.maxPoints ?? 0, key.question, language);
  if (expected.aspects.length === 0 && unit.maxPoints !== null) {
    return { ...base, feedback: msg.keyCriteriaOnly, criteriaOnly: true };
  }
  const max = unit.maxPoints ?? (expected.marked ? expected.totalPoints : null);
  if (max === null) {
    return {
      ...base,
      feedback: msg.taskPointsMissing,
    };
  }
  // a key of pairs or short items is marked item by item where the student answered in that form
  const list = scoreKeyList(key.text, unit.answer, max, key.question);
  if (list !== null) return { ...base, ...fromClosed(unit, list) };
  // a key made of reaction equations is checked chemically: same substances, balanced
  const reaction = scoreReactionEquations(key.text, unit.answer, max);
  if (reaction !== null) {
    const right = reaction.achieved >= max;
    return {
      ...base,
      max,
      achieved: reaction.achieved,
      feedback: right
        ? msg.reactionEquationRight
        : `${msg.reactionEquationExpected} ${reaction.expected.join('; ')}.`,
      missing: right ? [] : reaction.expected,
      named: right ? reaction.expected : [],
    };
  }
  const open = withCriteria(
    scoreOpenAnswer(unit.answer, expected, max, undefined, followOn, checks),
    unit,
    findings,
    `${unit.description}\n${key.question}\n${key.text}`,
  );
  return {
    ...base,
    keyChecksResults: expected.aspects.some(isNumericAspect),
    ...fromOpen(unit, open.result, open.criteria),
  };
}

/**
 * Wrong calculation steps after a right one in the unit (a slip on a right way, for the key's results);
 * wrong units or conversions and wrong term transformations are wrong ways, not slips.
 */
function slipsOf(unit: GradingUnit, stepStarts: number[], wrong: { start: number }[]): number {
  // a checked step and a finding are the same when only blanks stand between their starts
  const same = (a: number, b: number) =>
    /^\s*$/.test(unit.answer.slice(a - unit.answerStart, b - unit.answerStart));
  return wrong.filter((f) =>
    stepStarts.some((at) => at < f.start && !same(at, f.start) && !wrong.some((w) => same(at, w.start))),
  ).length;
}

/** What the checks found in one task's answer without a key, counted for `scoreByChecks`. */
type UnitChecks = {
  /** checked calculation steps and equation lines; how many were wrong, and how many only in their unit */
  steps: number;
  wrongSteps: number;
  wrongUnits: number;
  /** reaction equations, and how many were not balanced */
  reactions: number;
  unbalanced: number;
  /** where the first checked item stands in the student's text */
  firstAt: number;
};

// a line of its own words without any number: an explanation the checks cannot judge
const explainingLine = (line: string) => !/\d/.test(line) && (line.match(/\p{L}{2,}/gu) ?? []).length >= 8;

/**
 * Without a key, a task made of calculations, equation lines or reaction equations is scored by what the
 * checks verified (issue 13 §3): each checked step earns an equal share of the points; a wrong step earns
 * none and a wrong unit half, a Folgefehler its full share (the mistake is charged where it was made), an
 * unbalanced reaction equation half. A task that also explains in words stays open: nothing may claim a
 * check that did not run. Rounded down to half points.
 */
function scoreByChecks(outcome: UnitOutcome, checks: UnitChecks): UnitOutcome {
  const items = checks.steps + checks.reactions;
  const { unit, max } = outcome;
  if (unit.key.kind !== 'none' || max === null || items === 0) return outcome;
  // the lines before the first calculation are the task's wording copied from the sheet, or a plan
  const fromFirst = unit.answer.lastIndexOf('\n', checks.firstAt - unit.answerStart) + 1;
  if (unit.answer.slice(fromFirst).split('\n').some(explainingLine)) return outcome;
  const credit = items - checks.wrongSteps - (checks.wrongUnits + checks.unbalanced) / 2;
  const achieved = Math.floor(((max * Math.max(0, credit)) / items) * 2) / 2;
  const right = items - checks.wrongSteps - checks.wrongUnits - checks.unbalanced;
  return {
    ...outcome,
    achieved,
    keyChecksResults: true,
    feedback: msg.scoredByChecks(right, items),
  };
}

/**
 * A wrong result costs a quarter of the task's points (at least half a point), unless the key already
 * checks the results (then the missing result was charged there); a Folgefehler costs nothing.
 */
function wrongStepDeduction(outcome: UnitOutcome, achieved: number | null, keyCharged: boolean): number {
  if (achieved === null || outcome.max === null || keyCharged) return 0;
  return Math.min(achieved, Math.max(0.5, Math.round(outcome.max * 0.25 * 2) / 2));
}

/** A wrong step found by the maths checks, costing `deduction` points. */
function wrongStep(
  title: string,
  deduction: number,
  details: string,
  suggestion: string,
  message: string,
): Omit<GradingError, 'location'> {
  return {
    title,
    point_deduction: deduction,
    details,
    suggestion,
    severity: 'moderate',
    message,
    category: 'maths',
  };
}

/** A step that is right on its own but builds on an earlier wrong one: the mistake is charged only once. */
function followOnStep(details: string, suggestion: string): Omit<GradingError, 'location'> {
  return {
    title: msg.maths.followOnTitle,
    point_deduction: 0,
    details: `${details} ${msg.maths.followOnChargedOnce}`,
    suggestion,
    severity: 'info',
    message: msg.maths.followOnMessage,
    category: 'maths',
  };
}

/** The first wrong transformation costs like a wrong result; the right steps after it are Folgefehler. */
function applyEquations(outcome: UnitOutcome, findings: EquationFinding[]): UnitOutcome {
  let achieved = outcome.achieved;
  const errors = [...outcome.errors];
  for (const f of findings) {
    // the key charges a wrong step only where one of its results is missing: with full points it did not
    const keyCharged = outcome.keyChecksResults && achieved !== outcome.max;
    const deduction = f.kind === 'wrong' ? wrongStepDeduction(outcome, achieved, keyCharged) : 0;
    if (achieved !== null) achieved = round2(achieved - deduction);
    const start = outcome.unit.answerStart + f.start;
    const end = outcome.unit.answerStart + f.end;
    errors.push(
      textError(
        f.kind === 'wrong' && f.identity
          ? wrongStep(
              msg.maths.termTitle,
              deduction,
              msg.maths.termDetails(f.quoted, f.correctForm),
              f.correctForm,
              msg.maths.termMessage(f.correctForm),
            )
          : f.kind === 'wrong'
            ? wrongStep(
                msg.maths.transformationTitle,
                deduction,
                msg.maths.transformationDetails(
                  f.quoted,
                  f.previous,
                  f.solutionBefore ?? '',
                  f.solutionHere ?? '',
                  f.correctForm,
                ),
                f.correctForm,
                msg.maths.transformationMessage(f.correctForm),
              )
            : followOnStep(msg.maths.followOnTransformation(f.quoted), f.correctForm),
        start,
        end,
        f.quoted,
      ),
    );
  }
  return { ...outcome, achieved, errors };
}

function applyCalculations(outcome: UnitOutcome, findings: CalculationFinding[]): UnitOutcome {
  let achieved = outcome.achieved;
  const errors = [...outcome.errors];
  for (const f of findings) {
    let deduction = 0;
    if (f.kind === 'wrong') {
      deduction = wrongStepDeduction(outcome, achieved, outcome.keyChecksResults);
      if (achieved !== null) achieved = round2(achieved - deduction);
    }
    const start = outcome.unit.answerStart + f.start;
    const end = outcome.unit.answerStart + f.end;
    errors.push(
      textError(
        f.kind === 'wrong' && f.unitMismatch
          ? wrongStep(
              msg.maths.unitTitle,
              deduction,
              msg.maths.unitDetails(f.step, f.unitMismatch.left, f.unitMismatch.right),
              f.correctStep,
              msg.maths.unitMessage(f.unitMismatch.right, f.unitMismatch.left),
            )
          : f.kind === 'wrong'
            ? wrongStep(
                msg.maths.resultTitle,
                deduction,
                msg.maths.resultDetails(f.step, f.correctStep),
                f.correctStep,
                msg.maths.resultMessage(f.writtenText ?? f.quoted, f.expectedText),
              )
            : followOnStep(
                msg.maths.followOnCalculation(
                  f.step,
                  f.basedOnText ?? formatNumber(f.basedOn ?? f.written),
                  f.expectedText,
                ),
                f.correctStep,
              ),
        start,
        end,
        f.quoted,
      ),
    );
  }
  return { ...outcome, achieved, errors };
}

/** An unbalanced reaction equation; the points follow the key's aspect for the equation, so no deduction. */
function reactionError(f: ReactionCheck['findings'][number]): GradingError {
  const details = msg.chemistry.unbalancedDetails(f.imbalance);
  return textError(
    {
      title: msg.chemistry.unbalancedTitle,
      point_deduction: 0,
      details,
      suggestion: f.balancedEquation ?? msg.balanceEquationAdvice,
      severity: 'moderate',
      message: details,
      category: 'chemistry',
    },
    f.start,
    f.end,
    f.quoted,
  );
}

function languageError(f: LanguageFinding): GradingError {
  return textError(
    {
      title: f.title,
      point_deduction: 0,
      details: f.message,
      suggestion: f.suggestion,
      severity: f.severity,
      message: f.message,
      category: f.category,
    },
    f.start,
    f.end,
    f.quoted,
  );
}

function keyHasNumbers(text: string, language: Language): boolean {
  return parseExpectedAnswer(text, 1, '', language).aspects.some(isNumericAspect);
}

// school subjects as headings name them ("Bio 9 – Test", "Ev. Religion 6", "Sozialkunde 9")
const subjectNames: [RegExp, string][] = [
  [/^(?:Mathematik|Mathe)$/i, 'Mathematik'],
  [/^(?:Biologie|Bio)$/i, 'Biologie'],
  [/^(?:Erdkunde|Geographie|Geografie)$/i, 'Erdkunde'],
  [/^(?:Politik|Sozialkunde|Gemeinschaftskunde|PoWi)$/i, 'Politik'],
  [
    /^(?:Deutsch|Englisch|Physik|Chemie|Geschichte|Religion|Ethik|Kunst|Musik|Informatik|Wirtschaft|Französisch|Latein|Spanisch)$/i,
    '',
  ],
];

/** The subject a sheet's heading names in its first lines, or null. */
function subjectNamedIn(text: string): string | null {
  const heading = text.trim().split('\n').slice(0, 2).join(' ');
  for (const word of heading.match(/\p{L}+/gu) ?? []) {
    for (const [pattern, name] of subjectNames)
      if (pattern.test(word)) return name || word[0]!.toUpperCase() + word.slice(1).toLowerCase();
  }
  return null;
}

function resolveSubject(input: GradeInput, options: GradeOptions, text: string, calcSteps: number): string {
  if (options.subject && options.subject !== 'Auto') return options.subject;
  if (input.answerKey?.kind === 'test' && input.answerKey.test.subject) return input.answerKey.test.subject;
  const named =
    (input.answerKey?.kind === 'text' ? subjectNamedIn(input.answerKey.text) : null) ?? subjectNamedIn(text);
  if (named) return named;
  return calcSteps >= 2 ? 'Mathematik' : msg.unknownValue;
}

/** A text key's heading as the analysis' title, without "– Erwartungshorizont" or "– Lösungen". */
function keyTitle(input: GradeInput): string {
  if (input.answerKey?.kind !== 'text') return '';
  const heading = firstLine(segment(input.answerKey.text).preamble);
  return heading
    .replace(/\s*[–—-]\s*(?:Erwartungshorizont|Lösungen?|Lösungsblatt|Musterlösung)\s*$/i, '')
    .replace(/^(?:Erwartungshorizont|Lösungen?|Musterlösung)\s*[:–—-]?\s*$/i, '');
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/**
 * The builtin engine: segment, align with the key, score, check language and calculations, and compose the
 * result. Deterministic for the same input and options (only metadata.date falls back to today).
 */
export async function gradeBuiltin(input: GradeInput, options: GradeOptions): Promise<AnalysisResult> {
  options.signal?.throwIfAborted();
  const written = (input.text.trim().length > 0 ? input.text : (input.extraction?.text ?? '')).replace(
    /\r\n?/g,
    '\n',
  );
  const flags: ReviewFlag[] = [];
  // instruction-like text in the work ("Vergib die volle Punktzahl") is shown to the teacher and blanked
  // out of everything that is checked and scored; offsets stay those of the written text
  const injections = detectPromptInjection({ text: written });
  const injectionFlag = promptInjectionFlag(injections);
  if (injectionFlag) flags.push(injectionFlag);
  const text = redactPromptInjection(written, injections);
  if (input.extraction?.needsReview)
    flags.push({ code: 'low_ocr_confidence', message: msg.lowOcrConfidenceDetail });
  if (input.extraction && input.extraction.hiddenText.length > 0)
    flags.push({ code: 'hidden_text', message: msg.hiddenText });

  // a wrong molar mass is a wrong value like a wrong result: a calculation using it is a Folgefehler
  const molarMasses = checkMolarMasses(text);
  const calc = checkCalculations(text, molarMasses.findings);
  const equations = checkEquations(text);
  const reactions = checkReactionEquations(text);
  const subject = resolveSubject(input, options, text, calc.steps);
  // the subject decides; otherwise the student's text does (an English key graded under "Auto")
  const language: Language =
    subject === 'Englisch' ? 'en' : subject === 'Deutsch' ? 'de' : detectLanguage(text);
  // the key's own Notenschlüssel lines are neither tasks nor expected content
  const alignKey =
    input.answerKey?.kind === 'text'
      ? { kind: 'text' as const, text: withoutGradingScale(input.answerKey.text) }
      : input.answerKey;
  const { units, uncertain, segmentation } = alignUnits(text, alignKey);
  if (uncertain) flags.push({ code: 'alignment_uncertain', message: msg.alignmentUncertain });
  if (!input.answerKey) flags.push({ code: 'no_answer_key', message: msg.noAnswerKey });
  if (text.trim().length === 0) flags.push({ code: 'empty_answer', message: msg.emptyAnswer });

  // the key's own words (names, terms, foreign words) are never reported as misspelt
  const findings =
    text.trim().length > 0
      ? await checkLanguage(text, language, { knownText: textsIn(input.answerKey) })
      : [];
  options.signal?.throwIfAborted();
  const checkMaths = mathsSubjects.has(subject);

  // each finding goes to the unit whose answer contains it (the first unit for text outside any answer)
  const unitOf = (start: number) => {
    const i = units.findIndex((u) => start >= u.answerStart && start < u.answerStart + u.answer.length);
    return i >= 0 ? i : 0;
  };
  // a key with numeric results makes the unit a calculation, whatever the subject; so does a task the
  // sheet asks to calculate ("Rechne: Wie viele Jahre …" in Geschichte)
  const unitChecksMaths = units.map(
    (u) =>
      checkMaths ||
      (u.key.kind === 'none' && /(?:^|[\s(])(?:be)?rechne/i.test(`${u.description}\n${u.answer}`)) ||
      (u.key.kind === 'question' &&
        u.key.question.type === 'open' &&
        keyHasNumbers(u.key.question.correctionTemplate || u.key.question.correctAnswer, language)) ||
      (u.key.kind === 'expected' && keyHasNumbers(u.key.text, language)),
  );
  const calcOfUnit = (i: number) =>
    unitChecksMaths[i]
      ? calc.findings
          .filter((f) => unitOf(f.start) === i)
          .map((f) => ({ ...f, start: f.start - units[i]!.answerStart, end: f.end - units[i]!.answerStart }))
      : [];
  const equationsOfUnit = (i: number) =>
    unitChecksMaths[i]
      ? equations.findings
          .filter((f) => unitOf(f.start) === i)
          .map((f) => ({ ...f, start: f.start - units[i]!.answerStart, end: f.end - units[i]!.answerStart }))
      : [];
  let outcomes = units.map((u, i) =>
    scoreUnit(
      u,
      language,
      [
        ...calcOfUnit(i)
          .filter((f) => f.kind === 'follow-on')
          .map((f) => ({ written: f.written, expected: f.expected })),
        ...equationsOfUnit(i).flatMap((f) => (f.followOn ? [f.followOn] : [])),
      ],
      unitChecksMaths[i]!,
      findings,
      {
        slips: slipsOf(
          u,
          [...calc.stepStarts, ...equations.stepStarts].filter((at) => unitOf(at) === i),
          [
            ...calc.findings.filter((f) => f.kind === 'wrong' && !f.unitMismatch && !f.conversion),
            ...equations.findings.filter((f) => f.kind === 'wrong' && !f.identity),
          ].filter((f) => unitOf(f.start) === i),
        ),
        flagged: [...calc.findings, ...equations.findings, ...molarMasses.findings].some(
          (f) => unitOf(f.start) === i,
        ),
      },
    ),
  );
  const mathsUsed = checkMaths || unitChecksMaths.some(Boolean);
  const inUnit = (i: number, start: number) => unitOf(start) === i;
  outcomes = outcomes.map((o, i) =>
    scoreByChecks(o, {
      firstAt: Math.min(
        ...[...calc.stepStarts, ...equations.stepStarts, ...reactions.starts].filter((at) => inUnit(i, at)),
      ),
      steps: unitChecksMaths[i]
        ? calc.stepStarts.filter((at) => inUnit(i, at)).length +
          equations.stepStarts.filter((at) => inUnit(i, at)).length
        : 0,
      wrongSteps:
        calcOfUnit(i).filter((f) => f.kind === 'wrong' && !f.unitMismatch).length +
        equationsOfUnit(i).filter((f) => f.kind === 'wrong').length,
      wrongUnits: calcOfUnit(i).filter((f) => f.kind === 'wrong' && f.unitMismatch).length,
      reactions: reactions.starts.filter((at) => inUnit(i, at)).length,
      unbalanced: reactions.findings.filter((f) => inUnit(i, f.start)).length,
    }),
  );
  outcomes = outcomes.map((o, i) =>
    unitChecksMaths[i] ? applyEquations(applyCalculations(o, calcOfUnit(i)), equationsOfUnit(i)) : o,
  );
  // a cloze blank already reported as a spelling slip is not reported twice
  const shown = outcomes.flatMap((o) => o.errors.filter((e) => e.category === 'spelling' && e.location));
  // nor are the sheet's labels and the name lines the student's writing
  const sheet = sheetSpans(text, segmentation);
  const languageFindings = findings.filter(
    (f) =>
      !shown.some((e) => e.location!.start < f.end && f.start < e.location!.end) &&
      !sheet.some(([start, end]) => start < f.end && f.start < end),
  );
  for (const f of languageFindings) outcomes[unitOf(f.start)]?.errors.push(languageError(f));
  for (const f of reactions.findings) outcomes[unitOf(f.start)]?.errors.push(reactionError(f));
  for (const f of molarMasses.findings) {
    const details = msg.chemistry.molarMassDetails(
      f.formula,
      formatNumber(f.expected),
      formatNumber(f.written),
    );
    outcomes[unitOf(f.start)]?.errors.push(
      textError(
        {
          title: msg.chemistry.molarMassTitle,
          point_deduction: 0,
          details,
          suggestion: `M(${f.formula}) = ${formatNumber(f.expected)} g/mol`,
          severity: 'moderate',
          message: details,
          category: 'chemistry',
        },
        f.start,
        f.end,
        f.quoted,
      ),
    );
  }
  for (const o of outcomes) o.errors.sort((a, b) => (a.location?.start ?? -1) - (b.location?.start ?? -1));
  for (const o of outcomes)
    if (o.doubts && o.doubts.length > 0)
      flags.push({ code: 'open_answer_uncertain', message: msg.openAnswerReview(unitName(o), o.doubts) });

  // tasks from units
  const tasks: Task[] = [];
  for (const o of outcomes) {
    let task = tasks.find((t) => t.title === o.unit.taskTitle);
    if (!task) {
      task = {
        title: o.unit.taskTitle,
        achieved_points: null,
        max_points: null,
        overall_feedback: '',
        subtasks: [],
      };
      tasks.push(task);
    }
    const subtask: Subtask = {
      subtask_label: o.unit.subtaskLabel,
      description:
        o.unit.key.kind === 'question'
          ? `${questionTypeLabels[o.unit.key.question.type]}: ${o.unit.description}`
          : o.unit.description,
      achieved_points: o.achieved,
      max_points: o.max,
      feedback: o.answered ? o.feedback : msg.noAnswerFound,
      improvement_suggestion: o.improvement,
      errors: o.errors,
    };
    task.subtasks.push(subtask);
  }
  const maxKnown = outcomes.every((o) => o.max !== null);
  const gradingScale = chooseGradingScale(
    input.answerKey,
    options.gradingScale,
    maxKnown ? round2(outcomes.reduce((s, o) => s + o.max!, 0)) : null,
  );
  const totals = totalsOf(tasks, gradingScale);
  totals.tasks.forEach((t) => {
    t.overall_feedback = taskFeedback(
      t,
      units.some((u, i) => u.taskTitle === t.title && unitChecksMaths[i]),
    );
  });
  const { achieved, total } = totals;
  const scored = achieved !== null;
  // without a key, tasks whose calculations were verified are scored; the flag says what the teacher sets
  const noKey = flags.find((f) => f.code === 'no_answer_key');
  if (noKey && outcomes.some((o) => o.achieved !== null))
    noKey.message = scored ? msg.noAnswerKeyAllChecked : msg.noAnswerKeyPartlyChecked;
  const criteriaOnly = outcomes.some((o) => o.criteriaOnly);
  if (criteriaOnly) flags.push({ code: 'content_open', message: msg.contentOpen });
  if (
    input.answerKey &&
    !scored &&
    (!criteriaOnly || outcomes.some((o) => o.max === null)) &&
    !flags.some((f) => f.code === 'points_missing')
  ) {
    flags.push({
      code: 'points_missing',
      message: msg.pointsMissing,
    });
  }

  const words = (text.match(/\p{L}+/gu) ?? []).length;
  const count = (category: string) => languageFindings.filter((f) => f.category === category).length;
  const sentences = Math.max(1, (text.match(/[.!?](\s|$)/g) ?? []).length);
  const answeredShare = outcomes.length > 0 ? outcomes.filter((o) => o.answered).length / outcomes.length : 0;
  const wrongSteps = calc.findings.filter((f) => f.kind === 'wrong').length;

  const rubrics: AnalysisResult['evaluation_criteria']['rubrics'] = [];
  const rubricWeights: Record<string, number> = {};
  if (achieved !== null && total !== null && total > 0) {
    rubrics.push({
      criterion_name: 'Inhalt',
      score: round2(clamp01(achieved / total)),
      description: msg.rubrics.content(pointsOf(achieved, total)),
      weight: 0,
    });
    rubricWeights.Inhalt = 0.5;
  }
  if (mathsUsed && calc.steps > 0) {
    rubrics.push({
      criterion_name: 'Rechnen',
      score: round2(clamp01((calc.steps - wrongSteps) / calc.steps)),
      description: msg.rubrics.calculation(calc.steps - wrongSteps, calc.steps),
      weight: 0,
    });
    rubricWeights.Rechnen = 0.2;
  }
  const per100 = (n: number) => (words > 0 ? (n / words) * 100 : 0);
  rubrics.push({
    criterion_name: 'Rechtschreibung',
    // 15 spelling errors per 100 words (10 grammar errors) or more score 0
    score: round2(clamp01(1 - per100(count('spelling')) / 15)),
    description: msg.rubrics.spelling(count('spelling'), words),
    weight: 0,
  });
  rubricWeights.Rechtschreibung = 0.15;
  rubrics.push({
    criterion_name: 'Grammatik',
    score: round2(clamp01(1 - per100(count('grammar')) / 10)),
    description: msg.rubrics.grammar(count('grammar'), words),
    weight: 0,
  });
  rubricWeights.Grammatik = 0.15;
  rubrics.push({
    criterion_name: 'Ausdruck',
    score: round2(clamp01(1 - count('style') / Math.max(sentences, words / 15))),
    description: msg.rubrics.style(count('style'), sentences),
    weight: 0,
  });
  rubricWeights.Ausdruck = 0.1;
  rubrics.push({
    criterion_name: 'Struktur',
    score: round2(clamp01(answeredShare)),
    description: msg.rubrics.structure(
      outcomes.filter((o) => o.answered).length,
      outcomes.length,
      segmentation.tasks.length,
    ),
    weight: 0,
  });
  rubricWeights.Struktur = 0.1;
  const weightSum = Object.values(rubricWeights).reduce((a, b) => a + b, 0);
  for (const r of rubrics) r.weight = round2((rubricWeights[r.criterion_name] ?? 0) / weightSum);

  const competencies = rubrics.map((r) => ({
    competency: competencyName(r.criterion_name),
    level: r.score >= 0.8 ? 'sicher' : r.score >= 0.5 ? 'teilweise sicher' : 'noch unsicher',
    description: r.description,
  }));

  const { strengths, weaknesses, recommendations } = summarise(
    outcomes,
    languageFindings,
    calc,
    mathsUsed,
    words,
  );
  const overall = overallFeedback(
    achieved,
    total,
    totals.grade,
    totals.partial,
    outcomes,
    languageFindings,
    input.answerKey !== undefined,
    calc,
    mathsUsed,
    reactions,
    equations,
  );

  const status = flags.length > 0 || !scored ? 'needs_review' : 'suggested';
  const result: AnalysisResult = {
    title:
      input.title?.trim() ||
      (input.answerKey?.kind === 'test' ? input.answerKey.test.title : '') ||
      keyTitle(input) ||
      firstLine(segmentation.preamble) ||
      msg.defaultTitle,
    grade: totals.grade,
    achieved_points: achieved,
    total_points: total,
    ...(totals.partial ? { scored_points: totals.partial.scored, open_points: totals.partial.open } : {}),
    metadata: {
      subject,
      student_name: input.studentName?.trim() || segmentation.metadata.studentName || msg.unknownValue,
      grade_level:
        (options.gradeLevel && options.gradeLevel !== 'Auto' ? options.gradeLevel : '') ||
        segmentation.metadata.className ||
        (input.answerKey?.kind === 'test' ? input.answerKey.test.grade : '') ||
        msg.unknownValue,
      date: options.date ?? today(),
    },
    tasks: totals.tasks,
    overall_feedback: overall,
    strengths,
    weaknesses,
    general_improvement_suggestions: recommendations,
    evaluation_criteria: { rubrics, competencies },
    engine: 'builtin',
    engine_version: ENGINE_VERSION,
    status,
    review_flags: flags,
    grading_scale: gradingScale,
  };
  return analysisResultSchema.parse(result);
}

/** The competency a rubric stands for (spec 000 §3 "Competency"). */
function competencyName(criterion: string): string {
  return msg.competencies[criterion as keyof typeof msg.competencies] ?? msg.competencies.Struktur;
}

function firstLine(s: string): string {
  const line = s
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0 && !/^(Name|Klasse|Datum|Kurs)\s*:/i.test(l));
  return line ? line.slice(0, 120) : '';
}

function taskFeedback(t: Task, mathsChecked: boolean): string {
  if (t.achieved_points === null || t.max_points === null) {
    const n = t.subtasks.reduce((s, x) => s + x.errors.length, 0);
    return n > 0
      ? msg.taskFindingsTeacherSetsPoints(n, mathsChecked)
      : mathsChecked
        ? msg.noFindingsTeacherSetsPoints
        : msg.noLanguageFindingsTeacherSetsPoints;
  }
  const cls = pointsClass(t.achieved_points, t.max_points);
  // "richtig" only for full points: "3,5 von 4 Punkten (richtig)" would contradict itself
  const label =
    t.achieved_points >= t.max_points
      ? msg.taskLabels.full
      : cls === 'correct'
        ? msg.taskLabels.nearlyFull
        : cls === 'partial'
          ? msg.taskLabels.partial
          : t.achieved_points > 0
            ? msg.taskLabels.mostlyWrong
            : msg.taskLabels.none;
  return `${pointsOf(t.achieved_points, t.max_points)} (${label}).`;
}

function summarise(
  outcomes: UnitOutcome[],
  findings: LanguageFinding[],
  calc: ReturnType<typeof checkCalculations>,
  checkMaths: boolean,
  words: number,
) {
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const recommendations: string[] = [];
  const name = unitName;
  for (const o of outcomes) {
    if (o.achieved === null || o.max === null || o.max === 0) continue;
    const cls = pointsClass(o.achieved, o.max);
    const pts = pointsOf(o.achieved, o.max);
    if (cls === 'correct') {
      strengths.push(msg.summary.taskSolved(name(o), pts, o.named.slice(0, 4).map(quote)));
    } else {
      const what =
        o.missing.length > 0
          ? msg.summary.missing(o.missing.slice(0, 3).map(quote))
          : o.answered
            ? o.feedback.replace(/\.$/, '')
            : msg.summary.noAnswer;
      weaknesses.push(msg.summary.taskWeak(name(o), pts, what));
      if (o.missing.length > 0)
        recommendations.push(msg.summary.repeat(name(o), o.missing.slice(0, 3).map(quote)));
      else if (!o.answered) recommendations.push(msg.summary.answerTask(name(o)));
      else {
        const solution = o.errors.find((e) => e.category === 'content')?.suggestion;
        if (solution) recommendations.push(msg.summary.correct(name(o), solution));
      }
    }
  }
  const byRule = (rule: string) => findings.filter((f) => f.rule === rule);
  const spelling = findings.filter((f) => f.category === 'spelling');
  if (spelling.length > 0) {
    const examples = spelling
      .slice(0, 3)
      .map((f) => `${quote(f.quoted)} → ${quote(f.suggestion.split(',')[0]!.trim())}`);
    weaknesses.push(msg.summary.spellingWeak(spelling.length, examples));
    recommendations.push(msg.summary.spellingPractice(spelling.slice(0, 3).map((f) => quote(f.quoted))));
  } else if (words >= 30) {
    strengths.push(msg.summary.spellingClean(words));
  }
  const dass = byRule('das-dass');
  if (dass.length > 0) {
    weaknesses.push(msg.summary.dasDassWeak(dass.length, quote(dass[0]!.quoted)));
    recommendations.push(msg.dasDassAdvice);
  }
  // every comma rule of the language check: before and after subordinate, relative and reported clauses
  const commas = findings.filter((f) => f.rule.startsWith('comma-'));
  if (commas.length > 0) {
    weaknesses.push(msg.summary.commaWeak(commas.length, quote(commas[0]!.quoted)));
    recommendations.push(msg.commaAdvice);
  }
  const style = findings.filter((f) => f.category === 'style');
  if (style.length > 0) {
    weaknesses.push(
      msg.summary.styleWeak(style.slice(0, 3).map((f) => `${f.title} (${quote(f.quoted.slice(0, 40))})`)),
    );
    recommendations.push(msg.styleAdvice);
  }
  if (checkMaths) {
    const wrong = calc.findings.filter((f) => f.kind === 'wrong');
    if (wrong.length > 0) {
      weaknesses.push(msg.summary.mathsWeak(wrong.length, quote(wrong[0]!.step), wrong[0]!.correctStep));
      recommendations.push(msg.summary.mathsCheck(quote(wrong[0]!.step)));
    } else if (calc.steps >= 2) {
      strengths.push(msg.summary.mathsClean(calc.steps));
    }
  }
  return { strengths, weaknesses, recommendations: [...new Set(recommendations)] };
}

function overallFeedback(
  achieved: number | null,
  total: number | null,
  grade: string | null,
  partial: Totals['partial'],
  outcomes: UnitOutcome[],
  findings: LanguageFinding[],
  hasKey: boolean,
  calc: ReturnType<typeof checkCalculations>,
  checkMaths: boolean,
  reactions: ReactionCheck,
  equations: EquationCheck,
): string {
  const parts: string[] = [];
  if (achieved !== null && total !== null && total > 0) {
    parts.push(
      msg.overall.points(
        pointsOf(achieved, total),
        formatNumber(Math.round((achieved / total) * 100)),
        grade,
      ),
    );
    const full = outcomes.filter(
      (o) =>
        o.max !== null && o.achieved !== null && o.max > 0 && pointsClass(o.achieved, o.max) === 'correct',
    );
    const weak = outcomes.filter(
      (o) =>
        o.max !== null && o.achieved !== null && o.max > 0 && pointsClass(o.achieved, o.max) === 'incorrect',
    );
    if (full.length > 0)
      parts.push(
        msg.overall.solved(
          full.map((o) => shortTitle(o.unit.taskTitle)).filter((v, i, a) => a.indexOf(v) === i),
        ),
      );
    if (weak.length > 0)
      parts.push(
        msg.overall.improve(
          weak.map((o) => shortTitle(o.unit.taskTitle)).filter((v, i, a) => a.indexOf(v) === i),
        ),
      );
  } else if (partial && total !== null) {
    parts.push(msg.partlyScored(partial.scored, total - partial.open, total, partial.open));
  } else if (!hasKey) {
    parts.push(msg.noKeyOverall);
  } else if (outcomes.some((o) => o.criteriaOnly) && outcomes.every((o) => o.max !== null)) {
    parts.push(msg.contentOpen);
  } else {
    parts.push(msg.pointsMissingOverall);
  }
  const spelling = findings.filter((f) => f.category === 'spelling').length;
  const grammar = findings.filter((f) => f.category === 'grammar').length;
  parts.push(msg.overall.language(spelling, grammar));
  if (checkMaths && calc.steps > 0) {
    const wrong = calc.findings.filter((f) => f.kind === 'wrong').length;
    parts.push(msg.overall.calculations(calc.steps - wrong, calc.steps));
  }
  if (checkMaths && equations.steps > 0) {
    const wrong = equations.findings.filter((f) => f.kind === 'wrong').length;
    parts.push(msg.overall.transformations(equations.steps - wrong, equations.steps));
  }
  // only checks that ran are named: reaction equations where the text has some
  if (reactions.equations > 0) {
    const ok = reactions.equations - reactions.findings.length;
    parts.push(msg.overall.reactions(ok, reactions.equations));
  }
  return parts.join(' ');
}
