export type SseEvent = { event: string; data: string };

/**
 * A server-sent event stream read with fetch from the listening app: `next(match)` waits for the first
 * event (in order of arrival, consumed) that matches.
 */
export async function openStream(baseUrl: string, path: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  const pump = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (event) events.push({ event, data });
        }
        waiters.splice(0).forEach((wake) => wake());
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    waiters.splice(0).forEach((wake) => wake());
  })();

  return {
    response,
    events,
    get ended() {
      return ended;
    },
    async next(match: (event: SseEvent) => boolean, timeoutMs = 15_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex(match);
        if (index >= 0) return events.splice(index, 1)[0]!;
        if (ended) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
