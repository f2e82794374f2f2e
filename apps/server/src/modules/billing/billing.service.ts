import {
  billingIntervals,
  paidPlanIds,
  planForAccountType,
  planMessages,
  plansById,
  type BillingInterval,
  type BillingRedirect,
  type CheckoutRequest,
  type PaidPlanId,
  type PlanId,
} from '@korrigo/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { StripeConfig } from '../../env';
import type { Executor } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Plans } from '../plans/plans.service';
import { onPlanChanged as planChangedHook } from '../plans/plan-changed';
import {
  subscriptionIdOf,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from './billing.provider';
import type { BillingRepository, SubscriptionRow } from './billing.repository';

/**
 * Checkout, the customer portal and the provider's events (issue 20 point 2, ADR 0019). The provider's
 * subscription is the truth: every event makes us read it again and write what it says now, so the order in
 * which events arrive does not matter; an event older than the one that last wrote the row is recorded and
 * changes nothing, and an event seen before is answered without effect.
 */

/** The statuses in which the paid plan is in effect; any other ends it (Free). */
const inEffect = new Set<string>(['trialing', 'active', 'past_due']);
/** The statuses of a subscription that still exists: a second checkout would buy a second one. */
const ended = new Set<string>(['canceled', 'incomplete_expired']);

/** The events that can change a subscription; every other type is acknowledged and ignored. */
export const handledEventTypes = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

export function createBillingService(deps: {
  repository: BillingRepository;
  /** null: no STRIPE_* configuration, the buttons ask for an offer instead */
  provider: PaymentProvider | null;
  prices: StripeConfig['prices'] | null;
  plans: Pick<Plans, 'applyPlan'>;
  log: FastifyBaseLogger;
  onPlanChanged?: (tx: Executor, userId: string, plan: PlanId) => Promise<void>;
  now?: () => Date;
}) {
  const { repository, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  const onPlanChanged = deps.onPlanChanged ?? planChangedHook;

  const priceIndex = new Map<string, { plan: PaidPlanId; interval: BillingInterval }>();
  for (const plan of paidPlanIds) {
    for (const interval of billingIntervals) {
      const priceId = deps.prices?.[plan][interval];
      if (priceId) priceIndex.set(priceId, { plan, interval });
    }
  }

  function configured(): PaymentProvider {
    if (!provider) throw new AppError('checkout_unavailable', planMessages.checkoutUnavailable);
    return provider;
  }

  /** The provider did not answer or refused: German, never a 500; the details go to the log. */
  function providerFailed(error: unknown): AppError {
    log.warn({ err: error }, 'payment provider request failed');
    return new AppError('payment_provider', planMessages.paymentProviderFailed);
  }

  /** Which plan a subscription is: by its price (a change in the portal changes the price), else its metadata. */
  function planOf(subscription: ProviderSubscription) {
    const byPrice = subscription.priceId ? priceIndex.get(subscription.priceId) : undefined;
    return byPrice ?? null;
  }

  /** Writes the subscription's current state and the plan that follows from it, in the event's transaction. */
  async function sync(
    tx: Executor,
    event: ProviderEvent,
    subscription: ProviderSubscription,
    userHint: string | null,
  ) {
    const row: SubscriptionRow | undefined = await repository.lockByCustomer(tx, subscription.customerId);
    // a customer without a row here (never written, or erased with her account): only the user id we gave
    // the provider counts, if that account still exists. Read in the transaction: outside it, PGlite's one
    // connection is held by this transaction and the read would wait for it for good (issue 31).
    const userId = row?.userId ?? (userHint && (await repository.findBuyer(userHint, tx)) ? userHint : null);
    if (!userId) {
      log.warn(
        { event: event.id, customer: subscription.customerId },
        'payment event for an unknown customer',
      );
      return;
    }
    if (row?.providerUpdatedAt && event.createdAt < row.providerUpdatedAt) {
      // a newer event has already written a later state
      return;
    }
    if (row?.subscriptionId && row.subscriptionId !== subscription.id && !ended.has(row.status ?? '')) {
      // she has another subscription that is not over: news of this one (an old one ending) changes nothing
      return;
    }
    const priced = planOf(subscription);
    if (!priced) {
      log.warn({ event: event.id, price: subscription.priceId }, 'payment event for a price of no plan');
      return;
    }
    await repository.writeSubscription(tx, userId, {
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      plan: priced.plan,
      interval: priced.interval,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      trialEnd: subscription.trialEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      providerUpdatedAt: event.createdAt,
    });
    const plan: PlanId = inEffect.has(subscription.status) ? priced.plan : 'free';
    await deps.plans.applyPlan(tx, userId, plan);
    await onPlanChanged(tx, userId, plan);
  }

  return {
    /** POST /api/billing/checkout: the provider's hosted checkout for one plan and interval. */
    async checkout(userId: string, input: CheckoutRequest, baseUrl: string): Promise<BillingRedirect> {
      const stripe = configured();
      const buyer = await repository.findBuyer(userId);
      if (!buyer) throw notFound();
      if (!planForAccountType(input.plan, buyer.accountType)) {
        throw new AppError('plan_for_audience', planMessages.planForAudience);
      }
      const existing = await repository.findSubscription(userId);
      if (
        buyer.plan === 'enterprise' ||
        (existing?.subscriptionId && existing.status && !ended.has(existing.status))
      ) {
        throw new AppError('already_subscribed', planMessages.alreadySubscribed);
      }
      if (
        plansById[input.plan].requiresStudentId &&
        !(await repository.hasConfirmedStudentId(userId, now()))
      ) {
        throw new AppError('student_id_required', planMessages.studentIdRequired, { plan: input.plan });
      }
      try {
        const customerId =
          existing?.customerId ??
          (await repository.saveCustomer(
            userId,
            await stripe.createCustomer({ email: buyer.email, name: buyer.name, userId }),
          ));
        const url = await stripe.createCheckoutSession({
          customerId,
          userId,
          plan: input.plan,
          priceId: deps.prices![input.plan][input.interval],
          // one trial per account: whoever had a subscription before pays from the first day
          trialDays: existing?.subscriptionId ? null : plansById[input.plan].trialDays,
          successUrl: `${baseUrl}/profile?checkout=success`,
          cancelUrl: `${baseUrl}/pricing?checkout=cancelled`,
        });
        return { url };
      } catch (error) {
        throw providerFailed(error);
      }
    },

    /** POST /api/billing/portal: the provider's customer portal (cancellation, payment methods, invoices). */
    async portal(userId: string, baseUrl: string): Promise<BillingRedirect> {
      const stripe = configured();
      const row = await repository.findSubscription(userId);
      if (!row?.subscriptionId) throw new AppError('no_subscription', planMessages.noSubscription);
      try {
        return { url: await stripe.createPortalSession(row.customerId, `${baseUrl}/profile`) };
      } catch (error) {
        throw providerFailed(error);
      }
    },

    /**
     * Before an account is erased (ADR 0015): a subscription that still runs is ended with the provider, or
     * the provider would go on charging a person who no longer has an account. If the provider cannot be
     * reached the erasure stops with a German 502 and nothing is lost; she can try again.
     */
    async endBeforeErasure(userId: string): Promise<void> {
      const row = await repository.findSubscription(userId);
      if (!row?.subscriptionId || !row.status || ended.has(row.status)) return;
      // no provider any more (STRIPE_* removed): there is nobody here to tell
      if (!provider) return;
      try {
        await provider.cancelSubscriptionNow(row.subscriptionId);
      } catch (error) {
        throw providerFailed(error);
      }
      log.info({ userId }, 'subscription ended before the account was erased');
    },

    /**
     * POST /api/billing/webhook: checks the signature over the raw body, then handles each event once. A
     * failure to read the subscription answers 502, and the provider delivers the event again later.
     */
    async handleEvent(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
      if (!provider) throw new AppError('not_found', planMessages.webhookNotConfigured);
      let event: ProviderEvent;
      try {
        event = provider.constructEvent(rawBody, signature ?? '');
      } catch {
        throw new AppError('bad_signature', planMessages.webhookSignatureInvalid);
      }
      if (!handledEventTypes.has(event.type) || (await repository.eventSeen(event.id))) {
        return { received: true };
      }
      const subscriptionId = subscriptionIdOf(event);
      let subscription: ProviderSubscription | null = null;
      if (subscriptionId) {
        try {
          subscription = await provider.retrieveSubscription(subscriptionId);
        } catch (error) {
          throw providerFailed(error);
        }
      }
      const userHint =
        (typeof event.object.client_reference_id === 'string' ? event.object.client_reference_id : null) ??
        subscription?.metadata.userId ??
        null;
      await repository.transaction(async (tx) => {
        // recorded in the same transaction as its effect: a replay, or the same event twice at once, finds it
        if (!(await repository.recordEvent(tx, event))) return;
        if (subscription) await sync(tx, event, subscription, userHint);
      });
      return { received: true };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
