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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional()),
    PUBLIC_URL: optionalUrl,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Korrigo <no-reply@korrigo.local>'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY: optionalString,
    S3_SECRET_KEY: optionalString,
    AI_PROVIDER: z.enum(['builtin', 'openai-compatible']).default('builtin'),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalString,
    AI_MODELS: optionalString,
    CONTACT_INBOX: optionalString.pipe(z.email().optional()),
    /** key for publishing release notes (POST /api/updates); spec 000 §9: sk- plus at least 10 characters */
    RELEASES_API_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^sk-.{10,}$/, 'muss mit sk- beginnen und danach mindestens 10 Zeichen haben')
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** sign-in, sign-up and reset attempts per minute and address */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
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
    if (env.AI_PROVIDER === 'openai-compatible' && (!env.AI_BASE_URL || !env.AI_MODELS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'AI_PROVIDER=openai-compatible braucht AI_BASE_URL und AI_MODELS',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  /** where the browser reaches us; cookies are Secure when this is https */
  publicUrl: string;
  aiModels: string[];
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
    aiModels: (env.AI_MODELS ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
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
