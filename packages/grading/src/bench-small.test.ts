// bench:cases and bench:layouts in a small size, so `npm test` notices when one stops running (a moved
// export, a changed result shape, a folder format it no longer reads). Only that they run and print their
// figures is checked: the figures are the benchmarks' to report, not a test's to pin. Nothing here needs
// ../shared: the case folders are written from corpus tests of bench/tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCases } from '../bench/cases';
import { loadCorpus, type LoadedTest } from '../bench/corpus';
import { runLayouts } from '../bench/layouts';
import { caseFilesOf } from '../bench/teacher-cases';
import { ENGINE_VERSION } from './index';

const corpus = await loadCorpus();
const withKey = corpus.filter((t) => t.key !== null);

function writeFolder(dir: string, test: LoadedTest, pupils: number | null) {
  mkdirSync(dir);
  const files = caseFilesOf(test);
  writeFileSync(path.join(dir, 'key.txt'), files.key!);
  const gold = JSON.stringify(files.gold, null, 2);
  if (pupils === null) {
    writeFileSync(path.join(dir, 'answer.txt'), files.answer);
    writeFileSync(path.join(dir, 'gold.json'), gold);
  } else
    for (let n = 1; n <= pupils; n++) {
      writeFileSync(path.join(dir, `answer-${n}.txt`), files.answer);
      writeFileSync(path.join(dir, `gold-${n}.json`), gold);
    }
}

describe('benchmarks in a small size', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'korrigo-bench-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'bench:cases grades case folders of both formats and prints its figures',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(root, 'cases');
      mkdirSync(dir);
      // one pupil as in ../shared/teacher-cases, two pupils as in the sealed rounds
      writeFolder(path.join(dir, '01-one-pupil'), withKey[0]!, null);
      writeFolder(path.join(dir, '02-two-pupils'), withKey[1]!, 2);
      const lines: string[] = [];
      const figures = await runCases({ dir, json: path.join(root, 'cases.json'), log: (l) => lines.push(l) });

      expect(figures.cases.map((c) => c.id)).toEqual(['01-one-pupil', '02-two-pupils#1', '02-two-pupils#2']);
      expect(figures.unreadable).toEqual([]);
      const printed = lines.join('\n');
      expect(printed).toContain(ENGINE_VERSION);
      for (const figure of [
        /points error +\d/,
        /grade exact +\d/,
        /grade within one +\d/,
        /no grade proposed +\d/,
        /engine max = key's +\d/,
        /unanswered although the gold gives points: \d/,
        /by subject group/,
      ])
        expect(printed).toMatch(figure);
    },
  );

  it('bench:cases names a gold file that does not fit the format instead of grading it', async () => {
    const dir = path.join(root, 'broken');
    mkdirSync(dir);
    writeFolder(path.join(dir, '01-no-grade'), withKey[0]!, 1);
    writeFileSync(path.join(dir, '01-no-grade', 'gold-1.json'), JSON.stringify({ subject: 'Biologie' }));
    const lines: string[] = [];
    const figures = await runCases({ dir, log: (l) => lines.push(l) });
    expect(figures.cases).toEqual([]);
    expect(figures.unreadable[0]?.reason).toMatch(/gold-1\.json does not fit the format/);
  });

  it(
    'bench:layouts grades two corpus tests and their variants and prints its figures',
    { timeout: 120_000 },
    async () => {
      const lines: string[] = [];
      const figures = await runLayouts({ limit: 2, casesDir: null, log: (l) => lines.push(l) });
      expect(figures.tests).toBe(2);
      expect(figures.pairs).toBeGreaterThan(0);
      const printed = lines.join('\n');
      expect(printed).toContain(ENGINE_VERSION);
      expect(printed).toMatch(/within 0\.5 P of the original: \d+ of \d+/);
      expect(printed).toMatch(/by variant kind/);
      expect(printed).toMatch(/10 worst pairs/);
    },
  );
});
