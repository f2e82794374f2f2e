import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiRuns, analyses, creditCharges, profiles } from '../src/db/schema';
import { openDatabase, type DatabaseHandle } from '../src/platform/db';
import { createPostgresDatabase, TEST_ORIGIN } from './support/build-test-app';
import { buildSignup, cookiesFrom } from './support/factories';

/**
 * Issue 19 §5, ADR 0017: two API processes and two `npm run worker` processes on one PostgreSQL database, as
 * the README's production start runs them. A burst of 40 typed analyses spread over both API processes is
 * graded exactly once each; a rate limit counts across both API processes; a worker killed with SIGKILL while
 * it holds a job loses nothing, and its job runs again on the other worker long before pg-boss's 300 s expiry.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// the compiled server, as the README's production start runs it (built in beforeAll: `npm run build:server`)
const serverEntry = path.join(root, 'apps/server/dist/server.mjs');
const workerEntry = path.join(root, 'apps/server/dist/worker.mjs');
// the API processes listen on free ports the system picks (PORT=0) and name them in their log; the workers
// listen on nothing
const apiPorts: number[] = [];
const BURST = 40;

type Child = { child: ChildProcess; output: () => string; exited: Promise<void> };
/** every process started, from the moment it is spawned: killed after the test, whatever happened */
const spawned: Array<Pick<Child, 'child' | 'exited'>> = [];

