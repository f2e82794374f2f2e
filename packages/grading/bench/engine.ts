/**
 * Engine benchmark (issue 3 §11): time and peak memory to grade a typed two-page test with an answer key
 * with the builtin engine. The first run includes loading the spelling dictionaries; the target (under
 * 200 ms) is for runs after warm-up. A second measurement grades the longest test of bench:tests with its
 * Erwartungshorizont as typed text, the analyse screen's path.
 *
 * Run: npm run bench:engine [-- --small]
 * (`--small`: one run of each after no warm-up, the size `npm test` runs to see that the benchmark still runs)
 */
import { twoPageTest } from '../test/fixtures/two-page-test';
import { grade, type GradeInput, type GradeOptions } from '../src/index';
import { loadCorpus } from './corpus';

const small = process.argv.includes('--small');
const runs = small ? 1 : 30;
const warmUpRuns = small ? 0 : 3;
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const wordCount = (text: string) => (text.match(/\p{L}+/gu) ?? []).length;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);
const rssBefore = process.memoryUsage().rss;

/** Times one input: the first run, then `runs` runs after three warm-up runs. */
async function measure(label: string, input: GradeInput, options: GradeOptions) {
  let t = performance.now();
  const first = await grade(input, options);
  const cold = performance.now() - t;
  for (let i = 0; i < warmUpRuns; i++) await grade(input, options);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    await grade(input, options);
    times.push(performance.now() - t);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(label);
  console.log(
    `  result: ${first.achieved_points ?? '–'}/${first.total_points ?? '–'} points, grade ${first.grade ?? '–'}, status ${first.status}`,
  );
  console.log(`  first run: ${cold.toFixed(0)} ms`);
  console.log(
    `  after ${warmUpRuns} warm-up runs, ${runs} runs: median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target < 200 ms)`,
  );
}

const { text, test } = twoPageTest();
await measure(
  `two-page typed test: ${wordCount(text)} words, ${test.questions.length} questions, answer key: saved test (the first run loads the dictionaries)`,
  { text, answerKey: { kind: 'test', test } },
  { subject: 'Biologie', date: '2025-03-12' },
);
// the longest teacher-written test of bench:tests, with its Erwartungshorizont typed as text
const longest = (await loadCorpus())
  .filter((t) => t.key !== null)
  .sort((a, b) => wordCount(b.answer) - wordCount(a.answer))[0]!;
await measure(
  `${longest.id}: ${wordCount(longest.answer)} words, answer key: typed Erwartungshorizont (${wordCount(longest.key!)} words)`,
  { text: longest.answer, answerKey: { kind: 'text', text: longest.key! }, title: longest.title },
  { subject: longest.subject, date: '2025-03-12' },
);
clearInterval(sampler);
console.log(
  `memory: RSS before ${mb(rssBefore)} MB, peak ${mb(peakRss)} MB; heap used now ${mb(process.memoryUsage().heapUsed)} MB`,
);
