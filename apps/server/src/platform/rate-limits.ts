import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { contactLimits, demoLimits, isDemoEmail, messages } from '@korrigo/domain';
import type { Config } from '../env';
import type { Database, DatabaseHandle } from './db';
import { AppError } from './errors';
import type { SignedIn } from './session';

/**
 * Every rate limit of the routes that sign up, sign in, reset, send mail, take contact, open demos or read
 * uploads: one table (`limitedRoutes`) and one small limiter.
 *
 * - Addresses are `request.ip`: the peer, or the client a proxy named in TRUST_PROXY reports (env.ts). An
 *   IPv6 client counts by its /64, which one household or school usually gets whole.
 * - Each route is counted per address and, where it has one, per account: the e-mail in the body, or the
 *   signed-in user. A try is taken from every budget before the handler runs, and a route that counts only
 *   failures gives it back when the answer is not a 4xx: 30 pupils behind one school NAT who sign in
 *   correctly are never blocked, password guessing is, and parallel guesses cannot slip past the count.
 * - Routes that send mail, create accounts or read files count every request: each one costs.
 * - A failure is any 4xx: for the profile's current password also a form error (400) or a taken address
 *   (409); a person makes few of those, and a success is never counted. An address's budget for invitation
 *   codes counts only wrong codes (400, 404), not the refusal of a real one (403).
 * - Fixed windows. On PostgreSQL (DATABASE_URL) the counters live in the database, in `rate_limit_counters`,
 *   so that every API process counts against the same budgets (ADR 0017 §1); on PGlite, which only one process
 *   can open, they live in memory and a restart forgets them.
 * - The companion (chat), the AI tools and the release-notes service keep @fastify/rate-limit: they count every
 *   request per address, which it does; it is registered with global: false in app.ts, its 429 is in
 *   errors.ts. On PostgreSQL its counters are rows of the same table (`postgresRateLimitStore`).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Budget = { max: number; windowMs: number };

/** Free tries in each window; `counted` is what a try of this rule counts against (an address, an account). */
type Rule = {
  name: string;
  budget: Budget;
  /**
   * `failures`: a try is given back unless the answer is a 4xx (a 5xx is not the client's fault either); a
   * list of statuses: given back unless the answer is one of them
   */
  counts: 'every' | 'failures' | readonly number[];
  counted(request: FastifyRequest): Promise<string | undefined> | string | undefined;
};

/** Whether an answer with this status keeps a try of a rule that counts `counts`. */
const keepsTry = (counts: Rule['counts'], status: number) =>
  counts === 'every' || (counts === 'failures' ? status >= 400 && status < 500 : counts.includes(status));

type WhoIs = (request: FastifyRequest) => Promise<SignedIn | null>;

/**
 * The key of an address: IPv4 as it is, IPv4-mapped IPv6 as its IPv4, other IPv6 by its first 64 bits
 * (a client usually has a whole /64 to pick addresses from).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (net.isIPv6(address)) {
    const [head = '', tail] = address.split('::');
    const groups = (part: string) => (part ? part.split(':') : []);
    const left = groups(head);
    const right = tail === undefined ? [] : groups(tail);
    // an IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups
    const width = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
    const zeros = Array<string>(8 - width(left) - width(right)).fill('0');
    const full = [...left, ...(tail === undefined ? [] : zeros), ...right];
    return `${full
      .slice(0, 4)
      .map((g) => Number.parseInt(g, 16).toString(16))
      .join(':')}::/64`;
  }
  return ip;
}

const byAddress = (request: FastifyRequest) => addressKey(request.ip);

const bodyField = (request: FastifyRequest, field: string): unknown =>
  (request.body as Record<string, unknown> | undefined)?.[field];

/** The e-mail address of the body, as accounts are keyed (trimmed, lower case). */
const bodyEmail = (request: FastifyRequest): string | undefined => {
  const value = bodyField(request, 'email');
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
};