/** A process of ours as the production units start it; resolves once its log says `ready`. */
function startProcess(entry: string, env: Record<string, string>, ready: RegExp): Promise<Child> {
  const processEnv = { ...process.env };
  delete processEnv.DATABASE_URL;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...processEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  spawned.push({ child, exited });
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output: () => output, exited });
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code, signal) =>
      reject(new Error(`${path.basename(entry)} ended (${code ?? signal}) before it was ready:\n${output}`)),
    );
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  '[SCALE] several API and worker processes on one PostgreSQL (needs TEST_DATABASE_URL: PGlite is one process)',
  () => {
    let database: { url: string; drop(): Promise<void> } | undefined;
    let handle: DatabaseHandle | undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-scale-'));

    beforeAll(() => {
      execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'pipe' });
    });

    afterAll(async () => {
      for (const { child, exited } of spawned) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
      await handle?.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('grades a burst of 40 once each, limits across processes and retries a killed worker’s job at once', async () => {
      // empty: the four processes start together and migrate it one after the other (platform/db.ts)
      database = await createPostgresDatabase({ empty: true });
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        // one data directory stands for the shared storage; one secret for every process's cookies
        DATA_DIR: dataDir,
        AUTH_SECRET: 'scale-test-secret-scale-test-secret-0123',
        PUBLIC_URL: TEST_ORIGIN,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        UPLOAD_RATE_LIMIT_PER_10_MINUTES: String(BURST),
        AUTH_RATE_LIMIT_PER_MINUTE: '10',
        // a dead worker's jobs are found within 3 s (production: 30 s)
        JOB_HEARTBEAT_SECONDS: '1',
        JOB_STALE_AFTER_SECONDS: '3',
      };
      const started = Date.now();
      const [apiA, apiB, workerA, workerB] = await Promise.all([
        ...[1, 2].map(() =>
          startProcess(
            serverEntry,
            { ...env, PORT: '0', RUN_JOBS: 'false' },
            /Server listening at http:\/\/127\.0\.0\.1:\d+/,
          ),
        ),
        ...[1, 2].map(() => startProcess(workerEntry, env, /worker taking grading jobs/)),
      ]);
      for (const api of [apiA!, apiB!]) {
        apiPorts.push(Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(api.output())![1]));
      }
      const startupMs = Date.now() - started;
      handle = await openDatabase({ databaseUrl: database.url, dataDir });
      const db = handle.db;

      const call = (
        port: number,
        url: string,
        init: { method?: string; body?: object; cookie?: string } = {},
      ) =>
        fetch(`http://127.0.0.1:${port}${url}`, {
          method: init.method ?? 'GET',
          headers: {
            origin: TEST_ORIGIN,
            ...(init.body ? { 'content-type': 'application/json' } : {}),
            ...(init.cookie ? { cookie: init.cookie } : {}),
          },
          ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        });

      // a teacher signs up through one API process and is signed in on the other
      const signup = buildSignup({ accountType: 'teacher' });
      const signedUp = await call(apiPorts[0]!, '/api/signup', { method: 'POST', body: signup });
      expect(signedUp.status, await signedUp.clone().text()).toBe(201);
      const cookie = cookiesFrom({ 'set-cookie': signedUp.headers.getSetCookie() });
      const userId = ((await signedUp.json()) as { profile: { id: string } }).profile.id;
      expect((await call(apiPorts[1]!, '/api/profile', { cookie })).status).toBe(200);
      await db.update(profiles).set({ credits: BURST, usedCredits: 0 }).where(eq(profiles.userId, userId));

      // worker B is paused (SIGSTOP) until worker A holds a job: 40 small papers are graded within a second,
      // and whichever worker polls first could take every one of them before the other looks
      workerB!.child.kill('SIGSTOP');

      // the burst: 40 small typed papers as a teacher sends them, alternating between the API processes
      const answerKeyText = 'Aufgabe 1 (2 P): Berechne 7 · 8.\n7 · 8 = 56 (2 P)';
      const burstStart = Date.now();
      const sent = await Promise.all(
        Array.from({ length: BURST }, async (_, index) => {
          const response = await call(apiPorts[index % 2]!, '/api/analyses', {
            method: 'POST',
            cookie,
            body: { text: `Aufgabe 1\n7 · 8 = ${50 + (index % 10)}`, answerKeyText },
          });
          expect(response.status, await response.clone().text()).toBe(202);
          return ((await response.json()) as { id: string }).id;
        }),
      );

      // worker A is killed with SIGKILL while it holds a job (its lease names its process id)
      const heldBy = async (pid: number) =>
        (
          await db.execute(sql`
            SELECT l.job_id AS id FROM job_leases l JOIN pgboss.job j ON j.id = l.job_id AND j.started_on = l.started_on
            WHERE j.state = 'active' AND l.holder LIKE ${`%:${pid}:%`}`)
        ).rows.map((row) => row.id as string);
      let held: string[] = [];
      for (let tries = 0; held.length === 0 && tries < 1500; tries += 1) {
        held = await heldBy(workerA!.child.pid!);
        if (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(held.length, 'worker A never held a job').toBeGreaterThan(0);
      // frozen first, so that the jobs it holds are still its own when it dies (a small paper takes
      // milliseconds), then killed; worker B goes on
      workerA!.child.kill('SIGSTOP');
      held = await heldBy(workerA!.child.pid!);
      expect(held.length, 'worker A never held a job').toBeGreaterThan(0);
      workerA!.child.kill('SIGKILL');
      const killedAt = Date.now();
      await workerA!.exited;
      workerB!.child.kill('SIGCONT');
      // the jobs it held when it died
      const { rows: orphans } = await db.execute(sql`
        SELECT id FROM pgboss.job WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(held)}::jsonb)::uuid)
          AND state = 'active'`);
      const orphanIds = orphans.map((row) => row.id as string);
      expect(orphanIds.length).toBeGreaterThan(0);

      // picked up again: active under worker B's lease, or already done
      let pickupMs: number | undefined;
      const workerBPid = workerB!.child.pid!;
      while (pickupMs === undefined && Date.now() - killedAt < 120_000) {
        const { rows } = await db.execute(sql`
          SELECT count(*)::int AS n FROM pgboss.job j
          WHERE j.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(orphanIds)}::jsonb)::uuid)
            AND (j.state = 'completed'
              OR (j.state = 'active' AND EXISTS (SELECT 1 FROM job_leases l WHERE l.job_id = j.id
                    AND l.started_on = j.started_on AND l.holder LIKE ${`%:${workerBPid}:%`})))`);
        if ((rows[0]!.n as number) === orphanIds.length) pickupMs = Date.now() - killedAt;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }

      // every paper done
      let burstMs: number | undefined;
      while (burstMs === undefined && Date.now() - burstStart < 180_000) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(analyses)
          .where(and(eq(analyses.userId, userId), eq(analyses.status, 'processing')));
        if (row!.n === 0) burstMs = Date.now() - burstStart;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.log(
        `[SCALE] start-up of 4 processes ${seconds(startupMs)}; burst of ${BURST} graded in ${burstMs ? seconds(burstMs) : 'never'}; ` +
          `worker killed holding ${orphanIds.length} job(s), picked up by the other worker after ${pickupMs ? seconds(pickupMs) : 'never'}`,
      );
      expect(pickupMs, 'the killed worker’s job was not picked up').toBeDefined();
      // the expiry is 300 s; the leases find a dead process within the heartbeat and the stale time
      expect(pickupMs!).toBeLessThan(60_000);
      expect(burstMs).toBeDefined();

      // graded exactly once: one result, one stored run, one confirmed charge, one completed job per paper
      const rows = await db.select().from(analyses).where(eq(analyses.userId, userId));
      expect(rows.map((row) => row.id).sort()).toEqual([...sent].sort());
      expect(rows.every((row) => row.status === 'done' && row.result !== null)).toBe(true);
      const runs = await db.select().from(aiRuns);
      for (const id of sent) {
        expect(runs.filter((run) => run.analysisId === id && run.outcome !== 'failed')).toHaveLength(1);
      }
      const charges = await db.select().from(creditCharges).where(eq(creditCharges.userId, userId));
      expect(charges.map((charge) => charge.analysisId).sort()).toEqual([...sent].sort());
      expect(charges.every((charge) => charge.confirmed && !charge.refunded && charge.credits === 1)).toBe(
        true,
      );
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      expect(profile!.usedCredits).toBe(BURST);
      const { rows: jobs } = await db.execute(sql`
        SELECT data->'payload'->>'analysisId' AS id, state FROM pgboss.job WHERE name = 'grade-analysis'`);
      expect(
        jobs
          .filter((job) => job.state === 'completed')
          .map((job) => job.id)
          .sort(),
      ).toEqual([...sent].sort());

      // a session ended through one API process is forgotten by the other at once, not after its 30 s cache
      expect((await call(apiPorts[1]!, '/api/profile', { cookie })).status).toBe(200);
      const signedOut = await call(apiPorts[0]!, '/api/auth/sign-out', { method: 'POST', body: {}, cookie });
      expect(signedOut.status).toBe(200);
      const signOutAt = Date.now();
      let stillIn = true;
      while (stillIn && Date.now() - signOutAt < 2_000) {
        stillIn = (await call(apiPorts[1]!, '/api/profile', { cookie })).status === 200;
      }
      expect(stillIn, 'the other process still let the ended session in').toBe(false);

      // a rate limit across processes: 10 failed sign-ins per minute and address in all, not 10 per process
      const answers: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const response = await call(apiPorts[attempt % 2]!, '/api/auth/sign-in/email', {
          method: 'POST',
          body: { email: `niemand-${attempt}@example.de`, password: 'falsch-falsch' },
        });
        answers.push(response.status);
      }
      expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(answers.slice(10)).toEqual([429, 429]);
    }, 240_000);
  },
);
