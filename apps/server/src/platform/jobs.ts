import crypto from 'node:crypto';
import os from 'node:os';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SqlExecutor } from './db';

type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** What a handler learns about its run besides the payload. */
export type JobRun = { jobId: string; retryCount: number; retryLimit: number; isLastAttempt: boolean };

/**
 * A job is data (docs/conventions.md §2): a queue name, a payload version, a payload schema and an idempotent
 * handler. pg-boss retries a handler that throws; when the retries are spent (or the process died too often while
 * running it) the job moves to `<name>-dead`, whose handler `onDead` settles it for good.
 */
export type JobDefinition<T> = {
  name: string;
  version: number;
  schema: z.ZodType<T>;
  retryLimit: number;
  retryDelaySeconds: number;
  /** pg-boss doubles the delay after each failed try (a remote service's outage: ask less and less often) */
  retryBackoff?: boolean;
  /** a job active for longer than this is taken to have died with its process and is retried */
  expireInSeconds: number;
  handle(payload: T, run: JobRun): Promise<void>;
  onDead?(payload: T): Promise<void>;
  /**
   * A job that runs by the clock (retention, ADR 0016): pg-boss sends `payload` on this cron in this time
   * zone, once per slot however many processes run, and whichever process works the queue takes it.
   */
  schedule?: { cron: string; timeZone: string; payload: T };
  /**
   * 'stately': at most one job of the queue waits and one runs (pg-boss's queue policy); a send while one
   * waits creates none and answers null, as the waiting one will do the same work (the erasure's reclaim).
   */
  policy?: 'stately';
};

export type JobsOptions = {
  /** false: this process only enqueues (an API process when `npm run worker` does the work) */
  work?: boolean;
  /** workers per queue in this process; grading is CPU-bound, so the cores are the sensible ceiling */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** overrides every definition's expiry (tests of crash recovery) */
  expireInSeconds?: number;
  /**
   * On PostgreSQL: how often this process renews the leases of the jobs it runs and looks for jobs of
   * processes that stopped renewing theirs (ADR 0017 §3); default 10 s.
   */
  heartbeatSeconds?: number;
  /** a lease not renewed for this long belongs to a dead process: its job is retried; default 30 s */
  staleAfterSeconds?: number;
};

type Envelope = { v: number; payload: unknown };

export type Jobs = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Enqueues a job. Pass `executor` to write the job inside the caller's transaction: it exists exactly when
   * the transaction commits.
   */
  send<T>(definition: JobDefinition<T>, payload: T, executor?: SqlExecutor): Promise<string | null>;
  /** wakes this process's idle workers of a queue after a commit, instead of waiting for the next poll */
  nudge(name: string): void;
  boss: PgBoss;
};

/**
 * pg-boss's `executeSql(text, values)` on a drizzle transaction. pg-boss writes `$1 … $n` placeholders;
 * drizzle numbers parameters itself, so each placeholder becomes a bound parameter in order. Objects are
 * sent as JSON text, as `pg` would do.
 */
