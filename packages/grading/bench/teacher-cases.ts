/**
 * Teacher cases: class tests written and graded by teachers, one folder each (the format of
 * ../shared/teacher-cases, see its README). A folder holds the Erwartungshorizont `key.txt` and either one
 * pupil (`answer.txt` with `gold.json`) or several (`answer-1.txt` with `gold-1.json`, `answer-2.txt` with
 * `gold-2.json`, …; the sealed rounds). Each pupil is one case.
 *
 * `gold.json`: `subject`, `grade_level`, `max_points`, `tasks[]` (`task`, `points`, `max`, optional
 * `subtasks[]` with `id` such as "1a" or a criterion's name), `total`, `grade` with tendency ("3-"),
 * `grade_base` (1..6), `errors[]` and `not_errors[]` (quotes from the answer).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { goldGrade, type LoadedTest } from './corpus';
import { repoRoot } from './datasets';

const points = z.number().min(0);
const goldSchema = z.object({
  subject: z.string().min(1),
  grade_level: z.number().int(),
  max_points: points,
  tasks: z
    .array(
      z.object({
        task: z.string().min(1),
        max: points,
        points,
        comment: z.string().optional(),
        subtasks: z
          .array(
            // the subtask's label as "1a" (`id`) or as "a" (`sub`, the sealed set's form)
            z
              .object({
                id: z.string().min(1).optional(),
                sub: z.string().min(1).optional(),
                max: points,
                points,
                comment: z.string().optional(),
              })
              .refine((s) => s.id !== undefined || s.sub !== undefined, 'id or sub')
              .transform(({ sub, ...s }) => ({ ...s, id: s.id ?? sub! })),
          )
          .optional(),
      }),
    )
    .min(1),
  total: points,
  grade: z.string(),
  grade_base: z.number().int().min(1).max(6),
  errors: z
    .array(z.object({ quote: z.string(), type: z.string().optional(), where: z.string().optional() }))
    .optional(),
  not_errors: z.array(z.object({ quote: z.string(), why: z.string().optional() })).optional(),
});
export type CaseGold = z.infer<typeof goldSchema>;

export type TeacherCase = {
  /** the folder's name, with "#2" for the second pupil of a folder with several */
  id: string;
  folder: string;
  /** null when the folder has no key.txt (graded without a key then) */
  key: string | null;
  answer: string;
  gold: CaseGold;
};

/** A folder or pupil that could not be read, and why. */
export type UnreadableCase = { id: string; reason: string };

/**
 * Where the teacher cases are read (read-only, never copied into the repo): KORRIGO_TEACHER_CASES when
 * set, else `../shared/teacher-cases` next to the repo root.
 */
export function teacherCasesRoot(): string {
  return path.resolve(repoRoot, process.env.KORRIGO_TEACHER_CASES ?? '../shared/teacher-cases');
}

/** The sealed round the blind measure reads; earlier rounds are development data (ADR 0022). */
export const sealedRoot = path.resolve(repoRoot, 'packages/grading/bench/sealed/round-12');

function readText(file: string): string {
  return readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
}

/** The pupils of one folder: `answer.txt`/`gold.json`, or the pairs `answer-N.txt`/`gold-N.json`. */
function pupilsOf(dir: string): { suffix: string; answer: string; gold: string }[] {
  const files = readdirSync(dir);
  if (files.includes('answer.txt') || files.includes('gold.json'))
    return [{ suffix: '', answer: 'answer.txt', gold: 'gold.json' }];
  const numbers = new Set<number>();
  for (const f of files) {
    const m = /^(?:answer|gold)-(\d+)\.(?:txt|json)$/.exec(f);
    if (m) numbers.add(Number(m[1]));
  }
  return [...numbers]
    .sort((a, b) => a - b)
    .map((n) => ({ suffix: `#${n}`, answer: `answer-${n}.txt`, gold: `gold-${n}.json` }));
}

/**
 * Every case under `root`, folders sorted by name. A folder or pupil whose files are missing or whose gold
 * does not fit the format is listed in `unreadable` instead of stopping the run.
 */
export function loadTeacherCases(root: string): { cases: TeacherCase[]; unreadable: UnreadableCase[] } {
  const cases: TeacherCase[] = [];
  const unreadable: UnreadableCase[] = [];
  const folders = readdirSync(root)
    .filter((name) => !name.startsWith('.') && statSync(path.join(root, name)).isDirectory())
    .sort();
  for (const folder of folders) {
    const dir = path.join(root, folder);
    const keyFile = path.join(dir, 'key.txt');
    const key = existsSync(keyFile) ? readText(keyFile) : null;
    const pupils = pupilsOf(dir);
    if (pupils.length === 0)
      unreadable.push({ id: folder, reason: 'no answer.txt/gold.json and no answer-N.txt/gold-N.json' });
    for (const pupil of pupils) {
      const id = `${folder}${pupil.suffix}`;
      const answerFile = path.join(dir, pupil.answer);
      const goldFile = path.join(dir, pupil.gold);
      if (!existsSync(answerFile) || !existsSync(goldFile)) {
        unreadable.push({ id, reason: `${existsSync(answerFile) ? pupil.gold : pupil.answer} is missing` });
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(readText(goldFile));
      } catch (error) {
        unreadable.push({ id, reason: `${pupil.gold} is not JSON: ${(error as Error).message}` });
        continue;
      }
      const gold = goldSchema.safeParse(json);
      if (!gold.success) {
        const issues = gold.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        unreadable.push({ id, reason: `${pupil.gold} does not fit the format: ${issues}` });
        continue;
      }
      cases.push({ id, folder, key, answer: readText(answerFile), gold: gold.data });
    }
  }
  return { cases, unreadable };
}

/**
 * A corpus test of bench/tests written as a teacher case's files (for the small test of bench:cases, which
 * must not depend on ../shared). Subtasks become "1a"; the grade has no tendency.
 */
export function caseFilesOf(test: LoadedTest): { key: string | null; answer: string; gold: CaseGold } {
  const tasks: CaseGold['tasks'] = [];
  for (const s of test.gold.subtasks) {
    let task = tasks.find((t) => t.task === s.task);
    if (!task) {
      task = { task: s.task, max: 0, points: 0, subtasks: [] };
      tasks.push(task);
    }
    task.max += s.max;
    task.points += s.points;
    if (s.sub) task.subtasks!.push({ id: `${s.task}${s.sub}`, max: s.max, points: s.points });
  }
  const total = tasks.reduce((a, t) => a + t.points, 0);
  const grade = goldGrade(test);
  return {
    key: test.key,
    answer: test.answer,
    gold: {
      subject: test.subject,
      grade_level: test.class,
      max_points: tasks.reduce((a, t) => a + t.max, 0),
      tasks,
      total,
      grade: String(grade),
      grade_base: grade,
      errors: test.gold.errors.map((e) => ({ quote: e.quote, type: e.kind })),
      not_errors: test.gold.nonErrors.map((e) => ({ quote: e.quote })),
    },
  };
}
