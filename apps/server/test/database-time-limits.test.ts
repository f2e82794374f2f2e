import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable, openDatabase, type DatabaseHandle } from '../src/platform/db';
import { createPostgresDatabase, everyDatabaseKind } from './support/build-test-app';

/**
 * Short limits, so that what would hang for good fails within seconds here. Not shorter: with a 500 ms wait,
 * twenty queries taking turns on a machine busy with other test files did not all get theirs (CI).
 */
const timeLimits = { waitMs: 2000, transactionMs: 6000, statementMs: 4000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(everyDatabaseKind)('[DATABASE] a hang cannot last, on %s (issue 31)', (kind) => {
  let database: DatabaseHandle;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-limits-'));
    if (kind === 'pglite')
      fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
    postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    database = await openDatabase({ databaseUrl: postgres?.url, dataDir, timeLimits });
    await database.db.execute(sql`create table limits_probe (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into limits_probe values (1, 0)`);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async () => {
    const { rows } = await database.db.execute(sql`select n from limits_probe where id = 1`);
    return Number((rows[0] as { n: number }).n);
  };
  const reset = () => database.db.execute(sql`update limits_probe set n = 0 where id = 1`);

  it('a query outside its transaction fails within the limits; the transaction is undone, nothing runs later', async () => {
    await reset();
    const started = Date.now();
    const outcome = database.db.transaction(async (tx) => {
      await tx.execute(sql`update limits_probe set n = n + 1 where id = 1`);
      // issue 31's mistake, on purpose: on PGlite this waits for the transaction, on PostgreSQL for its lock
      // eslint-disable-next-line korrigo/no-query-outside-transaction
      await database.db.execute(sql`update limits_probe set n = n + 10 where id = 1`);
    });
    await expect(outcome).rejects.toSatisfy(isDatabaseUnavailable);
    expect(Date.now() - started).toBeLessThan(timeLimits.transactionMs);
    expect(await count()).toBe(0);
    // the statement that gave up waiting does not run once the connection is free
    await sleep(200);
    expect(await count()).toBe(0);
  });

  it('a transaction that outstays its limit is undone and the connection is free again', async () => {
    await reset();
    const outcome = database.db.transaction(async (tx) => {
      await tx.execute(sql`update limits_probe set n = n + 1 where id = 1`);
      await sleep(timeLimits.transactionMs + 1000);
      await tx.execute(sql`update limits_probe set n = n + 1 where id = 1`);
    });
    await expect(outcome).rejects.toSatisfy(isDatabaseUnavailable);
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
  });

  it('transactions and statements side by side take turns and all arrive', async () => {
    await reset();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? database.db.transaction(async (tx) => {
              await tx.execute(sql`update limits_probe set n = n + 1 where id = 1`);
              await tx.execute(sql`select n from limits_probe where id = 1`);
            })
          : database.db.execute(sql`update limits_probe set n = n + 1 where id = 1`),
      ),
    );
    expect(await count()).toBe(20);
  });
});
