import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('runs on the embedded defaults with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      AI_PROVIDER: 'builtin',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it('lists every wrong value at once, readably', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'achtzig',
        DATABASE_URL: 'kein url',
        AUTH_SECRET: 'kurz',
        AI_PROVIDER: 'irgendwas',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toMatch(/^AUTH_SECRET: muss mindestens 32 Zeichen lang sein/m);
    expect(problems).toMatch(/^AI_PROVIDER: /m);
  });

  it('takes Stripe with all its settings or not at all, naming what is missing', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const prices = Object.fromEntries(
      ['BASIC', 'PREMIUM_STUDENT', 'PREMIUM_TEACHER', 'PRO_TEAM'].flatMap((plan) =>
        ['MONTH', 'YEAR'].map((interval) => [
          `STRIPE_PRICE_${plan}_${interval}`,
          `price_${plan}_${interval}`,
        ]),
      ),
    );
    const full = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      ...prices,
    });
    expect(full.stripe).toMatchObject({
      secretKey: 'sk_test_x',
      apiUrl: 'http://127.0.0.1:12111',
      prices: {
        premium_teacher: { month: 'price_PREMIUM_TEACHER_MONTH', year: 'price_PREMIUM_TEACHER_YEAR' },
      },
    });
    const { STRIPE_PRICE_PRO_TEAM_YEAR: _, ...fewer } = prices;
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', ...fewer }),
    ).toThrow(/es fehlen: STRIPE_PRICE_PRO_TEAM_YEAR$/m);
  });

  it('reads how long papers are kept and where files go', () => {
    expect(loadConfig({})).toMatchObject({
      PAPER_RETENTION: { kind: 'school-year' },
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({ PAPER_RETENTION: '90' }).PAPER_RETENTION).toEqual({ kind: 'days', days: 90 });
    expect(() => loadConfig({ PAPER_RETENTION: 'Schuljahr' })).toThrow(
      /PAPER_RETENTION: „Schuljahr“: erwartet school-year oder eine Zahl von Tagen/,
    );
  });

  it('checks settings that belong together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id-ohne-secret' })).toThrow(
      /GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID und GOOGLE_CLIENT_SECRET gehören zusammen/,
    );
  });

  it('needs a base URL and models for the OpenAI-compatible provider', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible' })).toThrow(/AI_BASE_URL/);
    const config = loadConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODELS: 'a, b,c',
    });
    expect(config.aiModels).toEqual(['a', 'b', 'c']);
    expect(config.AI_STRUCTURED_OUTPUT).toBe('json_schema');
  });

  it('takes the three ways to ask for structured answers and refuses others', () => {
    expect(loadConfig({ AI_STRUCTURED_OUTPUT: 'json_object' }).AI_STRUCTURED_OUTPUT).toBe('json_object');
    expect(loadConfig({ AI_STRUCTURED_OUTPUT: 'prompt' }).AI_STRUCTURED_OUTPUT).toBe('prompt');
    expect(() => loadConfig({ AI_STRUCTURED_OUTPUT: 'ollama' })).toThrow(/AI_STRUCTURED_OUTPUT/);
  });

  it('trusts no proxy by default, and only the ones TRUST_PROXY names', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
    // every client, a hop count (Fastify ignores it) and typos are refused with the entry named
    for (const value of ['true', '1', '10.0.0.0/33', 'proxy.schule.example', '10.0.0.2, ']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^\s+- TRUST_PROXY: „.*“ ist keine Adresse/m);
    }
  });

  it('reads TRUSTED_ORIGINS as a list of origins', () => {
    expect(loadConfig({}).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ TRUSTED_ORIGINS: 'https://lernen.schule.example, http://10.0.0.5:8080/' }).trustedOrigins,
    ).toEqual(['https://lernen.schule.example', 'http://10.0.0.5:8080']);
    for (const value of ['lernen.schule.example', 'https://a.example/pfad', 'ftp://a.example']) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: value })).toThrow(/TRUSTED_ORIGINS/);
    }
  });

  it('has rate limits for one school behind one address, each one adjustable', () => {
    expect(loadConfig({})).toMatchObject({
      AUTH_RATE_LIMIT_PER_MINUTE: 10,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10,
      SIGNUP_RATE_LIMIT_PER_HOUR: 30,
      UPLOAD_RATE_LIMIT_PER_10_MINUTES: 100,
    });
    expect(loadConfig({ SIGNUP_RATE_LIMIT_PER_HOUR: '200' }).SIGNUP_RATE_LIMIT_PER_HOUR).toBe(200);
    expect(() => loadConfig({ UPLOAD_RATE_LIMIT_PER_10_MINUTES: '0' })).toThrow(
      /UPLOAD_RATE_LIMIT_PER_10_MINUTES/,
    );
  });
});
