import { startStripeStandIn } from './stripe-stand-in';

/**
 * The Stripe stand-in as a process of its own, for Playwright's webServer list (e2e/playwright.config.ts):
 * `node --import tsx apps/server/test/support/stripe-stand-in-server.ts` with STAND_IN_PORT,
 * STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_KEY and WEBHOOK_URL (the app's /api/billing/webhook).
 */
const standIn = await startStripeStandIn({
  port: Number(process.env.STAND_IN_PORT ?? 3611),
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
  secretKey: process.env.STRIPE_SECRET_KEY,
  webhookUrl: process.env.WEBHOOK_URL,
});
console.log(`Stripe stand-in on ${standIn.url}, webhooks to ${process.env.WEBHOOK_URL ?? '(nowhere)'}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
