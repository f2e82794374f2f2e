import { alignmentFlag, builtinGradingMessages as msg, type AnalysisResult } from '@korrigo/domain';
import { gradeBuiltin } from '../compose';
import { parseExpectedAnswer } from '../score/expected-answer';
import { keyForReading } from '../score/grading-scale-key';
import { alignUnits, type GradingUnit } from '../score/units';
import { formatNumber } from '../maths/check-calculations';
import type { GradeInput, GradeOptions } from '../types';

/**
 * What the builtin engine established before the model is asked (issue 13 §10): the key as it was read
 * (tasks, subtasks, their maximum points and expected aspects, the Notenschlüssel) and what its checks
 * verified in the student's work (calculations, equations, reaction equations, molar masses, language).
 * Both providers thus start from the same reading of the key and the same verified facts; the model adds
 * the judgement of content the checks cannot make.
 */
export type VerifiedFacts = {
  /** the builtin result the facts come from; its total is the key's total where the key was read fully */
  reading: AnalysisResult;
  /** the facts as German lines for the prompt */
  lines: string[];
};

/** Categories whose findings are checked facts, not guesses: they go to the model as such. */
const checkedCategories = new Set(['maths', 'chemistry', 'spelling', 'grammar']);

export async function verifiedFacts(input: GradeInput, options: GradeOptions): Promise<VerifiedFacts> {
  const reading = await gradeBuiltin(input, options);
  const lines: string[] = [];
  if (input.answerKey) {
    lines.push('Aufbau des Erwartungshorizonts (so gelesen; übernimm Aufgaben und Höchstpunkte genau):');
    const key =
      input.answerKey.kind === 'text'
        ? { kind: 'text' as const, text: keyForReading(input.answerKey.text) }
        : input.answerKey;
    const text = input.text.trim().length > 0 ? input.text : (input.extraction?.text ?? '');
    for (const unit of alignUnits(text.replace(/\r\n?/g, '\n'), key).units) {
      // the task by its number: the title may carry the key's own answer ("Aufgabe 1 (4 P): 36")
      const task = /^\d/.test(unit.taskNumber) ? `Aufgabe ${unit.taskNumber}` : unit.taskTitle;
      const label = unit.subtaskLabel !== unit.taskNumber ? `${task} ${unit.subtaskLabel})` : task;
      const max = unit.maxPoints === null ? 'Punkte offen' : `max. ${formatNumber(unit.maxPoints)} P`;
      lines.push(`- ${label} (${max})${expectedAspects(unit)}`);
    }
    if (reading.total_points !== null) lines.push(`Gesamtpunktzahl: ${formatNumber(reading.total_points)} P`);
    lines.push(...alignmentFacts(reading));
  }
  if (reading.grading_scale)
    lines.push(`Notenschlüssel: ${reading.grading_scale.name} (die Note berechnet das Programm).`);

  const checked = reading.tasks.flatMap((task) =>
    task.subtasks.flatMap((subtask) =>
      subtask.errors.filter(
        (error) =>
          error.location !== null &&
          checkedCategories.has(error.category ?? '') &&
          !/^info/i.test(error.severity),
      ),
    ),
  );
  if (checked.length > 0) {
    lines.push('Vom Programm nachgeprüft (sicher; übernimm diese Befunde):');
    for (const error of checked) lines.push(`- „${error.location!.quoted_text}“: ${error.message}`);
  }
  const followOn = reading.tasks.flatMap((task) =>
    task.subtasks.flatMap((subtask) =>
      subtask.errors.filter((error) => error.title === msg.maths.followOnTitle),
    ),
  );
  if (followOn.length > 0) {
    lines.push('Folgefehler (richtig weitergerechnet, nicht noch einmal abziehen):');
    for (const error of followOn) lines.push(`- „${error.location?.quoted_text ?? ''}“`);
  }
  return { reading, lines };
}

/** The aspects of a text key's task as read, with their points: ": erwartet „…“ (1 P); „…“ (1 P)". */
function expectedAspects(unit: GradingUnit): string {
  if (unit.key.kind !== 'expected' || unit.maxPoints === null) return '';
  const expected = parseExpectedAnswer(unit.key.text, unit.maxPoints, unit.key.question);
  if (expected.aspects.length === 0) return ': nur Bewertungskriterien, keine erwartete Lösung';
  return `: erwartet ${expected.aspects
    .map((a) => `„${a.text.trim().replace(/[.;,]+$/, '')}“ (${formatNumber(a.points)} P)`)
    .join('; ')}`;
}

/** how much of a passage the prompt quotes: enough to recognise it, the whole text is in the prompt anyway */
const passageChars = 160;

/**
 * Where the builtin engine read each unit's answer (issue 32 §9): the passage's start, or that it found
 * none, and which tasks it could not place with confidence. The model grades the same passages; where the
 * placement is unsure the result carries the same flag and proposes no grade until the teacher placed them.
 */
function alignmentFacts(reading: AnalysisResult): string[] {
  const lines = ['Zuordnung der Antworten (so gelesen; bewerte jede Aufgabe nach ihrer Stelle):'];
  for (const task of reading.tasks) {
    const number = /\d+/.exec(task.title)?.[0];
    const name = number ? `Aufgabe ${number}` : task.title;
    for (const subtask of task.subtasks) {
      const label =
        subtask.subtask_label && subtask.subtask_label !== number
          ? `${name} ${subtask.subtask_label})`
          : name;
      const passage = (subtask.answer_text ?? '').replace(/\s+/g, ' ').trim();
      lines.push(
        `- ${label}: ${
          passage
            ? `„${passage.length > passageChars ? `${passage.slice(0, passageChars - 2).trimEnd()} …` : passage}“`
            : 'keine Antwort gefunden'
        }`,
      );
    }
  }
  const unsure = reading.review_flags.find((flag) => flag.code === alignmentFlag);
  if (unsure) lines.push(`Unsicher: ${unsure.message}`);
  return lines;
}
