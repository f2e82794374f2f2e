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
  /** a job active for longer than this is taken to have died with its process and is retried */
  expireInSeconds: number;
  handle(payload: T, run: JobRun): Promise<void>;
  onDead?(payload: T): Promise<void>;
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
};

type Envelope = { v: number; payload: unknown };

export type Jobs = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Enqueues a job. Pass `executor` to write the job inside the caller's transaction: it exists exactly when
   * the transaction commits.
   */
  send<T>(definition: JobDefinition<T>, payload: T, executor?: SqlExecutor): Promise<string>;
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

  async function ensureQueue(name: string, queue: Parameters<PgBoss['createQueue']>[1]) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
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
          expireInSeconds: expiry(definition),
          deadLetter: deadName(definition.name),
        });
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
    },

    async stop() {
      if (!started) return;
      started = false;
      // graceful: running handlers finish; the database is closed by its owner afterwards
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 30_000 });
    },

    async send(definition, payload, executor) {
      const data: Envelope = { v: definition.version, payload: definition.schema.parse(payload) };
      const id = await boss.send(definition.name, data, {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        expireInSeconds: expiry(definition as JobDefinition<never>),
        ...(executor ? { db: executor } : {}),
      });
      if (!id) throw new Error(`${definition.name}: job was not created`);
      return id;
    },

    nudge: nudgeWorkers,
  };
}
