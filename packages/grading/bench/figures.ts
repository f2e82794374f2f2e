/**
 * What the grading-quality benchmarks (bench:tests, bench:cases, bench:layouts) compute alike: how a typed
 * test is handed to `grade()`, the engine's points, the grade without tendency, the engine's points per
 * task and subtask, and the small arithmetic of the figures.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AnalysisResult, Task } from '@korrigo/domain';
import { grade } from '../src/index';
import { finalise } from '../src/finalise';

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const fmt = (x: number, digits = 1) => x.toFixed(digits);
export const pct = (num: number, den: number) => (den > 0 ? (100 * num) / den : NaN);
/** a points value as printed: up to two decimals, "–" for none */
export const shown = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : String(Math.round(x * 100) / 100);

/** A typed test as a teacher hands it to the product: her key as typed (null: none), the answer as typed. */
export type TypedTest = {
  answer: string;
  key: string | null;
  subject: string;
  /** Klassenstufe */
  gradeLevel: number;
  title?: string;
};

/**
 * Grades a typed test through the public `grade()` as the analyse screen does: the key as the text the
 * teacher typed (`answerKey: { kind: 'text' }`), the subject she chose; a fixed date keeps runs comparable.
 */
export function gradeTyped(test: TypedTest): Promise<AnalysisResult> {
  return grade(
    {
      text: test.answer,
      ...(test.key !== null ? { answerKey: { kind: 'text' as const, text: test.key } } : {}),
      ...(test.title !== undefined ? { title: test.title } : {}),
    },
    { subject: test.subject, gradeLevel: String(test.gradeLevel), date: '2025-03-12' },
  );
}

/**
 * The engine's points: where it left some subtasks open, those of the scored subtasks (`scored_points`);
 * no points at all count as 0.
 */
export function achievedOf(result: AnalysisResult): number {
  return result.achieved_points ?? result.scored_points ?? 0;
}

/** The grade without tendency ("2-" → 2, Notenpunkte "11 Punkte (2)" → 2); null for none. */
export function gradeBase(grade: string | null | undefined): number | null {
  const m = grade ? (/\(\s*([1-6])/.exec(grade) ?? /([1-6])/.exec(grade)) : null;
  return m ? Number(m[1]) : null;
}

/**
 * Grade exact and within one step over pairs of gold grade and engine grade (both without tendency). No
 * grade counts as wrong in both; how often the engine proposed none is counted apart (`withheld`), since
 * withholding is the honest answer when it is unsure, and so is how often it proposed one more than a step
 * off (`confidentlyWrong`), which is worse than none.
 */
export function gradeFigures(pairs: { gold: number; engine: number | null; confirmed?: number | null }[]) {
  const exact = pairs.filter((p) => p.engine === p.gold).length;
  // what the teacher's confirmation of the points, unchanged, would grade: how good the points are
  const confirmed = pairs.filter((p) => p.confirmed != null);
  const withinOne = pairs.filter((p) => p.engine !== null && Math.abs(p.engine - p.gold) <= 1).length;
  const withheld = pairs.filter((p) => p.engine === null).length;
  // the grades a teacher would be misled by: proposed, and more than one step from hers
  const confidentlyWrong = pairs.filter((p) => p.engine !== null && Math.abs(p.engine - p.gold) > 1).length;
  return {
    graded: pairs.length,
    exact: pct(exact, pairs.length),
    withinOne: pct(withinOne, pairs.length),
    withheld,
    confidentlyWrong,
    confirmedExact: pct(confirmed.filter((p) => p.confirmed === p.gold).length, confirmed.length),
    confirmedWithinOne: pct(
      confirmed.filter((p) => Math.abs(p.confirmed! - p.gold) <= 1).length,
      confirmed.length,
    ),
  };
}

/**
 * The grade the teacher's confirmation gives when she changes no point: her confirmation answers the
 * review flags, and the grade follows the points (finalise). Null where points are open.
 */
export function confirmedGrade(result: AnalysisResult): number | null {
  return gradeBase(finalise({ ...result, review_flags: [] }).grade);
}

/** "Aufgabe 2 – Enzyme" → "2", "A1 Definieren …" → "A1", "II. Traduis" → "II"; the position when the title has no number */
export function taskNumber(title: string, index: number): string {
  // the label the title opens with: „Aufgabe 3 …“, „A2 …“ → "3", "A2"
  const opening = /^\s*(?:(?:Aufgabe|Aufg\.|Nr\.|Task|Exercise|Ex\.?)\s*)?([A-Z]?\d+)\b/.exec(title)?.[1];
  // a Roman-numbered section is its task as the key writes it („II. Mets les phrases …“, „I Bestimme …“ → "II", "I")
  const roman = /^\s*([IVX]{1,4})(?:[.)]\s|\s+\p{Lu})/u.exec(title)?.[1];
  // a lettered part is its task („A Complete the if-clauses.“, „C. Raconte … en 5 phrases“ → "A", "C")
  const letter = /^\s*([A-H])(?=[\s.:)]|$)/.exec(title)?.[1];
  return opening ?? roman ?? letter ?? /\b[A-Z]?\d+/.exec(title)?.[0] ?? String(index + 1);
}

export function subLabel(label: string): string {
  return label.replace(/[).:\s]/g, '').toLowerCase();
}

/** The engine's points per gold unit: "3" for a whole task, "3b" for a subtask when the engine has it. */
export function enginePoints(result: AnalysisResult) {
  const units = new Map<string, { achieved: number | null; max: number | null }>();
  result.tasks.forEach((task, i) => {
    const n = taskNumber(task.title, i);
    if (!units.has(n)) units.set(n, { achieved: task.achieved_points, max: task.max_points });
    for (const sub of task.subtasks) {
      const label = subLabel(sub.subtask_label);
      if (label && label !== n)
        units.set(`${n}${label}`, { achieved: sub.achieved_points, max: sub.max_points });
    }
  });
  return units;
}

/** The engine's tasks by their number (see `taskNumber`); a number the engine uses twice keeps both. */
export function engineTasks(result: AnalysisResult): Map<string, Task[]> {
  const tasks = new Map<string, Task[]>();
  result.tasks.forEach((task, i) => {
    const n = taskNumber(task.title, i);
    tasks.set(n, [...(tasks.get(n) ?? []), task]);
  });
  return tasks;
}

/**
 * Whether the engine found no answer for a task: every subtask's graded text (`answer_text`) is empty. An
 * engine that does not report the text (absent) is taken to have found one.
 */
export function reportedUnanswered(task: Task): boolean {
  const texts = task.subtasks.length > 0 ? task.subtasks.map((s) => s.answer_text) : [task.answer_text];
  return texts.every((t) => t !== undefined && t.trim() === '');
}

export const subjectGroups = {
  MINT: ['Mathematik', 'Physik', 'Chemie', 'Biologie', 'Informatik'],
  Sprachen: ['Deutsch', 'Englisch', 'Französisch', 'Latein'],
  Gesellschaft: ['Geschichte', 'Erdkunde', 'Politik', 'Religion', 'Ethik', 'Wirtschaft'],
} as const;
export type SubjectGroup = keyof typeof subjectGroups | 'others';

export function subjectGroup(subject: string): SubjectGroup {
  for (const [group, subjects] of Object.entries(subjectGroups))
    if ((subjects as readonly string[]).includes(subject)) return group as SubjectGroup;
  return 'others';
}

/** True when the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}
