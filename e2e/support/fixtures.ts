import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type {
  BillingInterval,
  PaidPlanId,
  Profile,
  Question,
  SavedTest,
  SignupRequest,
} from '@korrigo/domain';

export { expect };

import { e2eDataDir as dataDir, e2eStripeUrl } from './env';
let counter = 0;

export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.de`;
}

/** Sign-up data with overrides: a teacher unless told otherwise. */
export function buildSignup(overrides: Partial<SignupRequest> = {}): Required<SignupRequest> {
  return {
    name: 'Erika Mustermann',
    accountType: 'teacher',
    bundesland: 'Thüringen',
    school: 'Gymnasium am Park',
    subjects: ['Deutsch'],
    classLevel: '',
    termsAccepted: true,
    email: uniqueEmail(),
    password: 'Sicher123!',
    rememberMe: true,
    ...overrides,
  };
}

/** Creates a user through the API in the page's browser context: the page is then signed in. */
export async function signUpViaApi(page: Page, overrides: Partial<SignupRequest> = {}) {
  const data = buildSignup(overrides);
  const response = await page.request.post('/api/signup', { data });
  expect(response.status(), await response.text()).toBe(201);
  return data;
}

/**
 * Gives the page's signed-in user a paid plan the quick way (issue 20 point 2): checkout through the API, the
 * local Stripe stand-in's pay button without the browser; the stand-in delivers its signed webhook events
 * before it answers, so the plan is in effect when this returns. The plan's trial (7 or 14 days) is running.
 * Premium Student needs an approved student ID first.
 */
export async function upgradeViaCheckout(
  page: Page,
  plan: PaidPlanId = 'premium_teacher',
  interval: BillingInterval = 'month',
): Promise<Profile> {
  const checkout = await page.request.post('/api/billing/checkout', { data: { plan, interval } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect(url.startsWith(`${e2eStripeUrl}/checkout/`), url).toBe(true);
  const pay = await page.request.post(`${url}/pay`, { maxRedirects: 0 });
  expect(pay.status(), await pay.text()).toBe(303);
  const profile = (await (await page.request.get('/api/profile')).json()) as Profile;
  expect(profile.plan).toBe(plan);
  return profile;
}

/** A question of a saved test; what a test creator leaves empty is empty. */
export function testQuestion(
  question: Pick<Question, 'id' | 'text' | 'type' | 'points' | 'orderIndex'> & Partial<Question>,
): Question {
  return {
    options: [],
    correctAnswer: '',
    correctionTemplate: '',
    resources: [],
    matchingPairs: [],
    ...question,
  };
}

/** Saves a test for the signed-in user through the test creator's API and answers it as saved. */
export async function saveTestViaApi(
  page: Page,
  test: Pick<SavedTest, 'title' | 'subject' | 'grade' | 'testType' | 'topic' | 'questions'>,
) {
  const session = await page.request.get('/api/auth/get-session');
  const userId = ((await session.json()) as { user: { id: string } }).user.id;
  const saved = {
    id: `test-${Date.now()}-${(counter += 1)}`,
    duration: 15,
    learningObjectives: '',
    resources: [],
    userId,
    ...test,
  };
  const response = await page.request.post('/api/tests', { data: saved });
  expect(response.ok(), await response.text()).toBe(true);
  return saved;
}

/** The newest mail to `to` from the app's outbox (no SMTP_URL: mails land in DATA_DIR/mail as .eml). */
export async function readMail(to: string): Promise<string> {
  const outbox = path.join(dataDir, 'mail');
  for (let attempt = 0; attempt < 50; attempt++) {
    if (fs.existsSync(outbox)) {
      const files = fs.readdirSync(outbox).sort().reverse();
      for (const file of files) {
        const raw = fs
          .readFileSync(path.join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (raw.includes(`To: ${to}`)) return raw;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * axe scan of the page at rest: no serious or critical violations. Carousels stop for the scan (reduced
 * motion) and running fades finish first: a slide still fading in has not reached its colours yet.
 */
export async function expectAccessible(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // At most 3 s: an animation in a section the browser skips (content-visibility) may never finish, and the
  // scan must run anyway.
  await page.evaluate(async () => {
    const deadline = Date.now() + 3000;
    const tick = () => new Promise((resolve) => setTimeout(resolve, 16));
    // A toast is transparent until sonner marks it mounted and its fade-in starts (and again while it is
    // removed): no animation runs yet to wait for, and axe reads its text as low contrast.
    const unsettledToast =
      '[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]';
    while (Date.now() < deadline && document.querySelector(unsettledToast)) await tick();
    await tick();
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
    ]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * At a phone's width (issue 34 §7) the page does not scroll sideways and every table's buttons and links lie
 * inside the viewport, none hidden off to the right of a table frame: whether the table shows its rows as
 * cards below `sm` (`table-stack`) or gives way to a list of cards, each control of the screen is checked.
 */
export async function expectTableActionsInView(page: Page) {
  const width = page.viewportSize()!.width;
  await expect(page.locator('main table').first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  let checked = 0;
  for (const control of await page.locator('main :is(a[href], button)').all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (!box) continue;
    const name = `${(await control.getAttribute('aria-label')) ?? (await control.textContent())}`;
    expect(box.x, `${name} starts left of the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} reaches beyond ${width} px`).toBeLessThanOrEqual(width + 0.5);
    checked += 1;
  }
  expect(checked, 'no visible control was checked').toBeGreaterThan(0);
}

/**
 * The static public pages arrive pre-rendered (ADR 0005): their text shows before the app has started, and a
 * click on a button before that does nothing. After each load the test waits until the app has started, as
 * a person waits until a page is ready.
 */
function waitForAppAfterLoads(page: Page) {
  const waitForApp = async () => {
    if (await page.locator('#root').count())
      await expect(page.locator('html[data-app-started]')).toBeAttached();
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForApp();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForApp();
    return response;
  };
}

/** Fails the test on console errors, which usually mean a broken page that still looks fine. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    waitForAppAfterLoads(page);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      // A 4xx the app expects (a wrong password, a signed-out check) is logged by Chromium as a failed load;
      // that is the app working, not a broken page.
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    },
    { auto: true },
  ],
});
