import path from 'node:path';

/** One port and one data directory per run, so that parallel runs on one machine do not meet. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = path.resolve(import.meta.dirname, '..', `.data-run-${e2ePort}`);

/**
 * The local Stripe stand-in (apps/server/test/support/stripe-stand-in.ts) beside the app: its port (the
 * app's plus one unless E2E_STRIPE_PORT says otherwise) and the settings the app gets (README "Payments").
 */
export const e2eStripePort = Number(process.env.E2E_STRIPE_PORT ?? e2ePort + 1);
export const e2eStripeUrl = `http://127.0.0.1:${e2eStripePort}`;
export const e2eStripeSecrets = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e' } as const;
const plans = ['basic', 'premium_student', 'premium_teacher', 'pro_team'] as const;
const intervals = ['month', 'year'] as const;

export function e2eStripeEnv(): Record<string, string> {
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: e2eStripeSecrets.secretKey,
    STRIPE_WEBHOOK_SECRET: e2eStripeSecrets.webhookSecret,
    STRIPE_API_URL: e2eStripeUrl,
  };
  for (const plan of plans) {
    for (const interval of intervals) {
      env[`STRIPE_PRICE_${plan.toUpperCase()}_${interval.toUpperCase()}`] = `price_${plan}_${interval}`;
    }
  }
  return env;
}

/**
 * The stand-in LTI 1.3 platform (apps/server/test/support/lti-platform.ts, issue 35 §5) beside the app: the app's
 * port plus two unless E2E_LTI_PORT says otherwise. On `localhost` as the app: the launch's state cookie is
 * SameSite=Lax over http, so the platform and the tool must be one site for the browser.
 */
export const e2eLtiPort = Number(process.env.E2E_LTI_PORT ?? e2ePort + 2);
export const e2eLtiUrl = `http://localhost:${e2eLtiPort}`;
