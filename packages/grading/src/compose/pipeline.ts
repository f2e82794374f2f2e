import {
  alignmentFlag,
  analysisResultSchema,
  builtinGradingMessages as msg,
  keyTotalDiffersFlag,
  ocrDoubtMessages,
  pointsUncertainFlag,
  rubricJudgementFlag,
  questionTypeLabels,
  totalsOf,
  type AnalysisResult,
  type ReviewFlag,
  type Subtask,
  type Task,
} from '@korrigo/domain';
import { checkMolarMasses, checkReactionEquations } from '../chemistry/reaction-equations';
import { checkLanguage, textsIn } from '../language/check-language';
import { checkCalculations, formatNumber } from '../maths/check-calculations';
import { checkPercentages } from '../maths/check-percentages';
import { checkProportions } from '../maths/check-proportions';
import { checkEquations } from '../maths/check-equations';
import { mathsDoubts } from '../maths/ocr-doubts';
import { statedKeyTotal } from '../score/answer-key';
import { parseExpectedAnswer } from '../score/expected-answer';
import { chooseGradingScale, keyForReading } from '../score/grading-scale-key';
import { isNumericAspect } from '../score/open-answer';
import { withPlacements } from '../score/placements';
import { alignUnits } from '../score/units';
import { segment, sheetSpans } from '../segment/segment';
import { detectPromptInjection, promptInjectionFlag, redactPromptInjection } from '../text/prompt-injection';
import { detectLanguage, type Language } from '../text/tokenize';
import type { GradeInput, GradeOptions } from '../types';
import { finalise } from '../finalise';
import { blankCrossedOut } from '../text/crossed-out';
import {
  applyCalculations,
  applyEquations,
  languageError,
  reactionError,
  scoreByChecks,
  slipsOf,
  uncheckedClaimLines,
} from './checks';
import { overallChecks, overallHead, summarise, taskFeedback, unitName } from './feedback';
import { round2 } from './format';
import { checkRubrics } from './rubrics';
import { scoreUnit, textError } from './units';
import { unsureGrade } from './grade-gate';

/**
 * The builtin engine's pipeline: segment, align with the key, score each unit, run the checks, build the
 * tasks, then `finalise` for totals, grade, status and the texts that follow from points.
 */
/** Bump when a change alters results for the same input (stored with each result and in ai_runs). */
export const ENGINE_VERSION = 'builtin-2.16.0';

const mathsSubjects = new Set(['Mathematik', 'Physik', 'Chemie']);

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

/**
 * The doubtful calculation lines of the OCR pages (mathsDoubts), placed in the text that is graded: each
 * line where it stands there (the graded text may be the pages joined, or typed text before them).
 */
function ocrMathsDoubts(text: string, extraction: GradeInput['extraction']) {
  const placed: { line: string; start: number; end: number }[] = [];
  for (const page of extraction?.pages ?? []) {
    if (page.source !== 'ocr') continue;
    for (const doubt of mathsDoubts(page.text, page.words)) {
      const line = doubt.line.trim();
      if (!line) continue;
      for (let at = text.indexOf(line); at >= 0; at = text.indexOf(line, at + 1))
        if (!placed.some((other) => other.start === at))
          placed.push({ line, start: at, end: at + line.length });
    }
  }
  return placed;
}

