/**
 * `npm run bench:analytics` (issue 18 §4): how fast the analytics page answers a teacher with 10,000 graded
 * analyses on PGlite, the default database. The app is built as `npm start` builds it (production, PGlite in
 * a fresh data directory) and listens; a teacher signs up through the API and gets, inserted in batches with
 * drizzle: 8 classes of 25 pupils with a course each, 10,000 analyses over 400 days in 4 subjects whose
 * results have 3-5 tasks with 0-8 categorised errors, 40 class sets of 25 of those papers, 12 saved tests
 * graded outside sets; other teachers get 2,000 analyses each. Then the real routes are asked one request at
 * a time (as one teacher's browser does): the overview for each timeframe with and without a class filter
 * and the question analysis of a set, a warm-up and then BENCH_REQUESTS (default 50) requests each.
 * Prints p50/p95/max per route and PASS when every route's p95 is under 300 ms, else FAIL (exit code 1).
 *
 *   BENCH_REQUESTS=n  measured requests per route (default 50)
 *   --small           200 analyses of the teacher, 50 of one other, 2 sets, 2 requests per route after one
 *                     warm-up, and no PASS/FAIL: the size `npm test` runs, to see that the benchmark still runs
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { analyticsTimeframes } from '@korrigo/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import {
  analyses,
  classEvaluationPapers,
  classEvaluations,
  classes,
  classStudents,
  classTeachers,
  courseClasses,
  courses,
  courseTeachers,
  schools,
  schoolTeachers,
} from '../src/db/schema';
import { analysisSeedValues, seedTask } from '../src/modules/history/analysis-seed';
import { signUpTeacher } from './sign-up';

const SMALL = process.argv.includes('--small');
const TEACHER_ROWS = SMALL ? 200 : 10_000;
const OTHER_TEACHERS = SMALL ? 1 : 3;
const OTHER_ROWS = SMALL ? 50 : 2_000;
const CLASSES = 8;
const PUPILS_PER_CLASS = 25;
const SETS = SMALL ? 2 : 40;
const SET_SIZE = 25;
const KEYS = 12;
const DAYS = 400;
const REQUESTS = SMALL ? 2 : Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP = SMALL ? 1 : 5;
const TARGET_P95_MS = 300;

const subjects = ['Deutsch', 'Mathematik', 'Englisch', 'Biologie'];
const categories = ['spelling', 'grammar', 'maths', 'content', 'style', 'structure', undefined];
const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Emil', 'Fatma', 'Greta', 'Hannes', 'Ida', 'Jonas'];
const lastNames = ['Schmidt', 'Müller', 'Yılmaz', 'Weber', 'Fischer', 'Nowak', 'Krause', 'Wolf'];

/** A fixed pseudo-random sequence (LCG), so every run seeds the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-bench-analytics-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const { app, context } = await buildApp(config, { logger: false });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = context.database.db;
  try {
    const teacher = await signUpTeacher(origin, 'analytics');
    const others = [];
    for (let n = 1; n <= OTHER_TEACHERS; n += 1) others.push(await signUpTeacher(origin, `other-${n}`));

    const started = performance.now();
    const next = random(18);
    const [school] = await db
      .insert(schools)
      .values({ name: 'Benchschule', createdBy: teacher.userId })
      .returning();
    await db.insert(schoolTeachers).values({ schoolId: school!.id, userId: teacher.userId });
    const groups: {
      classId: string;
      courseId: string;
      subject: string;
      pupils: { id: string; name: string }[];
    }[] = [];
    for (let c = 0; c < CLASSES; c += 1) {
      const [row] = await db
        .insert(classes)
        .values({
          schoolId: school!.id,
          name: `${5 + c}${'ab'[c % 2]}`,
          gradeLevel: String(5 + c),
          createdBy: teacher.userId,
        })
        .returning();
      await db.insert(classTeachers).values({ classId: row!.id, userId: teacher.userId });
      const pupils = await db
        .insert(classStudents)
        .values(
          Array.from({ length: PUPILS_PER_CLASS }, (_, p) => ({
            classId: row!.id,
            name: `${firstNames[(c + p) % firstNames.length]} ${lastNames[p % lastNames.length]} ${c}${p}`,
          })),
        )
        .returning({ id: classStudents.id, name: classStudents.name });
      const subject = subjects[c % subjects.length]!;
      const [course] = await db
        .insert(courses)
        .values({
          schoolId: school!.id,
          name: `${subject} ${row!.name}`,
          subject,
          schedule: [],
          createdBy: teacher.userId,
        })
        .returning();
      await db.insert(courseClasses).values({ courseId: course!.id, classId: row!.id });
      await db.insert(courseTeachers).values({ courseId: course!.id, userId: teacher.userId });
      groups.push({ classId: row!.id, courseId: course!.id, subject, pupils });
    }
    // each pupil's ability drifts over the year, so that trends are there to find
    const ability = new Map(
      groups.flatMap((g) => g.pupils.map((p) => [p.id, 0.35 + next() * 0.55] as const)),
    );
    const drift = new Map(groups.flatMap((g) => g.pupils.map((p) => [p.id, (next() - 0.5) * 0.4] as const)));
    const now = Date.now();

    function row(userId: string, i: number, own: boolean) {
      const group = groups[i % CLASSES]!;
      const pupil = group.pupils[Math.floor(next() * PUPILS_PER_CLASS)]!;
      const age = next();
      const share = Math.min(
        1,
        Math.max(0, ability.get(pupil.id)! + drift.get(pupil.id)! * (1 - age) + (next() - 0.5) * 0.3),
      );
      const taskCount = 3 + Math.floor(next() * 3);
      let errorsLeft = Math.floor(next() * 9);
      const tasks = Array.from({ length: taskCount }, (_, k) => {
        const max = 5 + ((i + k) % 4) * 5;
        const points = Math.round(Math.min(max, Math.max(0, max * (share + (next() - 0.5) * 0.4))) * 2) / 2;
        const errors = Array.from(
          { length: k === taskCount - 1 ? errorsLeft : Math.floor(next() * (errorsLeft + 1)) },
          () => {
            const category = categories[Math.floor(next() * categories.length)];
            return { title: `Fehler ${category ?? 'ohne Art'} ${Math.floor(next() * 4)}`, category };
          },
        );
        errorsLeft -= errors.length;
        return seedTask(`Aufgabe ${k + 1}`, points, max, errors);
      });
      const achieved = tasks.reduce((sum, task) => sum + (task.achieved_points ?? 0), 0);
      const total = tasks.reduce((sum, task) => sum + (task.max_points ?? 0), 0);
      const key = own && i % 7 === 0 ? `bench-key-${i % KEYS}` : null;
      return {
        ...analysisSeedValues(userId, {
          title: `Arbeit ${i + 1}`,
          subject: own ? group.subject : subjects[i % subjects.length]!,
          studentName: pupil.name,
          achievedPoints: achieved,
          totalPoints: total,
          tasks,
          createdAt: new Date(now - age * DAYS * 86_400_000),
        }),
        ...(own
          ? {
              classId: group.classId,
              courseId: group.courseId,
              schoolId: school!.id,
              // every fifth paper carries only the typed name, as a single analysis often does: the
              // progress table matches it to the roster entry by name
              classStudentId: i % 5 === 0 ? null : pupil.id,
              answerKeyTestId: key,
              answerKey: key ? ({ title: `Test ${key}` } as never) : null,
            }
          : {}),
      };
    }

    async function insertFor(userId: string, count: number, own: boolean): Promise<string[]> {
      const ids: string[] = [];
      for (let offset = 0; offset < count; offset += 500) {
        const values = Array.from({ length: Math.min(500, count - offset) }, (_, n) =>
          row(userId, offset + n, own),
        );
        ids.push(
          ...(await db.insert(analyses).values(values).returning({ id: analyses.id })).map((r) => r.id),
        );
      }
      return ids;
    }
    const ids = await insertFor(teacher.userId, TEACHER_ROWS, true);
    for (const other of others) await insertFor(other.userId, OTHER_ROWS, false);

    // 40 sets of 25 papers of one class each, dated like their papers
    const setIds: string[] = [];
    for (let s = 0; s < SETS; s += 1) {
      const group = groups[s % CLASSES]!;
      const [set] = await db
        .insert(classEvaluations)
        .values({
          userId: teacher.userId,
          status: 'needs_review',
          testName: `Klassenarbeit ${s + 1}`,
          courseName: `${group.subject}`,
          courseId: group.courseId,
          classId: group.classId,
          options: {
            subject: group.subject,
            gradeLevel: 'Auto',
            depth: 'Auto',
            feedback: [],
            temperature: 0.1,
            customInstructions: '',
          },
          failingShareThreshold: 1 / 3,
        })
        .returning();
      setIds.push(set!.id);
      // papers of the set's class (every CLASSES-th analysis is of one class), not graded against a saved key
      const papers = ids
        .filter((_, i) => i % CLASSES === s % CLASSES && i % 7 !== 0)
        .slice(Math.floor(s / CLASSES) * SET_SIZE, Math.floor(s / CLASSES) * SET_SIZE + SET_SIZE);
      await db.insert(classEvaluationPapers).values(
        papers.map((analysisId, position) => ({
          evaluationId: set!.id,
          position,
          match: 'upload' as const,
          analysisId,
        })),
      );
      // a set is one sitting: its papers get one date
      const when = new Date(now - (s / SETS) * DAYS * 86_400_000);
      await db.execute(
        sql`UPDATE analyses SET created_at = ${when.toISOString()}::timestamptz WHERE id IN (SELECT analysis_id FROM class_evaluation_papers WHERE evaluation_id = ${set!.id})`,
      );
    }
    // what autovacuum does after a bulk load on a real server: fresh planner statistics
    await db.execute(sql`ANALYZE`);
    const [counted] = (
      await db.execute(
        sql`SELECT (SELECT count(*) FROM analyses) AS analyses, (SELECT count(*) FROM analysis_error_counts) AS error_rows`,
      )
    ).rows as { analyses: number; error_rows: number }[];
    console.log(
      `seeded ${counted!.analyses} analyses (${TEACHER_ROWS} of the teacher), ${counted!.error_rows} error-count rows, ${SETS} sets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const routes: [string, string][] = [];
    for (const timeframe of analyticsTimeframes) {
      routes.push([`overview ${timeframe}`, `/api/analytics/overview?timeframe=${timeframe}`]);
      routes.push([
        `overview ${timeframe} + class`,
        `/api/analytics/overview?timeframe=${timeframe}&classId=${groups[0]!.classId}`,
      ]);
    }
    routes.push(['questions of a set', `/api/analytics/questions?test=set:${setIds[0]}`]);
    routes.push([
      'questions of a saved test',
      `/api/analytics/questions?test=key:bench-key-0&timeframe=year`,
    ]);

    let pass = true;
    console.log(
      `route                              p50       p95       max   (${REQUESTS} requests, one at a time)`,
    );
    for (const [label, url] of routes) {
      const latencies: number[] = [];
      for (let n = 0; n < WARM_UP + REQUESTS; n += 1) {
        const begun = performance.now();
        const response = await fetch(`${origin}${url}`, { headers: { cookie: teacher.cookie } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${label}: ${response.status} ${body.slice(0, 300)}`);
        if (n >= WARM_UP) latencies.push(performance.now() - begun);
      }
      latencies.sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      if (p95 >= TARGET_P95_MS) pass = false;
      const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
      console.log(`${label.padEnd(32)} ${ms(percentile(latencies, 50))} ${ms(p95)} ${ms(latencies.at(-1)!)}`);
    }
    // two requests on a few hundred analyses are no measure of the target
    if (SMALL) return;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: p95 of every analytics route ${pass ? 'under' : 'not under'} ${TARGET_P95_MS} ms on PGlite`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
