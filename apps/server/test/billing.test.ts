import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingIntervals,
  paidPlanIds,
  planMessages,
  type BillingInterval,
  type PaidPlanId,
  type Profile,
} from '@korrigo/domain';
import {
  billingEvents,
  profiles,
  studentIdChecks,
  subscriptions,
  teamMembers,
  teams,
} from '../src/db/schema';
import { applyPlan } from '../src/modules/plans/plans.service';
import { stripePriceVariable } from '../src/env';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { createUser, nextAddress } from './support/factories';
import { signPayload, startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in';

type User = Awaited<ReturnType<typeof createUser>>;

const WEBHOOK_SECRET = 'whsec_test_korrigo';
const SECRET_KEY = 'sk_test_korrigo';
const priceId = (plan: PaidPlanId, interval: BillingInterval) => `price_${plan}_${interval}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** STRIPE_* pointing at the stand-in (README "Payments (Stripe)") */
export function stripeEnv(apiUrl: string): Record<string, string> {
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  };
  for (const plan of paidPlanIds) {
    for (const interval of billingIntervals)
      env[stripePriceVariable(plan, interval)] = priceId(plan, interval);
  }
  return env;
}

describe.each(databaseKinds)('[BILLING] checkout, webhooks and the portal on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn({
      webhookSecret: WEBHOOK_SECRET,
      secretKey: SECRET_KEY,
      deliver: async (payload, signature) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          payload,
        });
        return { status: response.statusCode, body: response.body };
      },
    });
    t = await buildTestApp(kind, { env: stripeEnv(stripe.url) });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const post = (who: { cookie: string }, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const profileOf = async (who: User): Promise<Profile> =>
    (await t.app.inject({ url: '/api/profile', headers: { cookie: who.cookie } })).json();
  const rowOf = async (who: User) =>
    (await t.context.database.db.select().from(subscriptions).where(eq(subscriptions.userId, who.id)))[0];

  /** checkout through the API, the stand-in's pay button, the events delivered: the subscription's id */
  async function subscribe(who: User, plan: PaidPlanId, interval: BillingInterval = 'month') {
    const response = await post(who, '/api/billing/checkout', { plan, interval });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().url);
    expect(url.origin).toBe(stripe.url);
    const session = await stripe.pay(url.pathname.split('/').pop()!);
    return { session, subscriptionId: session.subscription as string };
  }

  it('a teacher buys Premium Lehrer: trial, plan, next billing date, unlimited credits', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    expect((await profileOf(teacher)).plan).toBe('free');
    const { session, subscriptionId } = await subscribe(teacher, 'premium_teacher');
    expect(session.success_url).toBe(`${TEST_ORIGIN}/profile?checkout=success`);
    expect(session.cancel_url).toBe(`${TEST_ORIGIN}/pricing?checkout=cancelled`);
    expect(session.client_reference_id).toBe(teacher.id);
    expect((session.subscription_data as { trial_period_days: string }).trial_period_days).toBe('14');
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true);

    const profile = await profileOf(teacher);
    expect(profile.plan).toBe('premium_teacher');
    expect(profile.credits).toBeNull();
    expect(profile.remainingCredits).toBeNull();
    expect(profile.subscription).toMatchObject({
      plan: 'premium_teacher',
      interval: 'month',
      status: 'trialing',
      cancelAtPeriodEnd: false,
    });
    const trialEnd = new Date(profile.subscription!.trialEnd!).getTime();
    expect(Math.abs(trialEnd - Date.now() - 14 * DAY_MS)).toBeLessThan(60_000);
    expect(profile.subscription!.nextBillingDate).toBe(profile.subscription!.trialEnd);
    expect((await rowOf(teacher))!.subscriptionId).toBe(subscriptionId);

    // bought once: a second checkout is refused, the portal is there
    const again = await post(teacher, '/api/billing/checkout', { plan: 'pro_team', interval: 'month' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(planMessages.alreadySubscribed);
    const portal = await post(teacher, '/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${stripe.url}/portal/`));
  });

  it('annual billing at the annual price; Basic has 7 days of trial', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const { session } = await subscribe(teacher, 'basic', 'year');
    expect((session.line_items as Array<{ price: string }>)[0]!.price).toBe(priceId('basic', 'year'));
    expect((session.subscription_data as { trial_period_days: string }).trial_period_days).toBe('7');
    const profile = await profileOf(teacher);
    expect(profile.plan).toBe('basic');
    expect(profile.credits).toBe(25);
    expect(profile.subscription).toMatchObject({ plan: 'basic', interval: 'year' });
  });

  it('a replayed event changes nothing a second time', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const before = stripe.events.length;
    await subscribe(teacher, 'premium_teacher');
    const sent = stripe.events.slice(before);
    const [recorded] = await t.context.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, sent[0]!.id));
    expect(recorded).toBeDefined();

    // had the replay an effect, it would put the plan back
    await t.context.database.db.update(profiles).set({ plan: 'free' }).where(eq(profiles.userId, teacher.id));
    for (const event of sent) {
      const replay = await stripe.resend(event.id);
      expect(replay.status).toBe(200);
    }
    expect((await profileOf(teacher)).plan).toBe('free');
  });

  it('an older event that arrives after a newer one does not undo it', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const { subscriptionId } = await subscribe(teacher, 'premium_teacher');
    stripe.hold();
    stripe.advanceClock(60);
    await stripe.cancelAtPeriodEnd(subscriptionId, true);
    stripe.advanceClock(60);
    await stripe.cancelAtPeriodEnd(subscriptionId, false);
    const [older, newer] = stripe.events.slice(-2);
    await stripe.releaseHeld('reversed');
    expect(stripe.deliveries.slice(-2).map((d) => d.eventId)).toEqual([newer!.id, older!.id]);

    const row = await rowOf(teacher);
    expect(row!.providerUpdatedAt!.getTime()).toBe(newer!.created * 1000);
    expect(row!.cancelAtPeriodEnd).toBe(false);
    expect((await profileOf(teacher)).plan).toBe('premium_teacher');
  });

  it('a bad or missing signature is refused with 400', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
    });
    for (const signature of [
      undefined,
      'nonsense',
      signPayload(payload, 'whsec_someone_else'),
      signPayload(`${payload} `, WEBHOOK_SECRET),
      // a signature of long ago: a captured request cannot be sent again later
      signPayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json().error.message).toBe(planMessages.webhookSignatureInvalid);
    }
    const [forged] = await t.context.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, 'evt_forged'));
    expect(forged).toBeUndefined();
  });

  it('a trial that runs out without payment ends in Free; a paid one goes on', async () => {
    const unpaid = await createUser(t, { accountType: 'teacher' });
    const first = await subscribe(unpaid, 'premium_teacher');
    await stripe.endTrial(first.subscriptionId, false);
    const ended = await profileOf(unpaid);
    expect(ended.plan).toBe('free');
    expect(ended.credits).toBe(5);
    expect(ended.subscription).toMatchObject({ status: 'canceled', nextBillingDate: null });

    // the next checkout has no second trial
    const { session } = await subscribe(unpaid, 'premium_teacher');
    expect((session.subscription_data as { trial_period_days?: string }).trial_period_days).toBeUndefined();
    expect((await profileOf(unpaid)).subscription).toMatchObject({
      status: 'active',
      plan: 'premium_teacher',
    });

    const paying = await createUser(t, { accountType: 'teacher' });
    const second = await subscribe(paying, 'pro_team');
    const trialEnd = (await profileOf(paying)).subscription!.nextBillingDate!;
    await stripe.endTrial(second.subscriptionId, true);
    const going = await profileOf(paying);
    expect(going.plan).toBe('pro_team');
    expect(going.subscription!.status).toBe('active');
    expect(new Date(going.subscription!.nextBillingDate!).getTime()).toBeGreaterThan(
      new Date(trialEnd).getTime(),
    );
  });

  it('a cancellation keeps the plan until the period ends', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const { subscriptionId } = await subscribe(teacher, 'premium_teacher');
    // the portal's cancel button (the stand-in's portal page posts this)
    const portal = await post(teacher, '/api/billing/portal');
    const portalPage = new URL(portal.json().url);
    const cancelled = await fetch(`${portalPage.href}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${TEST_ORIGIN}/profile`);

    const waiting = await profileOf(teacher);
    expect(waiting.plan).toBe('premium_teacher');
    expect(waiting.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing' });
    expect(waiting.subscription!.nextBillingDate).not.toBeNull();

    await stripe.endPeriod(subscriptionId);
    const after = await profileOf(teacher);
    expect(after.plan).toBe('free');
    expect(after.subscription).toMatchObject({ status: 'canceled', nextBillingDate: null });
  });

  it("a Pro Team owner's ended plan ends the team: her colleague falls back to Free, her tests stay hers", async () => {
    const owner = await createUser(t, { accountType: 'teacher' });
    const { subscriptionId } = await subscribe(owner, 'pro_team');
    const founded = await post(owner, '/api/team', { name: 'Fachschaft Chemie' });
    expect(founded.statusCode, founded.body).toBe(201);
    // a colleague who accepted her invitation (the invitation itself: teams.test.ts)
    const colleague = await createUser(t, { accountType: 'teacher' });
    const [team] = await t.context.database.db.select().from(teams).where(eq(teams.ownerId, owner.id));
    await t.context.database.db.insert(teamMembers).values({ teamId: team!.id, userId: colleague.id });
    await applyPlan(t.context.database.db, colleague.id, 'pro_team');
    expect((await profileOf(colleague)).plan).toBe('pro_team');

    await stripe.cancelAtPeriodEnd(subscriptionId);
    expect((await profileOf(colleague)).plan).toBe('pro_team');
    await stripe.endPeriod(subscriptionId);
    expect((await profileOf(owner)).plan).toBe('free');
    expect(await profileOf(colleague)).toMatchObject({ plan: 'free', credits: 5, team: null });
    expect(await t.context.database.db.select().from(teams).where(eq(teams.ownerId, owner.id))).toEqual([]);
  });

  it('plans by account type; Premium Student needs a confirmed student ID', async () => {
    const student = await createUser(t, { accountType: 'student', classLevel: '10' });
    const wrong = await post(student, '/api/billing/checkout', {
      plan: 'premium_teacher',
      interval: 'month',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(planMessages.planForAudience);
    const teacher = await createUser(t, { accountType: 'teacher' });
    const notForTeachers = await post(teacher, '/api/billing/checkout', {
      plan: 'premium_student',
      interval: 'month',
    });
    expect(notForTeachers.statusCode).toBe(403);

    const withoutId = await post(student, '/api/billing/checkout', {
      plan: 'premium_student',
      interval: 'month',
    });
    expect(withoutId.statusCode).toBe(403);
    expect(withoutId.json().error).toMatchObject({
      code: 'student_id_required',
      message: planMessages.studentIdRequired,
      plan: 'premium_student',
    });
    // an approved ID that ran out does not count
    await t.context.database.db.insert(studentIdChecks).values({
      userId: student.id,
      mimeType: 'image/png',
      sizeBytes: 100,
      status: 'approved',
      validUntil: new Date(Date.now() - DAY_MS),
    });
    expect(
      (await post(student, '/api/billing/checkout', { plan: 'premium_student', interval: 'month' }))
        .statusCode,
    ).toBe(403);
    await t.context.database.db.insert(studentIdChecks).values({
      userId: student.id,
      mimeType: 'image/png',
      sizeBytes: 100,
      status: 'approved',
      validUntil: new Date(Date.now() + 100 * DAY_MS),
    });
    await subscribe(student, 'premium_student');
    const profile = await profileOf(student);
    expect(profile.plan).toBe('premium_student');
    expect(profile.credits).toBe(50);
  });

  it('erasing the account ends a running subscription first; if the provider is down, nothing is erased', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const { subscriptionId } = await subscribe(teacher, 'premium_teacher');
    const readAtProvider = async () =>
      (await (
        await fetch(`${stripe.url}/v1/subscriptions/${subscriptionId}`, {
          headers: { authorization: `Bearer ${SECRET_KEY}` },
        })
      ).json()) as { status: string };
    const erase = () => post(teacher, '/api/privacy/account-deletion', { password: teacher.password });

    stripe.failNextRequests(3);
    const refused = await erase();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe(planMessages.paymentProviderFailed);
    // the stand-in answers again (the library may have used fewer of the failures on its retries)
    stripe.failNextRequests(0);
    expect((await profileOf(teacher)).plan).toBe('premium_teacher');
    expect((await readAtProvider()).status).toBe('trialing');

    expect((await erase()).statusCode).toBe(200);
    expect((await readAtProvider()).status).toBe('canceled');
    expect(await rowOf(teacher)).toBeUndefined();
  });

  /** A hang fails here in seconds, not at the test's timeout: the webhook that never answered (issue 31). */
  const quickly = <T>(work: Promise<T>, ms = 10_000): Promise<T> =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
      }),
    ]);
  /** A sign-in and a read: the server answers what needs the database. */
  async function stillAnswering() {
    const someone = await quickly(createUser(t, { accountType: 'teacher' }));
    const signedIn = await quickly(
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: nextAddress(),
        payload: { email: someone.email, password: someone.password },
      }),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await quickly(profileOf(someone))).plan).toBe('free');
  }

  it("an erased account: the provider's events that follow answer 200 at once and change nothing (issue 31)", async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const { subscriptionId } = await subscribe(teacher, 'premium_teacher');
    // Stripe sends the cancellation's events after the erasure has answered, when her rows are gone
    stripe.hold();
    const before = stripe.events.length;
    const erased = await post(teacher, '/api/privacy/account-deletion', { password: teacher.password });
    expect(erased.statusCode, erased.body).toBe(200);
    const sent = stripe.events.slice(before);
    expect(sent.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');

    await quickly(stripe.releaseHeld());
    // and again, as the provider delivers once more what it takes for unanswered
    for (const event of [...sent, ...sent]) expect((await quickly(stripe.resend(event.id))).status).toBe(200);
    expect(stripe.deliveries.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);

    expect(await rowOf(teacher)).toBeUndefined();
    expect(
      await t.context.database.db.select().from(profiles).where(eq(profiles.userId, teacher.id)),
    ).toEqual([]);
    await stillAnswering();
  });

  it('a checkout of a customer we do not know (no account, no row) answers 200 and changes nothing', async () => {
    // a checkout started at the provider for a user id that has no account here
    const stranger = randomUUID();
    const atProvider = async (url: string, form: Record<string, string>) => {
      const response = await fetch(`${stripe.url}${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { id: string };
    };
    const customer = await atProvider('/v1/customers', { email: 'niemand@example.de' });
    const session = await atProvider('/v1/checkout/sessions', {
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: stranger,
      'line_items[0][price]': priceId('premium_teacher', 'month'),
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][userId]': stranger,
      success_url: `${TEST_ORIGIN}/profile`,
    });
    const before = stripe.deliveries.length;
    await quickly(stripe.pay(session.id));
    const delivered = stripe.deliveries.slice(before);
    // subscription created, checkout completed, first invoice paid (no trial: one per account was never asked)
    expect(delivered.map((d) => d.status)).toEqual([200, 200, 200]);
    for (const { eventId } of delivered) expect((await quickly(stripe.resend(eventId))).status).toBe(200);

    expect(
      await t.context.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customer.id)),
    ).toEqual([]);
    await stillAnswering();
  });

  it('without a subscription the portal says so; a failing provider answers in German, not 500', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const portal = await post(teacher, '/api/billing/portal');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().error.message).toBe(planMessages.noSubscription);

    stripe.failNextRequests(2); // the library tries twice
    const failed = await post(teacher, '/api/billing/checkout', { plan: 'basic', interval: 'month' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe(planMessages.paymentProviderFailed);
    expect(
      (await post(teacher, '/api/billing/checkout', { plan: 'basic', interval: 'month' })).statusCode,
    ).toBe(200);

    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { origin: TEST_ORIGIN },
      payload: { plan: 'basic', interval: 'month' },
    });
    expect(signedOut.statusCode).toBe(401);
    const bad = await post(teacher, '/api/billing/checkout', { plan: 'enterprise', interval: 'month' });
    expect(bad.statusCode).toBe(400);
  });

  it('/api/config says that checkout is there', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json().checkout).toBe(true);
  });
});

describe('[BILLING] without payment configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('refuses checkout and the portal in German; config says so; the webhook is not there', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    expect((await t.app.inject({ url: '/api/config' })).json().checkout).toBe(false);
    for (const [url, payload] of [
      ['/api/billing/checkout', { plan: 'premium_teacher', interval: 'month' }],
      ['/api/billing/portal', undefined],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({
        code: 'checkout_unavailable',
        message: planMessages.checkoutUnavailable,
      });
    }
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });
});