/** The routes and their rules. Unlisted better-auth routes get `otherAuth`; everything else is not limited here. */
function limitedRoutes(config: Config, whoIs: WhoIs) {
  const budgets = {
    // failed sign-ins and resets: a person mistypes a few times, a script guesses on and on
    authFailuresPerAddress: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, windowMs: MINUTE },
    // per account across addresses: a guesser with many addresses still gets these few tries per account.
    // The price: someone who knows an address can keep its owner from signing in for these 15 minutes.
    authFailuresPerAccount: { max: config.AUTH_RATE_LIMIT_PER_ACCOUNT, windowMs: 15 * MINUTE },
    // the current password asked for by the profile (a new e-mail or password): someone with a stolen session
    // must not be able to guess it at speed
    currentPasswordFailuresPerAccount: { max: 10, windowMs: MINUTE },
    // reset and verification mails: no mail bombing of one inbox, no flood from one address
    mailsPerAddress: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, windowMs: MINUTE },
    mailsPerAccount: { max: 5, windowMs: HOUR },
    // every new account has free credits (and no verified e-mail yet): their number per address is bounded
    signUpsPerAddress: { max: config.SIGNUP_RATE_LIMIT_PER_HOUR, windowMs: HOUR },
    // starting a Google sign-in stores a state row; a class signs in together, a script should not loop
    socialSignInsPerAddress: { max: 60, windowMs: MINUTE },
    contactPerAddress: { max: contactLimits.perWindow, windowMs: contactLimits.windowMinutes * MINUTE },
    demoPerAddress: { max: demoLimits.perHour, windowMs: HOUR },
    // a demo account is Premium Lehrer for anyone who clicks: its uploads by address, whichever demo account
    demoUploadsPerAddress: { max: config.DEMO_UPLOADS_PER_HOUR, windowMs: HOUR },
    // analyses, text recognition and class-set papers read the same files with the same engine: one budget
    uploadsPerUser: { max: config.UPLOAD_RATE_LIMIT_PER_10_MINUTES, windowMs: 10 * MINUTE },
    uploadsPerAddress: { max: config.UPLOAD_RATE_LIMIT_PER_10_MINUTES * 5, windowMs: 10 * MINUTE },
    // a course's material files only fill the disk (no engine reads them): a budget of their own, wide enough
    // for a teacher filling a course, narrow enough that a script cannot write gigabytes a minute
    materialUploadsPerUser: { max: 30, windowMs: 10 * MINUTE },
    // invitation codes are short enough to type: wrong codes per account and per address are bounded so that
    // nobody walks the code space (a class typing its code behind one NAT stays far below). One account's
    // budget is a fifth of its address's: one pupil guessing cannot close a school's address (issue 31).
    invitationCodeFailuresPerUser: { max: 20, windowMs: MINUTE },
    invitationCodeFailuresPerAddress: { max: 100, windowMs: MINUTE },
    // invitation mails of one teacher: a staff room or a class, not a mailing list
    invitationMailsPerUser: { max: 100, windowMs: HOUR },
    // and per recipient, on a budget of its own so that invitations never use up an address's reset mails
    invitationMailsPerRecipient: { max: 5, windowMs: HOUR },
    // a data export reads every file of an account and renders its PDFs: a few an hour are plenty
    dataExportsPerUser: { max: 5, windowMs: HOUR },
    // a student ID is one file a year; retries after a rejection stay far below (issue 20 point 4)
    studentIdUploadsPerUser: { max: 10, windowMs: HOUR },
  } satisfies Record<string, Budget>;

  const rule = (name: keyof typeof budgets, counts: Rule['counts'], counted: Rule['counted']): Rule => ({
    name,
    budget: budgets[name],
    counts,
    counted,
  });

  const signedInUserId = (request: FastifyRequest) => request.signedIn?.userId;

  const signUp = [rule('signUpsPerAddress', 'every', byAddress)];
  const mails = [rule('mailsPerAddress', 'every', byAddress), rule('mailsPerAccount', 'every', bodyEmail)];
  const uploads = [
    // after authentication (preValidation), so request.signedIn is there
    rule('uploadsPerUser', 'every', signedInUserId),
    rule('uploadsPerAddress', 'every', byAddress),
    rule('demoUploadsPerAddress', 'every', (request) =>
      request.signedIn && isDemoEmail(request.signedIn.email) ? byAddress(request) : undefined,
    ),
  ];

  const invitationCodes = [
    rule('invitationCodeFailuresPerUser', 'failures', signedInUserId),
    // only wrong codes (not a code: 400, no such code or no longer: 404). A refusal of a real code (403:
    // another address, the other account type, an address to confirm first) is no guess, and a staff room or
    // a class answered so must not close the address for everyone behind it (issue 31)
    rule('invitationCodeFailuresPerAddress', [400, 404], byAddress),
  ];

  const routes: Record<string, Rule[]> = {
    'POST /api/signup': signUp,
    'POST /api/auth/sign-up/email': signUp,
    'POST /api/auth/sign-in/email': [
      rule('authFailuresPerAddress', 'failures', byAddress),
      rule('authFailuresPerAccount', 'failures', bodyEmail),
    ],
    'POST /api/auth/sign-in/social': [
      rule('socialSignInsPerAddress', 'every', byAddress),
      rule('authFailuresPerAddress', 'failures', byAddress),
    ],
    // refused by auth.ts (CHANGE_IN_PROFILE) before any password is checked or mail sent: nothing to guess,
    // so a refusal costs no budget (not even otherAuth's of the address)
    'POST /api/auth/change-password': [],
    'POST /api/auth/change-email': [],
    'POST /api/auth/reset-password': [rule('authFailuresPerAddress', 'failures', byAddress)],
    'POST /api/auth/request-password-reset': mails,
    'POST /api/auth/send-verification-email': mails,
    // Only a save that sends a current password can be a guess: the others are never limited. The route
    // authenticates in its own preHandler, which runs after this one, hence whoIs.
    'PUT /api/profile': [
      rule('currentPasswordFailuresPerAccount', 'failures', async (request) =>
        bodyField(request, 'currentPassword') ? (await whoIs(request))?.userId : undefined,
      ),
    ],
    // per address only: the sender's e-mail is whatever one types and nothing is mailed to it
    'POST /api/contact': [rule('contactPerAddress', 'every', byAddress)],
    'POST /api/demo/session': [rule('demoPerAddress', 'every', byAddress)],
    'POST /api/analyses': uploads,
    'POST /api/extract-text': uploads,
    'POST /generate-response': uploads,
    // one try at the door, before the body is read; a set's further papers are counted by countUploads
    'POST /api/class-evaluations': uploads,
    'POST /evaluate-class': uploads,
    'POST /api/courses/:id/materials/:materialId/files': [
      rule('materialUploadsPerUser', 'every', signedInUserId),
    ],
    'POST /api/courses/:id/materials/upload': [rule('materialUploadsPerUser', 'every', signedInUserId)],
    'POST /api/privacy/exports': [rule('dataExportsPerUser', 'every', signedInUserId)],
    // the password of an erasure: as the profile's current password, no guessing at speed
    'POST /api/privacy/account-deletion': [
      rule('currentPasswordFailuresPerAccount', 'failures', signedInUserId),
    ],
    'GET /api/invitations/:code': invitationCodes,
    'GET /api/invitations/:code/details': invitationCodes,
    'POST /api/invitations/:code/accept': invitationCodes,
    'POST /api/invitations/:code/decline': invitationCodes,
    // only the ones that mail count
    'POST /api/invitations': [
      rule('invitationMailsPerUser', 'every', (request) =>
        bodyEmail(request) ? signedInUserId(request) : undefined,
      ),
      rule('invitationMailsPerRecipient', 'every', bodyEmail),
    ],
    // Pro Team invitations are mailed too: the same budgets as the class and school invitations
    'POST /api/team/invitations': [
      rule('invitationMailsPerUser', 'every', signedInUserId),
      rule('invitationMailsPerRecipient', 'every', bodyEmail),
    ],
    'GET /api/team-invitations/:token': invitationCodes,
    'POST /api/team-invitations/:token/accept': invitationCodes,
    'POST /api/team-invitations/:token/decline': invitationCodes,
    'POST /api/student-id': [rule('studentIdUploadsPerUser', 'every', signedInUserId)],
  };
  // every other better-auth route (tokens in links, callbacks, sessions): failures only, so nothing is open
  // to guessing and nothing a person does normally is counted
  const otherAuth = [rule('authFailuresPerAddress', 'failures', byAddress)];

  return {
    rulesOf(request: FastifyRequest): Rule[] {
      // by the route that matched; better-auth's catch-all by the path resolved as the bridge resolves it
      // (auth-routes.ts), so that /api/auth/./sign-in/email is the sign-in it reaches there
      const route = request.routeOptions.url;
      if (route !== '/api/auth/*') return routes[`${request.method} ${route}`] ?? [];
      const path = new URL(request.url, 'http://korrigo.invalid').pathname;
      return routes[`${request.method} ${path}`] ?? otherAuth;
    },
    uploads,
  };
}

