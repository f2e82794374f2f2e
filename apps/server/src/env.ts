import net from 'node:net';
import { structuredOutputModes } from '@korrigo/grading/llm';
import {
  billingIntervals,
  demoLimits,
  paidPlanIds,
  parsePaperRetention,
  type BillingInterval,
  type PaidPlanId,
  type PaperRetention,
} from '@korrigo/domain';
import { schoolSignInSchema } from './platform/school-sign-in';
import { z } from 'zod';

// The list of problems is for the person starting the server: German like the rest of the product.
z.config(z.locales.de());

/**
 * Configuration (ARCHITECTURE.md §4). Everything is optional: the defaults run the whole product on one
 * machine. Validated once at start-up; `loadConfig` throws a ConfigError listing every problem.
 */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.url().optional());
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/** `https://schule.example` or `http://10.0.0.5:3000`: an origin, nothing after it */
const origin = z.url({ protocol: /^https?$/ }).refine((value) => {
  if (!URL.canParse(value)) return true; // z.url has said so already
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username;
}, 'muss eine Herkunft wie https://schule.example sein, ohne Pfad');

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none when unset; else a comma-separated
 * list of addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal` (as Fastify's trustProxy
 * takes them). `true` (trust every client) and hop counts are not accepted: the first lets anyone choose the
 * address that the rate limits count, and Fastify ignores the second (it cannot check the peer).
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | string[] => {
    if (!value || value === 'false') return false;
    if (value === 'true' || /^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `„${value}“ ist keine Adresse und kein Adressbereich: bitte die Adressen der Proxys nennen (z. B. 10.0.0.2)`,
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    for (const entry of entries) {
      const [address, bits, ...rest] = entry.split('/');
      const version = net.isIP(address ?? '');
      const validBits =
        bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
      const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
      if (!named && (version === 0 || !validBits || rest.length > 0)) {
        ctx.addIssue({
          code: 'custom',
          message: `„${entry}“ ist keine Adresse und kein Adressbereich (z. B. 10.0.0.2 oder 10.0.0.0/8)`,
        });
        return z.NEVER;
      }
    }
    return entries;
  });

/** STRIPE_PRICE_<PLAN>_<INTERVAL>: the env variable of each plan's price id */
export function stripePriceVariable(plan: PaidPlanId, interval: BillingInterval) {
  return `STRIPE_PRICE_${plan.toUpperCase()}_${interval.toUpperCase()}` as const;
}
const stripePriceNames = paidPlanIds.flatMap((plan) =>
  billingIntervals.map((interval) => stripePriceVariable(plan, interval)),
);
const stripePriceVariables = Object.fromEntries(
  stripePriceNames.map((name) => [name, optionalString]),
) as Record<string, typeof optionalString>;
const setting = (env: object, name: string) => (env as Record<string, unknown>)[name] as string | undefined;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    /** the LTI tool's signing key (PKCS#8 PEM); without it one is generated in DATA_DIR (ADR 0031) */
    LTI_PRIVATE_KEY: optionalString,
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional()),
    PUBLIC_URL: optionalUrl,
    /** further origins whose browser requests are accepted (comma-separated), besides PUBLIC_URL or the Host */
    TRUSTED_ORIGINS: optionalString.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()))
        .pipe(z.array(origin))
        .optional(),
    ),
    TRUST_PROXY: trustProxy,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** school sign-in with OpenID Connect (issue 35 §1): a JSON list of providers, see platform/school-sign-in.ts */
    SCHOOL_SIGN_IN: schoolSignInSchema,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Korrigo <no-reply@korrigo.local>'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY: optionalString,
    S3_SECRET_KEY: optionalString,
    /** the bucket's region; S3-compatible servers mostly accept any, AWS needs the bucket's own */
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** `endpoint/bucket/key` (MinIO, Garage, Ceph; the default) or false for `bucket.endpoint/key` */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * how long uploaded student papers are kept (issue 19 point 2, ADR 0016): `school-year` (to the 31 July
     * that ends the school year of the upload) or a number of days; the results stay
     */
    PAPER_RETENTION: z
      .string()
      .default('school-year')
      .transform((value, ctx): PaperRetention => {
        const setting = parsePaperRetention(value);
        if (setting) return setting;
        ctx.addIssue({
          code: 'custom',
          message: `„${value}“: erwartet school-year oder eine Zahl von Tagen (1 bis 3650)`,
        });
        return z.NEVER;
      }),
    AI_PROVIDER: z.enum(['builtin', 'openai-compatible']).default('builtin'),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalString,
    AI_MODELS: optionalString,
    /** how structured answers are asked of the model: json_schema (default), json_object or prompt (README) */
    AI_STRUCTURED_OUTPUT: z.enum(structuredOutputModes).default('json_schema'),
    CONTACT_INBOX: optionalString.pipe(z.email().optional()),
    /** the operator's addresses (comma-separated): they review every student ID (issue 20 point 4) */
    OPERATOR_EMAILS: optionalString.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((entry) => entry.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.email()))
        .optional(),
    ),
    /** key for publishing release notes (POST /api/updates); spec 000 §9: sk- plus at least 10 characters */
    RELEASES_API_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^sk-.{10,}$/, 'muss mit sk- beginnen und danach mindestens 10 Zeichen haben')
        .optional(),
    ),
    /**
     * Payments (issue 20 point 2, ADR 0019, README "Payments (Stripe)"): the secret key, the webhook's signing
     * secret and one price id per plan and interval (STRIPE_PRICE_BASIC_MONTH … STRIPE_PRICE_PRO_TEAM_YEAR).
     * Without them the plan buttons ask for an offer through the contact form.
     */
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** another address for Stripe's API (tests: the local stand-in); default https://api.stripe.com */
    STRIPE_API_URL: optionalUrl,
    ...stripePriceVariables,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // the rate limits (platform/rate-limits.ts has all of them and says why)
    /** failed sign-in and reset attempts, and reset or verification mails, per minute and address */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** failed sign-ins per account (e-mail address) in 15 minutes, from whatever addresses */
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    /** new accounts per hour and address */
    SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** uploads (analyses and text recognition together) per user in 10 minutes; an address gets 5 times that */
    UPLOAD_RATE_LIMIT_PER_10_MINUTES: z.coerce.number().int().min(1).default(100),
    /** demo accounts' uploads per address and hour, whichever demo account (issue 31 §4); bench:hostile raises it */
    DEMO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(demoLimits.uploadsPerHour),
    /** routes that only end-to-end tests use (seeding own notifications); never set it in production */
    TEST_HOOKS: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * whether `npm start` also grades (default on). Off for API processes when `npm run worker` processes
     * take the grading jobs (ARCHITECTURE.md §5).
     */
    RUN_JOBS: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * On PostgreSQL, how often a job-running process renews its job leases and looks for jobs of processes
     * that died, and after how long without renewal such a job is retried (ADR 0017 §3)
     */
    JOB_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).default(10),
    JOB_STALE_AFTER_SECONDS: z.coerce.number().min(1).default(30),
    /** seed the demo accounts on start (default on; tests turn it off) */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID und GOOGLE_CLIENT_SECRET gehören zusammen',
      });
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY, env.S3_SECRET_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY und S3_SECRET_KEY gehören zusammen',
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET];
    const prices = stripePriceNames.map((name) => setting(env, name));
    if ([...stripe, ...prices].some(Boolean) && ![...stripe, ...prices].every(Boolean)) {
      const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', ...stripePriceNames].filter(
        (name) => !setting(env, name),
      );
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: `die Zahlung mit Stripe braucht alle STRIPE_*-Einstellungen; es fehlen: ${missing.join(', ')}`,
      });
    }
    if (env.AI_PROVIDER === 'openai-compatible' && (!env.AI_BASE_URL || !env.AI_MODELS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'AI_PROVIDER=openai-compatible braucht AI_BASE_URL und AI_MODELS',
      });
    }
  });

type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  /**
   * PUBLIC_URL, or http://localhost:$PORT when it is unset: cookies are Secure when this is https. Without
   * PUBLIC_URL the app answers on whatever address it is opened by (platform/origins.ts), and this is only
   * the fallback for links made without a request of a known address.
   */
  publicUrl: string;
  trustedOrigins: string[];
  aiModels: string[];
  /** the payment provider's settings when all of STRIPE_* are set (ADR 0019); null: no online payment */
  stripe: StripeConfig | null;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** unset: Stripe itself */
  apiUrl: string | undefined;
  prices: Record<PaidPlanId, Record<BillingInterval, string>>;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? []).map((value) => new URL(value).origin),
    aiModels: (env.AI_MODELS ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
            prices: Object.fromEntries(
              paidPlanIds.map((plan) => [
                plan,
                Object.fromEntries(
                  billingIntervals.map((interval) => [
                    interval,
                    setting(env, stripePriceVariable(plan, interval))!,
                  ]),
                ),
              ]),
            ) as StripeConfig['prices'],
          }
        : null,
  };
}

/**
 * For the process entry points (server, worker): a wrong configuration stops with the list and exit code 78
 * (sysexits EX_CONFIG), which `npm start`'s supervisor (scripts/supervise.mjs) does not restart.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
