import { afterAll, describe, expect, it, vi } from 'vitest';
import { longPaper, longPaperKey } from '../../test/fixtures/long-paper';
import { grade } from '../grade';
import { GradingPool, GradingWorkerCrashedError } from './grading-pool';

const pools: GradingPool[] = [];
function pool(options: ConstructorParameters<typeof GradingPool>[0]) {
  const created = new GradingPool(options);
  pools.push(created);
  return created;
}
afterAll(() => Promise.all(pools.map((created) => created.close())));

const key = { kind: 'text' as const, text: longPaperKey };
const options = { subject: 'Biologie', date: '2026-11-30' };
// a worker loads the engine and its dictionaries first: seconds, a minute on a busy shared machine
const slow = 180_000;

describe('GradingPool', () => {
  // one worker for the tests that need no limit of their own: each new worker costs its start
  const grading = pool({ size: 1 });

  it(
    'answers what grade answers in this thread',
    async () => {
      const input = { text: longPaper(2_000), answerKey: key };
      const [isolated, here] = await Promise.all([grading.grade(input, options), grade(input, options)]);
      expect(isolated).toEqual(here);
    },
    slow,
  );

  it(
    'ends a paper that runs out of time with its worker, and grades the next with a new one',
    async () => {
      // The pool's clock is faked (its timers only): 400 ms stand for the minute (GRADING_TIMEOUT_MS) and pass
      // at once, long before a worker could grade the longest allowed paper (0.8 s on an idle machine), and
      // no time passes while the next paper is graded. A real clock made this test race the machine's load:
      // the workers run at a lowered priority, and in a full test run a short paper alone passed 400 ms.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const limited = pool({ size: 1, timeoutMs: 400 });
        await limited.warmUp();
        const pending = limited
          .grade({ text: longPaper(200_000), answerKey: key }, options)
          .catch((caught: unknown) => caught);
        // the paper's limit is set once the worker has it
        while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(400);
        const error = await pending;
        expect(error).toBeInstanceOf(GradingWorkerCrashedError);
        expect((error as GradingWorkerCrashedError).death).toBe('timeout');
        const next = await limited.grade({ text: 'Aufgabe 1\nLicht', answerKey: key }, options);
        expect(next.tasks.length).toBeGreaterThan(0);
      } finally {
        vi.useRealTimers();
      }
    },
    slow,
  );

  it(
    'keeps this thread free while it grades the longest allowed paper',
    async () => {
      await grading.warmUp();
      // a timer every 10 ms: the longest pause between two of them is how long this thread was blocked
      let last = performance.now();
      let longestPause = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestPause = Math.max(longestPause, now - last);
        last = now;
      }, 10);
      const started = performance.now();
      const result = await grading.grade({ text: longPaper(200_000), answerKey: key }, options);
      const took = performance.now() - started;
      clearInterval(ticker);
      expect(result.tasks).toHaveLength(4);
      // grading here would block this thread for all of `took`; a busy machine adds pauses of its own
      expect(longestPause).toBeLessThan(took / 3);
    },
    slow,
  );
});
