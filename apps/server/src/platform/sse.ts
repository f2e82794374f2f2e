import type { FastifyReply } from 'fastify';

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A stream ends after this long; the browser's EventSource reconnects and gets the status again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** How long the browser waits before it reconnects after a stream ended early. */
const RECONNECT_MS = 3000;

/**
 * Server-sent `status` events (ADR 0009, 0012): `follow` subscribes (and answers 404 by throwing before the
 * stream opens, so another user's id never gets a 200), calls `send` now and at every change and `end` when
 * what it follows is gone; the stream ends after a status `isSettled` says is the last one.
 */
export async function streamStatus<Status>(
  reply: FastifyReply,
  follow: (send: (status: Status) => void, end: () => void) => Promise<() => void>,
  isSettled: (status: Status) => boolean,
): Promise<void> {
  const raw = reply.raw;
  let open = true;
  let unfollow: () => void = () => undefined;
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    if (!open) return;
    open = false;
    unfollow();
    timers.forEach(clearTimeout);
    raw.end();
  };
  const write = (chunk: string) => {
    if (open) raw.write(chunk);
  };
  // statuses that come before the headers are out wait here
  let buffered: string[] | null = [];
  let settled = false;
  const send = (status: Status) => {
    const chunk = `event: status\ndata: ${JSON.stringify(status)}\n\n`;
    if (buffered) buffered.push(chunk);
    else write(chunk);
    if (isSettled(status)) {
      settled = true;
      if (!buffered) end();
    }
  };
  unfollow = await follow(send, end);

  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // reverse proxies (nginx) would otherwise hold events back in their buffer
    'x-accel-buffering': 'no',
  });
  write(`retry: ${RECONNECT_MS}\n\n`);
  buffered.forEach(write);
  buffered = null;
  if (settled) {
    end();
    return;
  }
  // the response's close: the client went away
  raw.on('close', end);
  timers.push(setInterval(() => write(': ping\n\n'), HEARTBEAT_MS));
  timers.push(setTimeout(end, STREAM_LIFETIME_MS));
}