type Try = { key: string; budget: Budget };
type Taken = { ok: true; giveBack(keys?: string[]): Promise<void> } | { ok: false; retryAfterMs: number };

/**
 * Fixed-window counters. `take` is all or nothing: either a try from every budget, or none, and `retryAfterMs`
 * instead when any of them is spent. `giveBack` returns the tries that were taken (unless their window has
 * ended meanwhile). `add` counts `count` more in every budget and refuses nothing: for work that turned out
 * larger than the try it was admitted with; a counter may pass its budget, and then waits out its window.
 */
export type RateLimiter = {
  take(tries: Try[]): Promise<Taken>;
  add(tries: Try[], count: number): Promise<void>;
};

// Bounds the memory: beyond this many counters the expired ones are swept, then the oldest dropped.
const MAX_COUNTERS = 100_000;

/** The counters in this process's memory: for PGlite, where only one process runs. */
export function createRateLimiter(options: { now?: () => number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const counters = new Map<string, { count: number; resetAt: number }>();

  function sweep(at: number) {
    if (counters.size <= MAX_COUNTERS) return;
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
    for (const key of counters.keys()) {
      if (counters.size <= MAX_COUNTERS) break;
      counters.delete(key);
    }
  }

  const liveCounters = (tries: Try[], at: number) =>
    tries.map(({ key, budget }) => {
      const current = counters.get(key);
      const counter = current && current.resetAt > at ? current : { count: 0, resetAt: at + budget.windowMs };
      return { key, budget, counter };
    });

  return {
    async take(tries) {
      const at = now();
      const live = liveCounters(tries, at);
      const spent = live.filter(({ budget, counter }) => counter.count >= budget.max);
      if (spent.length > 0) {
        return { ok: false, retryAfterMs: Math.max(...spent.map(({ counter }) => counter.resetAt - at)) };
      }
      for (const { key, counter } of live) {
        counter.count += 1;
        counters.set(key, counter);
      }
      sweep(at);
      return {
        ok: true,
        async giveBack(keys) {
          for (const { key, counter } of live) {
            if (keys && !keys.includes(key)) continue;
            if (counters.get(key) === counter && counter.count > 0) counter.count -= 1;
          }
        },
      };
    },
    async add(tries, count) {
      if (count <= 0) return;
      const at = now();
      for (const { key, counter } of liveCounters(tries, at)) {
        counter.count += count;
        counters.set(key, counter);
      }
      sweep(at);
    },
  };
}

// Ended windows are deleted at most this often, by whichever process counts next.
const SWEEP_EVERY_MS = 60_000;

/** A time as PostgreSQL computes it from epoch milliseconds: exact, unlike to_timestamp's double. */
const pgTime = (ms: number) => sql`(timestamptz 'epoch' + ${ms}::bigint * interval '1 millisecond')`;
const epochMs = sql`(extract(epoch from reset_at) * 1000)::bigint`;

type CounterRow = { key: string; count: number; reset_ms: string };

/**
 * The counters in PostgreSQL, shared by every process on the database (ADR 0017 §1). A take is one
 * transaction: the counters are locked in key order (so that concurrent takes never deadlock), windows that
 * have ended start again at 0, and only when none of the budgets is spent is every counter incremented.
 * Times come from this process's clock (`now`), as in memory: the servers' clocks agree to far less than a
 * window.
 */
export function createPostgresRateLimiter(options: { db: Database; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  let sweptAt = 0;

  function sweep(time: number) {
    if (time - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = time;
    // nobody waits for it; a failure only leaves ended rows for the next sweep
    options.db
      .execute(sql`DELETE FROM rate_limit_counters WHERE reset_at <= ${pgTime(time)}`)
      .catch(() => undefined);
  }

  return {
    async take(tries) {
      if (tries.length === 0) return { ok: true, giveBack: async () => undefined };
      const time = now();
      const ordered = [...tries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const input = JSON.stringify(ordered.map(({ key, budget }) => ({ key, window_ms: budget.windowMs })));
      const keys = JSON.stringify(ordered.map(({ key }) => key));
      const taken = await options.db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          INSERT INTO rate_limit_counters AS c (key, count, reset_at)
          SELECT t.key, 0, ${pgTime(time)} + t.window_ms * interval '1 millisecond'
          FROM jsonb_to_recordset(${input}::jsonb) AS t(key text, window_ms bigint)
          ORDER BY t.key
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN c.reset_at <= ${pgTime(time)} THEN 0 ELSE c.count END,
            reset_at = CASE WHEN c.reset_at <= ${pgTime(time)} THEN excluded.reset_at ELSE c.reset_at END
          RETURNING key, count, ${epochMs} AS reset_ms`);
        const rows = new Map((result.rows as CounterRow[]).map((row) => [row.key, row]));
        const live = ordered.map(({ key, budget }) => ({
          key,
          spent: rows.get(key)!.count >= budget.max,
          resetMs: Number(rows.get(key)!.reset_ms),
        }));
        if (live.some((counter) => counter.spent)) return { ok: false as const, live };
        await tx.execute(sql`
          UPDATE rate_limit_counters SET count = count + 1
          WHERE key IN (SELECT jsonb_array_elements_text(${keys}::jsonb))`);
        return { ok: true as const, live };
      });
      sweep(time);
      if (!taken.ok) {
        const waits = taken.live.filter((counter) => counter.spent).map((counter) => counter.resetMs - time);
        return { ok: false, retryAfterMs: Math.max(...waits) };
      }
      return {
        ok: true,
        async giveBack(only) {
          // only into the window the try was taken from: a row whose window has started again keeps its count
          const back = taken.live
            .filter((counter) => !only || only.includes(counter.key))
            .map((counter) => ({ key: counter.key, reset_ms: counter.resetMs }));
          if (back.length === 0) return;
          await options.db.execute(sql`
            UPDATE rate_limit_counters AS c SET count = c.count - 1
            FROM jsonb_to_recordset(${JSON.stringify(back)}::jsonb) AS t(key text, reset_ms bigint)
            WHERE c.key = t.key AND c.count > 0
              AND c.reset_at = timestamptz 'epoch' + t.reset_ms * interval '1 millisecond'`);
        },
      };
    },
    async add(tries, count) {
      if (tries.length === 0 || count <= 0) return;
      const time = now();
      // one statement, rows in key order as in take: concurrent takes and adds never deadlock
      const ordered = [...tries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const input = JSON.stringify(ordered.map(({ key, budget }) => ({ key, window_ms: budget.windowMs })));
      await options.db.execute(sql`
        INSERT INTO rate_limit_counters AS c (key, count, reset_at)
        SELECT t.key, ${count}::int, ${pgTime(time)} + t.window_ms * interval '1 millisecond'
        FROM jsonb_to_recordset(${input}::jsonb) AS t(key text, window_ms bigint)
        ORDER BY t.key
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.reset_at <= ${pgTime(time)} THEN excluded.count ELSE c.count + excluded.count END,
          reset_at = CASE WHEN c.reset_at <= ${pgTime(time)} THEN excluded.reset_at ELSE c.reset_at END`);
      sweep(time);
    },
  };
}

/**
 * @fastify/rate-limit's counters in the same table (its `store` option), for the routes that use it: one
 * upsert per request. A route's counters are keyed by its method and URL, as the plugin's own stores do.
 */
export function postgresRateLimitStore(
  db: Database,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  // the typings give child() the route options; the plugin passes them merged with `routeInfo` (the route)
  class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'fastify:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const time = now();
      db.execute(
        sql`
          INSERT INTO rate_limit_counters AS c (key, count, reset_at)
          VALUES (${this.prefix + key}, 1, ${pgTime(time + timeWindow)})
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN c.reset_at <= ${pgTime(time)} THEN 1 ELSE c.count + 1 END,
            reset_at = CASE WHEN c.reset_at <= ${pgTime(time)} THEN excluded.reset_at ELSE c.reset_at END
          RETURNING count, ${epochMs} AS reset_ms`,
      ).then(
        (result) => {
          const row = result.rows[0] as { count: number; reset_ms: string };
          callback(null, { current: row.count, ttl: Number(row.reset_ms) - time });
        },
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = routeOptions.routeInfo ?? {};
      return new PostgresRateLimitStore(
        undefined,
        `fastify:${String(route.method ?? '')} ${String(route.url ?? '')}:`,
      );
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Where the counters live: PostgreSQL when several processes may share it, memory on PGlite. */
export function rateLimitsFor(database: Pick<DatabaseHandle, 'db' | 'kind'>) {
  if (database.kind === 'pglite') return { limiter: createRateLimiter(), store: undefined };
  return {
    limiter: createPostgresRateLimiter({ db: database.db }),
    store: postgresRateLimitStore(database.db),
  };
}

/**
 * Applies `limitedRoutes` to every request: the tries are taken in preHandler (after authentication and the
 * body, before the handler's work); tries of rules that count only some answers are given back in onResponse
 * when the answer is not one of them.
 */
export function registerRateLimits(
  app: FastifyInstance,
  deps: { config: Config; whoIs: WhoIs; limiter: RateLimiter },
) {
  const { rulesOf, uploads } = limitedRoutes(deps.config, deps.whoIs);
  const { limiter } = deps;
  const toGiveBack = new WeakMap<FastifyRequest, (status: number) => Promise<void>>();

  async function triesOf(request: FastifyRequest, rules: Rule[]) {
    const tries: Array<{ key: string; budget: Budget; counts: Rule['counts'] }> = [];
    for (const rule of rules) {
      const counted = await rule.counted(request);
      if (counted !== undefined)
        tries.push({ key: `${rule.name}:${counted}`, budget: rule.budget, counts: rule.counts });
    }
    return tries;
  }

  app.addHook('preHandler', async (request, reply) => {
    const rules = rulesOf(request);
    if (rules.length === 0) return;
    const tries = await triesOf(request, rules);
    const taken = await limiter.take(tries);
    if (!taken.ok) {
      reply.header('retry-after', String(Math.ceil(taken.retryAfterMs / 1000)));
      throw new AppError('rate_limited', messages.http.rateLimited, { status: 429 });
    }
    const returnable = tries.filter((t) => t.counts !== 'every');
    if (returnable.length > 0) {
      toGiveBack.set(request, async (status) => {
        const back = returnable.filter((t) => !keepsTry(t.counts, status)).map((t) => t.key);
        if (back.length > 0) await taken.giveBack(back);
      });
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    await toGiveBack.get(request)?.(reply.statusCode);
  });

  return {
    /**
     * `count` more uploads of the signed-in request's user and address, refused never: a class set's papers
     * beyond the one try its upload was admitted with (class-evaluations.routes.ts).
     */
    async countUploads(request: FastifyRequest, count: number) {
      if (count > 0) await limiter.add(await triesOf(request, uploads), count);
    },
  };
}

export type UploadCounter = ReturnType<typeof registerRateLimits>['countUploads'];
