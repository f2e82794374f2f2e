/**
 * Engine benchmark (issue 3 §11): time and peak memory to grade a typed two-page test with an answer key
 * with the builtin engine. The first run includes loading the spelling dictionaries; the target (under
 * 200 ms) is for runs after warm-up.
 *
 * Run: npm run bench:engine
 */
import { twoPageTest } from '../test/fixtures/two-page-test';
import { grade } from '../src/index';

const runs = 30;
const { text, test } = twoPageTest();
const input = { text, answerKey: { kind: 'test' as const, test } };
const options = { subject: 'Biologie', date: '2025-03-12' };

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const rssBefore = process.memoryUsage().rss;
let t = performance.now();
const first = await grade(input, options);
const cold = performance.now() - t;
for (let i = 0; i < 3; i++) await grade(input, options);

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  t = performance.now();
  await grade(input, options);
  times.push(performance.now() - t);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
clearInterval(sampler);
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
const words = (text.match(/\p{L}+/gu) ?? []).length;
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

console.log(
  `two-page typed test: ${words} words, ${test.questions.length} questions, answer key: saved test`,
);
console.log(
  `result: ${first.achieved_points}/${first.total_points} points, grade ${first.grade}, status ${first.status}`,
);
console.log(`first run (loads the dictionaries): ${cold.toFixed(0)} ms`);
console.log(
  `after warm-up, ${runs} runs: median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target < 200 ms)`,
);
console.log(
  `memory: RSS before ${mb(rssBefore)} MB, peak ${mb(peakRss)} MB; heap used now ${mb(process.memoryUsage().heapUsed)} MB`,
);
