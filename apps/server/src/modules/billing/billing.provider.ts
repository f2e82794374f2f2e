import Stripe from 'stripe';
import type { StripeConfig } from '../../env';

/**
 * The few calls Korrigo makes to Stripe (ADR 0019), through the official library: it speaks Stripe's HTTP
 * protocol and checks the webhook signatures. STRIPE_API_URL points it elsewhere (the tests' stand-in).
 */

/** A subscription as we read it, whatever API version answered. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  priceId: string | null;
  /** the current period's end: on the subscription's items since API version 2025-03-31, before on itself */
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  /** a cancellation waits for the period's end (`cancel_at_period_end`, or `cancel_at` set by the portal) */
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
};

export type ProviderEvent = {
  id: string;
  type: string;
  createdAt: Date;
  object: Record<string, unknown>;
};

const fromSeconds = (value: unknown) => (typeof value === 'number' ? new Date(value * 1000) : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? String(value.id)
      : null;

export function readSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacy = subscription as unknown as { current_period_end?: number };
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: fromSeconds(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: fromSeconds(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || Boolean(subscription.cancel_at),
    metadata: (subscription.metadata ?? {}) as Record<string, string>,
  };
}

export function createStripeProvider(config: StripeConfig) {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    // one retry (the library's idempotency keys make it safe), then the caller answers in German
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });

  return {
    async createCustomer(input: { email: string; name: string; userId: string }) {
      const customer = await stripe.customers.create({
        email: input.email,
        name: input.name,
        metadata: { userId: input.userId },
      });
      return customer.id;
    },

    async createCheckoutSession(input: {
      customerId: string;
      userId: string;
      plan: string;
      priceId: string;
      trialDays: number | null;
      successUrl: string;
      cancelUrl: string;
    }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        metadata: { userId: input.userId, plan: input.plan },
        subscription_data: {
          metadata: { userId: input.userId, plan: input.plan },
          ...(input.trialDays
            ? {
                trial_period_days: input.trialDays,
                // a trial that ends without a way to pay ends the subscription (the webhook then sets Free)
                trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } },
              }
            : {}),
        },
        locale: 'de',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('checkout session without url');
      return session.url;
    },

    async createPortalSession(customerId: string, returnUrl: string) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: 'de',
      });
      return session.url;
    },

    /** Ends a subscription at once, without a refund for the rest of the period (account erasure). */
    async cancelSubscriptionNow(id: string): Promise<void> {
      await stripe.subscriptions.cancel(id);
    },

    async retrieveSubscription(id: string): Promise<ProviderSubscription> {
      return readSubscription(await stripe.subscriptions.retrieve(id));
    },

    /** Checks the Stripe-Signature header over the raw body (throws on a bad or stale signature). */
    constructEvent(rawBody: Buffer, signature: string): ProviderEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      return {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
        object: event.data.object as unknown as Record<string, unknown>,
      };
    },
  };
}

export type PaymentProvider = ReturnType<typeof createStripeProvider>;

/** The subscription an event is about: the object itself, a checkout session's or an invoice's. */
export function subscriptionIdOf(event: ProviderEvent): string | null {
  const object = event.object;
  if (event.type.startsWith('customer.subscription.')) return idOf(object.id);
  if (event.type === 'checkout.session.completed') return idOf(object.subscription);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  return null;
}
