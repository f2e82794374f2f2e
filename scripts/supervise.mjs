// The supervisor of `npm start`: runs the server process and starts it again when it dies, so that one
// crash (a native fault, the kernel's OOM killer, a bug) does not leave a school without Korrigo.

/** sysexits EX_CONFIG: the server's configuration is wrong (env.ts); starting again cannot help. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/**
 * Runs `start()` (which spawns a child process) until it ends on purpose:
 *   - exit code 0 or CONFIG_ERROR_EXIT_CODE: ends with that code, no restart;
 *   - any other end (a crash, a signal nobody here sent): starts it again after a back-off that doubles
 *     from `minBackoffMs` to `maxBackoffMs`, and starts over at `minBackoffMs` once a child has run for
 *     `stableAfterMs`; after `maxQuickCrashes` crashes in a row that each came sooner (a port in use, a
 *     database that will not open), gives up with the last exit code;
 *   - SIGINT or SIGTERM on `signals`: forwards it to the child and ends with the child's exit code (or 0
 *     at once when it is waiting to restart).
 * Resolves with the exit code for the supervisor's own process.
 */
export function supervise({
  start,
  signals = process,
  minBackoffMs = 1000,
  maxBackoffMs = 30_000,
  stableAfterMs = 60_000,
  maxQuickCrashes = 5,
  log = (message) => console.error(message),
}) {
  return new Promise((resolve) => {
    let child = null;
    let startedAt = 0;
    let backoff = minBackoffMs;
    let quickCrashes = 0;
    let restartTimer = null;
    let stopping = false;

    const finish = (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) signals.off(signal, forward);
      resolve(code);
    };

    function forward(signal) {
      stopping = true;
      if (child) {
        child.kill(signal);
        return;
      }
      clearTimeout(restartTimer);
      finish(0);
    }

    function run() {
      restartTimer = null;
      startedAt = Date.now();
      child = start();
      child.on('exit', (code, signal) => {
        child = null;
        const exitCode = code ?? 1;
        if (stopping || code === 0 || code === CONFIG_ERROR_EXIT_CODE) {
          finish(stopping ? (code ?? 0) : exitCode);
          return;
        }
        if (Date.now() - startedAt >= stableAfterMs) {
          backoff = minBackoffMs;
          quickCrashes = 0;
        }
        quickCrashes += 1;
        if (quickCrashes > maxQuickCrashes) {
          log(`Der Server ist ${maxQuickCrashes + 1}-mal kurz nach dem Start beendet worden; Abbruch.`);
          finish(exitCode);
          return;
        }
        log(
          `Der Server wurde unerwartet beendet (${signal ?? `Code ${code}`}); Neustart in ${Math.round(backoff / 100) / 10} s.`,
        );
        restartTimer = setTimeout(run, backoff);
        backoff = Math.min(maxBackoffMs, backoff * 2);
      });
    }

    for (const signal of ['SIGINT', 'SIGTERM']) signals.on(signal, forward);
    run();
  });
}
