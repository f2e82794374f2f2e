import { describe, expect, it } from 'vitest';
import type { Listen } from './db';
import { createUserReadCache } from './user-read-cache';

/** A stand-in for the database's LISTEN: the test sends notifications and loses the connection. */
function fakeListen(options: { fail?: boolean } = {}) {
  let payload: ((value: string) => void) | undefined;
  let connection: { onLost?: () => void; onReconnect?: () => void } | undefined;
  let attempts = 0;
  let fail = options.fail ?? false;
  const listen: Listen = async (_channel, onPayload, handlers) => {
    attempts += 1;
    if (fail) throw new Error('connection refused');
    payload = onPayload;
    connection = handlers;
    return async () => {
      payload = undefined;
    };
  };
  return {
    listen,
    notify: (userId: string) => payload?.(userId),
    lose: () => connection?.onLost?.(),
    reconnect: () => connection?.onReconnect?.(),
    attempts: () => attempts,
    recover: () => {
      fail = false;
    },
  };
}

function setup(
  options: { ttlMs?: number; maxUsers?: number; maxAnswersPerUser?: number; fail?: boolean } = {},
) {
  let clock = 1_000_000;
  const db = fakeListen({ fail: options.fail });
  const warnings: object[] = [];
  // what the database would deliver at the next sync (PostgreSQL: notifications still on their way)
  const inFlight: string[] = [];
  let syncFails = false;
  const cache = createUserReadCache({
    listen: db.listen,
    sync: async () => {
      if (syncFails) throw new Error('not listening');
      for (const userId of inFlight.splice(0)) db.notify(userId);
    },
    channel: 'analyses_changed',
    log: { warn: (obj) => warnings.push(obj) },
    now: () => clock,
    ...options,
  });
  let loads = 0;
  const load = (value: string) => async () => {
    loads += 1;
    return value;
  };
  return {
    cache,
    db,
    load,
    warnings,
    loads: () => loads,
    advance: (ms: number) => (clock += ms),
    /** a change committed whose notification has not arrived yet */
    commitElsewhere: (userId: string) => inFlight.push(userId),
    failSync: (fails: boolean) => {
      syncFails = fails;
    },
  };
}

