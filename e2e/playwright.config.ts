import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

import {
  e2eDataDir as dataDir,
  e2eLtiPort,
  e2ePort as port,
  e2eStripeEnv,
  e2eStripePort,
  e2eStripeSecrets,
} from './support/env';

/**
 * Debian's old headless shell (the `chromium-headless-shell` package) where it is installed: the same Blink, but
 * without the full browser's GPU process and window compositing, which took more of the two cores than the app
 * under test (four specs: 204 s → 164 s, CPU 363 s → 278 s). It is also what Playwright itself launches for
 * headless Chromium. Without the package the full `chromium` runs the same specs, only slower.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * Large tests: the built app started the way the README starts it (`npm start`), in Debian's chromium
 * (Playwright never downloads a browser of its own here).
 */
export default defineConfig({
  testDir: './specs',
  // runs once the web servers answer: waits until the app has warmed up (support/global-setup.ts)
  globalSetup: './support/global-setup.ts',
  // Two spec files at a time (the tests of one file stay in order): every spec signs up its own users, so
  // files do not meet in the data, and the browser waits on the server often enough that two cores keep up.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // two minutes: on a slow day two cores took more than one for the longest flows (billing, history)
  timeout: 120_000,
  // 20 s: on a slow day a page that was right took more than 10 s to show it beside the other worker
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // a failed test keeps its trace (actions, DOM snapshots, network), but not the screencast: recording the
    // screencast of every test cost a fifth of the suite's time on two cores (259 s → 204 s for four specs)
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // the local stand-in for Stripe (issue 20 point 2): checkout, portal and signed webhooks to the app
      command: 'node --import tsx apps/server/test/support/stripe-stand-in-server.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${e2eStripePort}/_test/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        STAND_IN_PORT: String(e2eStripePort),
        STRIPE_SECRET_KEY: e2eStripeSecrets.secretKey,
        STRIPE_WEBHOOK_SECRET: e2eStripeSecrets.webhookSecret,
        WEBHOOK_URL: `http://localhost:${port}/api/billing/webhook`,
      },
    },
    {
      // the stand-in LTI 1.3 platform (issue 35 §5): a Moodle course whose teacher and pupils open Korrigo
      command: `node --import tsx apps/server/test/support/lti-platform.ts http://localhost:${port} ${e2eLtiPort}`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${e2eLtiPort}/_test/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `rm -rf "${dataDir}" && npm start`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${port}/api/config`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        // The specs sign up many users, and upload for them, from one address; the limits themselves are
        // covered by the server tests (apps/server/test/rate-limits.test.ts).
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
        UPLOAD_RATE_LIMIT_PER_10_MINUTES: '10000',
        // test-only seeding routes (e.g. 120 notifications for the badge's 99+); each writes only the caller's data
        TEST_HOOKS: 'true',
        LOG_LEVEL: 'warn',
        // payments against the stand-in above (README "Payments (Stripe)")
        ...e2eStripeEnv(),
      },
    },
  ],
});