/** A check's steps and findings without those on doubtful lines: they were not checked. */
function withoutDoubtful<T extends { steps: number; stepStarts: number[]; findings: { start: number }[] }>(
  check: T,
  doubtful: (at: number) => boolean,
): T {
  const stepStarts = check.stepStarts.filter((at) => !doubtful(at));
  return {
    ...check,
    steps: stepStarts.length,
    stepStarts,
    findings: check.findings.filter((finding) => !doubtful(finding.start)),
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
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
  const text = blankCrossedOut(redactPromptInjection(written, injections));
  if (input.extraction?.needsReview)
    flags.push({ code: 'low_ocr_confidence', message: msg.lowOcrConfidenceDetail });
  if (input.extraction && input.extraction.hiddenText.length > 0)
    flags.push({ code: 'hidden_text', message: msg.hiddenText });

  // a wrong molar mass is a wrong value like a wrong result: a calculation using it is a Folgefehler
  const molarMasses = checkMolarMasses(text);
  // lines of OCR text whose numbers or operators are uncertain are the teacher's to check, not graded as
  // written (issue 34 §2): their steps are neither right nor wrong, so a task without a key stays open
  const doubtful = ocrMathsDoubts(text, input.extraction);
  if (doubtful.length > 0)
    flags.push({
      code: 'ocr_maths_uncertain',
      message: ocrDoubtMessages.flag(doubtful.map((doubt) => doubt.line)),
    });
  const onDoubtfulLine = (at: number) => doubtful.some((doubt) => at >= doubt.start && at <= doubt.end);
  // written steps and the Dreisatz's lines are one kind of calculation for the task that holds them
  const steps = checkCalculations(text, molarMasses.findings);
  const proportions = checkProportions(text);
  // a percentage's wrong base or a discount added stands at a result the arithmetic check counted as right;
  // where that check already found the result wrong, it is reported once
  const percentages = checkPercentages(text).filter(
    (p) => !steps.findings.some((f) => f.start < p.end && p.start < f.end),
  );
  const calc = withoutDoubtful(
    {
      steps: steps.steps + proportions.stepStarts.length,
      stepStarts: [...steps.stepStarts, ...proportions.stepStarts],
      findings: [...steps.findings, ...proportions.findings, ...percentages].sort(
        (a, b) => a.start - b.start,
      ),
    },
    onDoubtfulLine,
  );
  const equations = withoutDoubtful(checkEquations(text), onDoubtfulLine);
  const reactions = checkReactionEquations(text);
  const subject = resolveSubject(input, options, text, calc.steps);
  // the subject decides; otherwise the student's text does (an English key graded under "Auto")
  const language: Language =
    subject === 'Englisch' ? 'en' : subject === 'Deutsch' ? 'de' : detectLanguage(text);
  // the key's own Notenschlüssel lines are neither tasks nor expected content
  const alignKey =
    input.answerKey?.kind === 'text'
      ? { kind: 'text' as const, text: keyForReading(input.answerKey.text) }
      : input.answerKey;
  // the teacher's own placements, where she made some (issue 32 §2), over the engine's reading
  const { units, unplaced, foreign, rubricOverWhole, segmentation } = withPlacements(
    text,
    alignUnits(text, alignKey),
    options.placements ?? [],
  );
  if (unplaced.length > 0) flags.push({ code: alignmentFlag, message: msg.alignmentUncertain(unplaced) });
  else if (foreign && foreign.length > 0)
    flags.push({ code: alignmentFlag, message: msg.answersOutsideKey(foreign) });
  if (rubricOverWhole) flags.push({ code: rubricJudgementFlag, message: msg.rubricJudgement });
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
      uncheckedLines: unitChecksMaths[i]
        ? uncheckedClaimLines(units[i]!.answer, units[i]!.answerStart, [
            ...calc.stepStarts,
            ...equations.stepStarts,
            ...reactions.starts,
            // a Dreisatz's first line is the task's values, read as the base of the lines after it
            ...proportions.givenStarts,
          ])
        : 0,
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
      // the text this unit was scored on, so the class's answers can be set side by side (issue 16 §4)
      answer_text: o.unit.answer.trim(),
      ...(o.proposed ? { proposed_points: o.proposed } : {}),
    };
    task.subtasks.push(subtask);
  }
  const maxKnown = outcomes.every((o) => o.max !== null);
  const gradingScale = chooseGradingScale(
    input.answerKey,
    options.gradingScale,
    maxKnown ? round2(outcomes.reduce((s, o) => s + o.max!, 0)) : null,
  );
  // the key's own total line against its parts' points: a part without points got a share of it, or the
  // two disagree (a mark misread, or a typo in the key); either way the teacher is told, never silently
  const statedTotal = alignKey?.kind === 'text' ? statedKeyTotal(alignKey.text) : null;
  // A share of the total is a guess the teacher checks; parts that still do not add up to the total are a
  // misreading, which holds the grade back, with or without shares.
  const shared = outcomes.filter((o) => o.unit.pointsFromTotal);
  const sum = maxKnown ? round2(outcomes.reduce((s, o) => s + o.max!, 0)) : null;
  if (statedTotal !== null && sum !== null && Math.abs(sum - statedTotal) > 0.001)
    flags.push({ code: keyTotalDiffersFlag, message: msg.keyTotalDiffers(sum, statedTotal) });
  else if (statedTotal !== null && shared.length > 0)
    flags.push({
      code: 'key_points_from_total',
      message: msg.keyPointsFromTotal(shared.map(unitName), statedTotal),
    });
  // whether every point is scored decides the flags below; finalise computes the totals themselves
  const totals = totalsOf(tasks, gradingScale);
  // a task with open points says what the checks found; finalise writes the line of a scored task
  totals.tasks.forEach((t) => {
    t.overall_feedback = taskFeedback(
      t,
      units.some((u, i) => u.taskTitle === t.title && unitChecksMaths[i]),
    );
  });
  const scored = totals.achieved !== null;
  const unsure = unsureGrade(totals.tasks, totals.achieved, totals.total, gradingScale);
  if (unsure) flags.push({ code: pointsUncertainFlag, message: unsure });
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
  const rubrics = checkRubrics({
    text,
    languageFindings,
    calc,
    mathsUsed,
    answered: outcomes.filter((o) => o.answered).length,
    units: outcomes.length,
    recognisedTasks: segmentation.tasks.length,
  });

  const { strengths, weaknesses, recommendations } = summarise(
    outcomes,
    languageFindings,
    calc,
    mathsUsed,
    words,
  );
  const result: AnalysisResult = {
    title:
      input.title?.trim() ||
      (input.answerKey?.kind === 'test' ? input.answerKey.test.title : '') ||
      keyTitle(input) ||
      firstLine(segmentation.preamble) ||
      msg.defaultTitle,
    grade: null,
    achieved_points: null,
    total_points: null,
    metadata: {
      subject,
      student_name: input.studentName?.trim() || segmentation.metadata.studentName || msg.unknownValue,
      grade_level:
        (options.gradeLevel && options.gradeLevel !== 'Auto' ? options.gradeLevel : '') ||
        input.className?.trim() ||
        segmentation.metadata.className ||
        (input.answerKey?.kind === 'test' ? input.answerKey.test.grade : '') ||
        msg.unknownValue,
      date: options.date ?? today(),
    },
    tasks: totals.tasks,
    overall_feedback: '',
    strengths,
    weaknesses,
    general_improvement_suggestions: recommendations,
    evaluation_criteria: { rubrics, competencies: [] },
    engine: 'builtin',
    engine_version: ENGINE_VERSION,
    status: 'needs_review',
    review_flags: flags,
    ...(options.placements && options.placements.length > 0 ? { placements: options.placements } : {}),
    grading_scale: gradingScale,
  };
  // what the points say is written by finalise (also after the teacher's review); the checks' part here
  const final = finalise(result);
  final.overall_feedback = [
    overallHead(final),
    overallChecks(languageFindings, calc, mathsUsed, reactions, equations),
  ].join(' ');
  return analysisResultSchema.parse(final);
}

function firstLine(s: string): string {
  const line = s
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0 && !/^(Name|Klasse|Datum|Kurs)\s*:/i.test(l));
  return line ? line.slice(0, 120) : '';
}
