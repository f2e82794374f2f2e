import { e2ePort } from './env';

/**
 * Waits until the freshly started server answers briskly. `npm start` answers its first request at once, while
 * it still warms the language check, text recognition and grading threads in the background (server.ts); on
 * two busy cores the first specs then met pages still loading after their 10 s. A server a teacher opens is
 * warm too, so the specs start after the warm-up's usual time (20 s here) and once five requests in a row answer
 * within 300 ms (at most 150 s).
 */
export default async function waitForWarmServer() {
  const url = `http://localhost:${e2ePort}/api/config`;
  const started = Date.now();
  const deadline = started + 150_000;
  let brisk = 0;
  while ((brisk < 5 || Date.now() - started < 20_000) && Date.now() < deadline) {
    const sent = Date.now();
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    brisk = ok && Date.now() - sent < 300 ? brisk + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // a quick page (/) and the SPA's bundle, read once so the first spec does not pay for the disk either
  await fetch(`http://localhost:${e2ePort}/`).catch(() => undefined);
}
