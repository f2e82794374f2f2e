import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../extract/thread-priority';
import { grade } from '../grade';
import type { GradeInput } from '../types';
import type { FromGradingWorker, ToGradingWorker } from './grading-pool';

/**
 * One paper at a time with the builtin engine, in a thread with its own heap limit and a lowered CPU priority
 * (GradingPool, ADR 0021): the thread that answers requests gets a core first.
 */

if (!parentPort) throw new Error('grading-worker runs as a worker thread only');
const port = parentPort;
lowerThreadPriority();

const send = (message: FromGradingWorker) => port.postMessage(message);

port.on('message', (message: ToGradingWorker) => {
  grade(message.input, message.options).then(
    (result) => send({ type: 'done', result }),
    (error: unknown) =>
      send({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});

/**
 * Graded once before the pool's first paper: the dictionaries are read, the maths library builds its
 * functions and the engine's code is compiled (seconds) while no paper's time limit runs.
 */
const samplePaper: GradeInput = {
  text: 'Aufgabe 1\nPflanzen bilden mit der Energie des Lichts Traubenzucker.\n\nAufgabe 2\n3 · 4 cm = 12 cm',
  answerKey: {
    kind: 'text',
    text: 'Aufgabe 1 (2 P)\nPflanzen nutzen die Energie des Lichts (1 P), um Traubenzucker herzustellen (1 P).\n\nAufgabe 2 (1 P)\n3 · 4 cm = 12 cm (1 P)',
  },
};
// a failing sample is no reason to stay unready: a real paper then fails (or loads) on its own
await grade(samplePaper, { date: '2026-01-01' }).catch(() => undefined);
send({ type: 'ready' });
