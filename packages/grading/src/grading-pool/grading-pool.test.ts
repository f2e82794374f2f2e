import { afterAll, describe, expect, it } from 'vitest';
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
      // the longest allowed paper takes about 0.8 s in a warm worker on an idle machine (more under load),
      // a short one a few hundredths: 400 ms stand for the minute (GRADING_TIMEOUT_MS) and a paper past it
      // (a whole second was too close: an idle machine finished the long paper within it)
      const limited = pool({ size: 1, timeoutMs: 400 });
      await limited.warmUp();
      const error = await limited
        .grade({ text: longPaper(200_000), answerKey: key }, options)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GradingWorkerCrashedError);
      expect((error as GradingWorkerCrashedError).death).toBe('timeout');
      // the new worker is started and warmed first: the 400 ms stand for a minute, far beyond a cold start,
      // but under the load of a full test run a new worker's first paper alone passed 400 ms (seen twice in
      // full runs, never alone): a paper that runs out of time there ends that worker too, and the pool must
      // grade a short paper on one of the next three new workers
      let next: Awaited<ReturnType<typeof limited.grade>> | undefined;
      for (let attempt = 0; attempt < 3 && next === undefined; attempt++) {
        await limited.warmUp();
        next = await limited
          .grade({ text: 'Aufgabe 1\nLicht', answerKey: key }, options)
          .catch((caught: unknown) => {
            if (caught instanceof GradingWorkerCrashedError && caught.death === 'timeout') return undefined;
            throw caught;
          });
      }
      expect(next?.tasks.length).toBeGreaterThan(0);
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
