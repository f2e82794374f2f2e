/**
 * The teacher-written test corpus for `npm run bench:tests` (issue 13 §1): one file per test in
 * bench/tests/, each `export default defineTest({ ... })`.
 *
 * A test is what a teacher hands over: the Erwartungshorizont (`key`, exactly as typed; `null` when the
 * teacher has none) and one student's answer (`answer`, exactly as typed), plus the teacher's own grading
 * (`gold`): points per subtask, the grade, the errors they would mark and the spots that must not be marked.
 * Multi-line texts are template literals; `defineTest` drops the first line break after the opening
 * backtick and trailing white space, nothing else.
 */
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const subjects = [
  'Mathematik',
  'Physik',
  'Chemie',
  'Biologie',
  'Geschichte',
  'Deutsch',
  'Englisch',
  'Französisch',
  'Erdkunde',
  'Politik',
  'Informatik',
  'Religion',
  'Ethik',
  'Kunst',
  'Musik',
  'Wirtschaft',
] as const;
type Subject = (typeof subjects)[number];

/** What a marked error is about; the benchmark reports matches regardless of kind, and kind agreement apart. */
export type ErrorKind = 'language' | 'maths' | 'chemistry' | 'content';

/**
 * What is special about a test, so the benchmark can report its figures by feature. Key layouts (issue 13
 * kinds 1 and 2) and what the answer does (kinds 3 to 5).
 */
export const features = [
  // key layouts
  'number-alone', // "Aufgabe 3" alone on its line, then "a)" lines
  'solution-below', // the expected solution on the line below its subtask
  'bullet-marks', // point marks on bullet lines
  'multi-marks', // several marks on one line, each with its own aspect
  'total-line', // "Gesamt: 30 P"
  'notenschluessel', // the key's own grading table
  'dash-topic', // "Aufgabe 2 – Fotosynthese (4 P)"
  'no-label', // an essay or a single answer without any task label
  'no-key', // no Erwartungshorizont at all
  'notation-P.', // "(2 P.)"
  'notation-Pkt', // "2 Pkt."
  'notation-Punkte', // "(2 Punkte)"
  'notation-BE', // "2 BE"
  'notation-VP', // "2 VP"
  'notation-slash', // "/4"
  'notation-bracket', // "[2]"
  // what the answer does
  'paraphrase',
  'negation',
  'swapped-roles',
  'wrong-fact',
  'folgefehler',
  'missing-task',
  'other-path',
  'wrong-unit',
  'unbalanced-equation',
  'multiple-choice',
  'das-dass',
  'comma',
  'spelling',
  'names-formulas', // correct names, abbreviations, formulas, units that must not be flagged
  'english',
  'padding', // sentences that have nothing to do with the task, which must not earn points
  'instructions', // text addressed to the grader ("Gib mir die volle Punktzahl")
  'name-line', // "Name: …, Klasse 7b" at the top
  'table-key', // the key pasted from a word-processor table, columns separated by tabs
] as const;
export type Feature = (typeof features)[number];

export type GoldSubtask = {
  /** the task's number as printed ("1", "2") */
  task: string;
  /** the subtask's letter or number ("a", "b", "1"); absent when the task has no subtasks */
  sub?: string;
  /** the teacher's points */
  points: number;
  max: number;
  /**
   * Only for tests without a key: true when nothing on the sheet lets a program check the answer (an open
   * question), so the engine must leave it open instead of scoring it.
   */
  open?: boolean;
  /** the teacher's reason, in their words */
  note?: string;
};

type GoldSpot = {
  /** words copied from the student's answer */
  quote: string;
  /** which occurrence of `quote` is meant, from 1; needed when the quote occurs more than once */
  occurrence?: number;
  note?: string;
};

type GoldError = GoldSpot & { kind: ErrorKind };

type CorpusTest = {
  subject: Subject;
  /** Klassenstufe 5..13 */
  class: number;
  title: string;
  features: Feature[];
  key: string | null;
  answer: string;
  gold: {
    subtasks: GoldSubtask[];
    /** the teacher's grade 1..6, without tendency */
    grade: number;
    /**
     * The key's own Notenschlüssel as minimum points per grade 1..5 (6 below the last), when the key has
     * one; otherwise the default table applies (see `defaultGrade`).
     */
    scale?: [number, number, number, number, number];
    errors: GoldError[];
    nonErrors: GoldSpot[];
    /** the student's name as the sheet gives it, when it does ("Name: Lena Schmidt, Klasse 7b") */
    student?: string;
    /**
     * Why the teacher expects the engine to hand this one to her (e.g. instructions to the grader in the
     * student's text); absent when a confident result is fine.
     */
    review?: string;
  };
};

export type LoadedTest = CorpusTest & { id: string };

const strip = (s: string) => s.replace(/^\r?\n/, '').replace(/\s+$/, '');

export function defineTest(test: CorpusTest): CorpusTest {
  return { ...test, key: test.key === null ? null : strip(test.key), answer: strip(test.answer) };
}

/** The default table: ≥ 92 % 1, ≥ 81 % 2, ≥ 67 % 3, ≥ 50 % 4, ≥ 30 % 5, else 6. */
function defaultGrade(points: number, max: number): number {
  const pct = max > 0 ? (points / max) * 100 : 0;
  const bands = [92, 81, 67, 50, 30];
  const i = bands.findIndex((from) => pct >= from);
  return i === -1 ? 6 : i + 1;
}

export function goldGrade(test: CorpusTest): number {
  const points = test.gold.subtasks.reduce((s, x) => s + x.points, 0);
  const max = test.gold.subtasks.reduce((s, x) => s + x.max, 0);
  const scale = test.gold.scale;
  if (!scale) return defaultGrade(points, max);
  const i = scale.findIndex((from) => points >= from);
  return i === -1 ? 6 : i + 1;
}

/** Where a gold quote stands in the answer: [start, end), or null when it does not occur (often enough). */
export function spotRange(answer: string, spot: GoldSpot): [number, number] | null {
  let at = -1;
  for (let n = 0; n < (spot.occurrence ?? 1); n++) {
    at = answer.indexOf(spot.quote, at + 1);
    if (at === -1) return null;
  }
  return [at, at + spot.quote.length];
}

export function countOccurrences(answer: string, quote: string): number {
  let count = 0;
  for (let at = answer.indexOf(quote); at !== -1; at = answer.indexOf(quote, at + 1)) count++;
  return count;
}

const testsDir = resolve(dirname(fileURLToPath(import.meta.url)), 'tests');

/** Every corpus file, sorted by name; the id is the file name without extension. */
export async function loadCorpus(): Promise<LoadedTest[]> {
  const files = readdirSync(testsDir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const tests: LoadedTest[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(resolve(testsDir, file)).href)) as { default: CorpusTest };
    tests.push({ ...mod.default, id: file.replace(/\.ts$/, '') });
  }
  return tests;
}
