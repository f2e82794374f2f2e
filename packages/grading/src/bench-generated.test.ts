// The generated benchmarks `npm run bench:maths` and `npm run bench:language` (issue 32 §4, §5), run here
// at a tiny size so that a change that breaks them fails `npm test`. No thresholds: the figures are the
// benchmarks' to print, not this test's to judge.
import { describe, expect, it } from 'vitest';
import { runLanguageBench } from '../bench/language';
import { runMathsBench } from '../bench/maths';

// the first grade() loads the spelling dictionaries; on two busy cores that takes a while
const timeout = 120_000;

function collect() {
  const lines: string[] = [];
  return { lines, print: (line: string) => void lines.push(line) };
}

describe('generated benchmarks', () => {
  it(
    'bench:maths runs at a tiny size in both modes and prints its figures',
    async () => {
      const out = collect();
      const result = await runMathsBench({ seed: 7, n: 20, perPaper: 10, examples: 2, print: out.print });
      expect(result.items).toBe(20);
      expect(result.claims).toBeGreaterThanOrEqual(20);
      expect(result.modes.map((m) => m.mode)).toEqual(['nokey', 'key']);
      for (const m of result.modes) expect(m.claims).toBe(result.claims);
      const text = out.lines.join('\n');
      expect(text).toMatch(/precision of "falsch"/);
      expect(text).toMatch(/recall/);
      expect(text).toMatch(/Folgefehler credited/);
      expect(text).toMatch(/not checked/);
      expect(text).toMatch(/by notation/);
    },
    timeout,
  );

  it(
    'bench:language runs at a tiny size and prints its figures',
    async () => {
      const out = collect();
      const result = await runLanguageBench({ seed: 7, n: 3, examples: 2, print: out.print });
      expect(result.texts).toBe(3);
      expect(result.perType.reduce((s, t) => s + t.planted, 0)).toBe(12);
      expect(result.plainWords).toBeGreaterThan(0);
      const text = out.lines.join('\n');
      expect(text).toMatch(/false alarms in unchanged sentences/);
      expect(text).toMatch(/by type/);
    },
    timeout,
  );

  it(
    'bench:language also runs from its built-in sentences alone (no datasets folder)',
    async () => {
      const out = collect();
      const result = await runLanguageBench({
        seed: 8,
        n: 2,
        useDataset: false,
        examples: 1,
        print: out.print,
      });
      expect(result.sentences.dataset).toBe(0);
      expect(result.sentences.builtin).toBeGreaterThan(0);
      expect(result.perType.length).toBeGreaterThan(0);
    },
    timeout,
  );
});
