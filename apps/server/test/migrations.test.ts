import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db';

const migrations = path.resolve(import.meta.dirname, '../src/db/migrations');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-migrations-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** The migrations as an earlier release shipped them: 0009 journaled in the future, maybe fewer entries. */
function earlierRelease(name: string, entries: number) {
  const folder = path.join(temp, name);
  fs.cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  journal.entries = journal.entries.slice(0, entries);
  journal.entries.find((entry) => entry.tag === '0009_analysis_transcription')!.when = 1795600000000;
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function installWith(folder: string, dataDir: string) {
  fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const client = await PGlite.create(path.join(dataDir, 'db'));
  await migrate(drizzle(client) as never, { migrationsFolder: folder });
  await client.close();
}

async function tables(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const { rows } = await database.sql.executeSql(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  await database.close();
  return (rows as { table_name: string }[]).map((row) => row.table_name);
}

// migrating a PGlite from nothing twice takes seconds alone and half a minute beside other test files
describe('[MIGRATIONS] databases made by earlier releases catch up', { timeout: 120_000 }, () => {
  it('applies 0010 and later to a database that stopped at 0009 with its future journal time', async () => {
    const dataDir = path.join(temp, 'stuck');
    await installWith(earlierRelease('up-to-0009', 10), dataDir);
    expect(await tables(dataDir)).toEqual(
      expect.arrayContaining(['classes', 'courses', 'practice_sessions']),
    );
  });

  it('applies nothing twice to a database that has every earlier migration', async () => {
    const dataDir = path.join(temp, 'complete');
    const all = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')).entries
      .length;
    // an installation of the release before the newest migration: it gets only that one
    await installWith(earlierRelease('all-but-last', all - 1), dataDir);
    expect(await tables(dataDir)).toEqual(expect.arrayContaining(['classes', 'practice_sessions']));
    // and opening it again changes nothing
    expect(await tables(dataDir)).toEqual(expect.arrayContaining(['classes', 'practice_sessions']));
  });
});
