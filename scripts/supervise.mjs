// The supervisor of `npm start`: runs the server process and starts it again when it dies, so that one
// crash (a native fault, the kernel's OOM killer, a bug) does not leave a school without Korrigo; and when it
// stops answering while alive, since a process that hangs serves nobody either (issue 31).

/** sysexits EX_CONFIG: the server's configuration is wrong (env.ts); starting again cannot help. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/**
 * Runs `start()` (which spawns a child process) until it ends on purpose:
 *   - exit code 0 or CONFIG_ERROR_EXIT_CODE: ends with that code, no restart;
 *   - any other end (a crash, a signal nobody here sent): starts it again after a back-off that doubles
 *     from `minBackoffMs` to `maxBackoffMs`, and starts over at `minBackoffMs` once a child has run for
 *     `stableAfterMs`; after `maxQuickCrashes` crashes in a row that each came sooner (a port in use, a
 *     database that will not open), gives up with the last exit code;
 *   - `health` given: `health.check()` every `intervalMs` while a child runs (one at a time); after
 *     `maxFailures` failed checks in a row the child is killed (SIGKILL: it does not answer, so it would not
 *     end on SIGTERM either) and counts as a crash. Failures count once the child has answered a check, or
 *     `startupMs` after its start (migrations, the first start of PGlite take their time);
 *   - SIGINT or SIGTERM on `signals`: forwards it to the child and ends with the child's exit code (or 0
 *     at once when it is waiting to restart); a child still there after `killAfterMs` gets SIGKILL.
 * Resolves with the exit code for the supervisor's own process.
 */
export function supervise({
  start,
  signals = process,
  minBackoffMs = 1000,
  maxBackoffMs = 30_000,
  stableAfterMs = 60_000,
  maxQuickCrashes = 5,
  killAfterMs = 15_000,
  health,
  log = (message) => console.error(message),
}) {
  const { check, intervalMs = 10_000, maxFailures = 3, startupMs = 120_000 } = health ?? {};
  return new Promise((resolve) => {
    let child = null;
    let startedAt = 0;
    let backoff = minBackoffMs;
    let quickCrashes = 0;
    let restartTimer = null;
    let stopping = false;
    let healthTimer = null;

    const finish = (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) signals.off(signal, forward);
      resolve(code);
    };

    function forward(signal) {
      stopping = true;
      if (child) {
        const stopped = child;
        stopped.kill(signal);
        setTimeout(() => {
          if (stopped.exitCode === null && stopped.signalCode === null) stopped.kill('SIGKILL');
        }, killAfterMs).unref();
        return;
      }
      clearTimeout(restartTimer);
      finish(0);
    }

    /** Asks the child every `intervalMs`; kills it after `maxFailures` counted failures in a row. */
    function watch(watched) {
      let answered = false;
      let failures = 0;
      let checking = false;
      healthTimer = setInterval(async () => {
        if (checking) return;
        checking = true;
        const ok = await Promise.resolve()
          .then(check)
          .catch(() => false);
        checking = false;
        if (child !== watched || stopping) return;
        if (ok) {
          answered = true;
          failures = 0;
          return;
        }
        if (!answered && Date.now() - startedAt < startupMs) return;
        failures += 1;
        if (failures < maxFailures) return;
        log(`Der Server antwortet nicht mehr (${failures} Prüfungen in Folge); er wird neu gestartet.`);
        clearInterval(healthTimer);
        watched.kill('SIGKILL');
      }, intervalMs);
    }

    function run() {
      restartTimer = null;
      startedAt = Date.now();
      child = start();
      if (check) watch(child);
      child.on('exit', (code, signal) => {
        clearInterval(healthTimer);
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

/**
 * A health check over HTTP: true when `url` answers 2xx within `timeoutMs`; false when it answers otherwise,
 * not in time, or not at all.
 */
export async function answersOk(url, timeoutMs = 5000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