/** Lets the listening start (a promise) settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function listening(s: ReturnType<typeof setup>) {
  await s.cache.read('nobody', 'warm-up', s.load('-'));
  await settle();
}

describe('user read cache', () => {
  it('keeps an answer until a change of that user is announced; other users keep theirs', async () => {
    const s = setup();
    await listening(s);
    const before = s.loads();
    expect(await s.cache.read('anna', 'page 1', s.load('v1'))).toBe('v1');
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v1');
    expect(await s.cache.read('ben', 'page 1', s.load('b1'))).toBe('b1');
    expect(s.loads() - before).toBe(2);

    s.db.notify('anna');
    expect(await s.cache.read('anna', 'page 1', s.load('v3'))).toBe('v3');
    expect(await s.cache.read('ben', 'page 1', s.load('b2'))).toBe('b1');
  });

  it('keeps nothing before it listens: the first read loads and its answer is not kept', async () => {
    const s = setup();
    expect(await s.cache.read('anna', 'page 1', s.load('v1'))).toBe('v1');
    await settle();
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v2');
    expect(await s.cache.read('anna', 'page 1', s.load('v3'))).toBe('v2');
  });

  it('does not keep the answer of a load that was running when the user’s rows changed', async () => {
    const s = setup();
    await listening(s);
    let finish!: (value: string) => void;
    const slow = s.cache.read('anna', 'page 1', () => new Promise<string>((resolve) => (finish = resolve)));
    await settle(); // the load has started
    s.db.notify('anna');
    finish('old');
    expect(await slow).toBe('old');
    expect(await s.cache.read('anna', 'page 1', s.load('new'))).toBe('new');
  });

  it('lets concurrent reads of one key share one load', async () => {
    const s = setup();
    await listening(s);
    const before = s.loads();
    const answers = await Promise.all([1, 2, 3].map(() => s.cache.read('anna', 'page 1', s.load('v1'))));
    expect(answers).toEqual(['v1', 'v1', 'v1']);
    expect(s.loads() - before).toBe(1);
  });

  it('forgets an answer after its time to live', async () => {
    const s = setup({ ttlMs: 60_000 });
    await listening(s);
    await s.cache.read('anna', 'dashboard', s.load('v1'));
    s.advance(59_000);
    expect(await s.cache.read('anna', 'dashboard', s.load('v2'))).toBe('v1');
    s.advance(1_001);
    expect(await s.cache.read('anna', 'dashboard', s.load('v3'))).toBe('v3');
  });

  it('waits for notifications still on their way before it answers from memory', async () => {
    const s = setup();
    await listening(s);
    await s.cache.read('anna', 'page 1', s.load('v1'));
    s.commitElsewhere('anna');
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v2');
  });

  it('loads when it cannot make sure that it knows of every change', async () => {
    const s = setup();
    await listening(s);
    await s.cache.read('anna', 'page 1', s.load('v1'));
    s.failSync(true);
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v2');
    s.failSync(false);
    expect(await s.cache.read('anna', 'page 1', s.load('v3'))).toBe('v1');
  });

  it('keeps nothing while the listening connection is lost and drops everything when it is back', async () => {
    const s = setup();
    await listening(s);
    await s.cache.read('anna', 'page 1', s.load('v1'));
    s.db.lose();
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v2');
    expect(await s.cache.read('anna', 'page 1', s.load('v3'))).toBe('v3');
    s.db.reconnect();
    expect(await s.cache.read('anna', 'page 1', s.load('v4'))).toBe('v4');
    expect(await s.cache.read('anna', 'page 1', s.load('v5'))).toBe('v4');
  });

  it('reads without keeping when it cannot listen, and tries again a few seconds later', async () => {
    const s = setup({ fail: true });
    expect(await s.cache.read('anna', 'page 1', s.load('v1'))).toBe('v1');
    await settle();
    expect(s.warnings).toHaveLength(1);
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v2');
    expect(s.db.attempts()).toBe(1);
    s.db.recover();
    s.advance(5_001);
    await s.cache.read('anna', 'page 1', s.load('v3'));
    await settle();
    expect(s.db.attempts()).toBe(2);
    await s.cache.read('anna', 'page 1', s.load('v4'));
    expect(await s.cache.read('anna', 'page 1', s.load('v5'))).toBe('v4');
  });

  it('bounds the memory: answers per user and users, oldest first', async () => {
    const s = setup({ maxUsers: 2, maxAnswersPerUser: 2 });
    await listening(s); // 'nobody' is the first user
    await s.cache.read('anna', 'page 1', s.load('a1'));
    await s.cache.read('anna', 'page 2', s.load('a2'));
    await s.cache.read('anna', 'page 3', s.load('a3'));
    expect(await s.cache.read('anna', 'page 1', s.load('a1 again'))).toBe('a1 again');
    expect(await s.cache.read('anna', 'page 3', s.load('x'))).toBe('a3');

    await s.cache.read('ben', 'page 1', s.load('b1')); // drops 'nobody', the least recently read
    await s.cache.read('anna', 'page 3', s.load('x')); // anna is now the most recent
    await s.cache.read('clara', 'page 1', s.load('c1')); // drops ben
    expect(await s.cache.read('anna', 'page 3', s.load('x'))).toBe('a3');
    expect(await s.cache.read('ben', 'page 1', s.load('b1 again'))).toBe('b1 again');
  });

  it('stops: nothing is kept afterwards and the listening ends', async () => {
    const s = setup();
    await listening(s);
    await s.cache.read('anna', 'page 1', s.load('v1'));
    await s.cache.stop();
    expect(await s.cache.read('anna', 'page 1', s.load('v2'))).toBe('v2');
    expect(await s.cache.read('anna', 'page 1', s.load('v3'))).toBe('v3');
  });
});