export function transactionExecutor(tx: { execute(query: SQL): Promise<unknown> }): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        const value = values[Number(match[1]) - 1];
        const bound =
          value !== null && typeof value === 'object' && !(value instanceof Date)
            ? JSON.stringify(value)
            : value;
        chunks.push(sql`${bound ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export function createJobs(deps: {
  sql: SqlExecutor;
  kind: 'pglite' | 'postgres';
  definitions: JobDefinition<never>[];
  log: Log;
  options?: JobsOptions;
}): Jobs {
  const options = deps.options ?? {};
  const boss = new PgBoss({
    db: deps.sql,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (error: Error) => deps.log.error({ err: error }, 'pg-boss error'));
  const workerIds = new Map<string, string[]>();
  let started = false;

  const deadName = (name: string) => `${name}-dead`;
  const nudgeWorkers = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  const expiry = (definition: JobDefinition<never>) => options.expireInSeconds ?? definition.expireInSeconds;

  /**
   * Processes starting together on PostgreSQL (ADR 0017) race to create the same queues: pg-boss 10 creates a
   * queue's partition table in its insert, and two of them deadlock or collide. The loser tries again and
   * finds the queue made.
   */
  async function ensureQueue(name: string, queue: Parameters<PgBoss['createQueue']>[1]) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
        else await boss.createQueue(name, queue);
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // deadlock, serialization failure, unique violation, table already exists
        const raced = ['40P01', '40001', '23505', '42P07'].includes(String(code));
        if (!raced || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }

  function parse(definition: JobDefinition<never>, data: unknown) {
    const envelope = data as Envelope;
    if (envelope?.v !== definition.version) {
      throw new Error(
        `${definition.name}: payload version ${String(envelope?.v)} is not ${definition.version}`,
      );
    }
    return definition.schema.parse(envelope.payload);
  }

  /**
   * On PGlite only this process can have the database open, so a job still `active` at start-up belongs to a
   * process that died: it is failed at once (and so retried) instead of waiting for its expiry. On PostgreSQL
   * other workers may be running it, so there the expiry decides.
   */
  async function releaseOrphans(name: string) {
    if (deps.kind !== 'pglite') return;
    const { rows } = await deps.sql.executeSql(
      `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
      [name],
    );
    const ids = (rows as { id: string }[]).map((row) => row.id);
    if (ids.length === 0) return;
    await boss.fail(name, ids);
    deps.log.warn({ queue: name, jobs: ids.length }, 'retrying jobs left active by an earlier process');
  }

  /**
   * Leases (ADR 0017 §3). pg-boss 10 notices a job whose process died only when the job expires (300 s for
   * grading). So every job-running process on PostgreSQL records which job run it holds (`job_leases`, keyed
   * by the job and the run's `started_on`), renews its leases every `heartbeatSeconds`, and on the same beat
   * fails the active jobs whose lease nobody renewed for `staleAfterSeconds`: pg-boss then retries them like
   * an expired job (same retry count, same dead letter). The DELETE claims a stale lease for exactly one
   * process; a lease whose run has ended (completed, failed, retried) is deleted on the way; an active job
   * that never got a lease (its process died before writing it) gets a stale one.
   */
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const useLeases = deps.kind === 'postgres' && options.work !== false;
  const heartbeatMs = (options.heartbeatSeconds ?? 10) * 1000;
  const staleAfterSeconds = options.staleAfterSeconds ?? 30;
  let heartbeat: NodeJS.Timeout | undefined;

  // started_on from the job row itself: the JavaScript Date of the job has lost its microseconds
  async function lease(name: string, jobId: string) {
    await deps.sql.executeSql(
      `INSERT INTO job_leases (job_id, queue, holder, started_on, renewed_at)
       SELECT id, $2, $3, started_on, now() FROM pgboss.job WHERE id = $1 AND state = 'active'
       ON CONFLICT (job_id) DO UPDATE
         SET queue = excluded.queue, holder = excluded.holder, started_on = excluded.started_on, renewed_at = now()`,
      [jobId, name, holder],
    );
  }

  async function beat() {
    await deps.sql.executeSql(`UPDATE job_leases SET renewed_at = now() WHERE holder = $1`, [holder]);
    await deps.sql.executeSql(
      `DELETE FROM job_leases l WHERE NOT EXISTS (
         SELECT 1 FROM pgboss.job j WHERE j.id = l.job_id AND j.state = 'active' AND j.started_on = l.started_on)`,
    );
    // a process that died between taking a job and writing its lease left the job active without one, and
    // only the expiry (300 s) would find it: such a job gets a lease nobody renews, so the step below
    // retries it like any other (a live process writes its lease within milliseconds of taking the job)
    await deps.sql.executeSql(
      `INSERT INTO job_leases (job_id, queue, holder, started_on, renewed_at)
       SELECT j.id, j.name, 'unknown', j.started_on, to_timestamp(0) FROM pgboss.job j
       WHERE j.state = 'active' AND j.name = ANY($1::text[])
         AND j.started_on < now() - make_interval(secs => $2)
         AND NOT EXISTS (SELECT 1 FROM job_leases l WHERE l.job_id = j.id)
       ON CONFLICT (job_id) DO NOTHING`,
      [deps.definitions.map((definition) => definition.name), staleAfterSeconds],
    );
    const { rows } = await deps.sql.executeSql(
      `DELETE FROM job_leases l USING pgboss.job j
       WHERE j.id = l.job_id AND j.state = 'active' AND j.started_on = l.started_on
         AND l.renewed_at < now() - make_interval(secs => $1)
       RETURNING l.job_id AS id, l.queue AS name, l.holder AS holder`,
      [staleAfterSeconds],
    );
    const stale = rows as { id: string; name: string; holder: string }[];
    for (const name of new Set(stale.map((row) => row.name))) {
      const ids = stale.filter((row) => row.name === name).map((row) => row.id);
      await boss.fail(name, ids);
      deps.log.warn(
        { queue: name, jobs: ids, holders: [...new Set(stale.map((row) => row.holder))] },
        'retrying jobs of a process that stopped',
      );
    }
  }

  return {
    boss,

    async start() {
      await boss.start();
      started = true;
      for (const definition of deps.definitions) {
        await ensureQueue(deadName(definition.name), { name: deadName(definition.name) });
        await ensureQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          ...(definition.retryBackoff ? { retryBackoff: true } : {}),
          expireInSeconds: expiry(definition),
          deadLetter: deadName(definition.name),
          ...(definition.policy ? { policy: definition.policy } : {}),
        });
        if (definition.schedule) {
          const { cron, timeZone, payload } = definition.schedule;
          const data: Envelope = { v: definition.version, payload: definition.schema.parse(payload) };
          await boss.schedule(definition.name, cron, data, { tz: timeZone });
        }
      }
      if (options.work === false) return;
      for (const definition of deps.definitions) {
        await releaseOrphans(definition.name);
        const ids: string[] = [];
        const concurrency = Math.max(1, options.concurrency ?? 1);
        for (let index = 0; index < concurrency; index += 1) {
          ids.push(
            await boss.work(definition.name, { batchSize: 1, includeMetadata: true }, async ([job]) => {
              if (!job) return;
              if (useLeases) await lease(definition.name, job.id);
              const payload = parse(definition, job.data);
              await definition.handle(payload, {
                jobId: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
                isLastAttempt: job.retryCount >= job.retryLimit,
              });
              // pg-boss waits a polling interval after each job even when more are queued: look again at once
              nudgeWorkers(definition.name);
            }),
          );
        }
        if (definition.onDead) {
          const onDead = definition.onDead;
          ids.push(
            await boss.work(deadName(definition.name), { batchSize: 1 }, async ([job]) => {
              if (!job) return;
              await onDead(parse(definition, job.data));
            }),
          );
        }
        workerIds.set(definition.name, ids);
      }
      if (useLeases) {
        heartbeat = setInterval(() => {
          beat().catch((error: unknown) => deps.log.warn({ err: error }, 'job heartbeat failed'));
        }, heartbeatMs);
        heartbeat.unref();
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      clearInterval(heartbeat);
      // graceful: running handlers finish; the database is closed by its owner afterwards
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 30_000 });
    },

    async send(definition, payload, executor) {
      const data: Envelope = { v: definition.version, payload: definition.schema.parse(payload) };
      const id = await boss.send(definition.name, data, {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        ...(definition.retryBackoff ? { retryBackoff: true } : {}),
        expireInSeconds: expiry(definition as JobDefinition<never>),
        ...(executor ? { db: executor } : {}),
      });
      if (!id && definition.policy !== 'stately') throw new Error(`${definition.name}: job was not created`);
      return id;
    },

    nudge: nudgeWorkers,
  };
}
