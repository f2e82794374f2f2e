import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe (issue 20 point 2, ADR 0019): it speaks the part of Stripe's HTTP protocol that
 * Korrigo uses (form-encoded POSTs with Bearer keys, JSON objects shaped like Stripe's), shows a hosted
 * checkout page and a customer portal as plain HTML, and sends webhook events signed the way Stripe signs
 * them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), which the official library verifies.
 * No real Stripe account is involved. The server tests start it in-process; Playwright starts it through
 * `stripe-stand-in-server.ts`.
 *
 * Test controls (HTTP under /_test and the same as methods): end a trial with or without payment, end the
 * current period, hold events and deliver them in another order, deliver an event again, fail the next API
 * calls.
 */

type Json = Record<string, unknown>;

export type StandInEvent = { id: string; type: string; created: number; payload: string };

export type StandInOptions = {
  webhookSecret: string;
  /** the key the API accepts (any sk_… when unset) */
  secretKey?: string;
  /** where events are POSTed, or `deliver` to hand them over in-process (server tests: app.inject) */
  webhookUrl?: string;
  deliver?: (payload: string, signature: string) => Promise<{ status: number; body: string }>;
  port?: number;
  host?: string;
};

const DAY = 24 * 60 * 60;

let sequence = 0;
const newId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(sequence += 1).toString(36)}${crypto.randomBytes(4).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=x`) into nested objects; numeric keys become arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

/** The Stripe-Signature header of a payload, as Stripe computes it. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
a.secondary{background:#fff;color:#1d4ed8}form{display:inline}p{line-height:1.5}</style></head>
<body><main>${body}</main></body></html>`;
}

export async function startStripeStandIn(options: StandInOptions) {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const events: StandInEvent[] = [];
  const held: StandInEvent[] = [];
  const deliveries: Array<{ eventId: string; status: number }> = [];
  /** seconds added to the clock (ending trials and periods moves it on) */
  let offset = 0;
  let failNext = 0;
  let holding = false;
  let base = '';

  const now = () => Math.floor(Date.now() / 1000) + offset;

  async function deliver(event: StandInEvent) {
    const signature = signPayload(event.payload, options.webhookSecret);
    let result: { status: number; body: string };
    if (options.deliver) {
      result = await options.deliver(event.payload, signature);
    } else if (options.webhookUrl) {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: event.payload,
      });
      result = { status: response.status, body: await response.text() };
    } else {
      result = { status: 0, body: '' };
    }
    deliveries.push({ eventId: event.id, status: result.status });
    return result;
  }

  async function emit(type: string, object: Json) {
    const event: StandInEvent = { id: newId('evt'), type, created: now(), payload: '' };
    event.payload = JSON.stringify({
      id: event.id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: event.created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    events.push(event);
    if (holding) held.push(event);
    else await deliver(event);
    return event;
  }

  const intervalOf = (priceId: string) => (/year|annual|jahr/i.test(priceId) ? 'year' : 'month');
  const periodEnd = (start: number, interval: string) =>
    interval === 'year' ? start + 365 * DAY : start + 30 * DAY;

  function setPeriod(subscription: Json, start: number, end: number) {
    const item = (subscription.items as { data: Json[] }).data[0]!;
    item.current_period_start = start;
    item.current_period_end = end;
  }
  const periodOf = (subscription: Json) =>
    (subscription.items as { data: Json[] }).data[0]!.current_period_end as number;
  const intervalOfSubscription = (subscription: Json) =>
    (((subscription.items as { data: Json[] }).data[0]!.price as Json).recurring as Json).interval as string;

  function createSubscription(session: Json): Json {
    const data = (session.subscription_data ?? {}) as Json;
    const trialDays = Number(data.trial_period_days ?? 0);
    const priceId = String(((session.line_items as Json[])[0] as Json).price);
    const interval = intervalOf(priceId);
    const start = now();
    const trialEnd = trialDays > 0 ? start + trialDays * DAY : null;
    const subscription: Json = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: priceId, object: 'price', recurring: { interval, interval_count: 1 } },
            quantity: 1,
            current_period_start: start,
            current_period_end: trialEnd ?? periodEnd(start, interval),
          },
        ],
      },
      metadata: (data.metadata ?? {}) as Json,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      trial_settings: data.trial_settings ?? null,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      livemode: false,
    };
    subscriptions.set(subscription.id as string, subscription);
    return subscription;
  }

  const invoiceOf = (subscription: Json) => ({
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  });

  const controls = {
    get url() {
      return base;
    },
    events,
    deliveries,
    subscriptions,
    customers,
    /** the clock's seconds (the events' `created`) */
    now,
    /** the next `count` API calls answer 500 (the payment provider is down) */
    failNextRequests(count: number) {
      failNext = count;
    },
    /** events are kept instead of sent until `releaseHeld` */
    hold() {
      holding = true;
    },
    async releaseHeld(order: 'sent' | 'reversed' = 'sent') {
      holding = false;
      const list = held.splice(0);
      if (order === 'reversed') list.reverse();
      for (const event of list) await deliver(event);
    },
    /** delivers an event again, byte for byte (a replay, or Stripe's retry) */
    async resend(eventId: string) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliver(event);
    },
    /** moves the clock on (events created afterwards are newer) */
    advanceClock(seconds: number) {
      offset += seconds;
    },
    /** the checkout page's pay button: the subscription starts, the events go out */
    async pay(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.status !== 'complete') {
        const subscription = createSubscription(session);
        session.status = 'complete';
        session.payment_status = subscription.status === 'trialing' ? 'no_payment_required' : 'paid';
        session.subscription = subscription.id;
        await emit('customer.subscription.created', structuredClone(subscription));
        await emit('checkout.session.completed', structuredClone(session));
        if (subscription.status === 'active') await emit('invoice.paid', invoiceOf(subscription));
      }
      return session;
    },
    /** the end of a trial: paid, the first period starts; unpaid, the subscription ends (Free) */
    async endTrial(subscriptionId: string, paid: boolean) {
      const subscription = subscriptions.get(subscriptionId)!;
      offset = Math.max(offset, (subscription.trial_end as number) - Math.floor(Date.now() / 1000));
      if (paid) {
        subscription.status = 'active';
        setPeriod(subscription, now(), periodEnd(now(), intervalOfSubscription(subscription)));
        await emit('customer.subscription.updated', structuredClone(subscription));
        await emit('invoice.paid', invoiceOf(subscription));
      } else {
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        await emit('customer.subscription.deleted', structuredClone(subscription));
      }
    },
    /** cancels at the period's end (what the portal's cancel button does), or takes that back */
    async cancelAtPeriodEnd(subscriptionId: string, cancel = true) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, {
        cancel_at_period_end: cancel,
        canceled_at: cancel ? now() : null,
      });
      await emit('customer.subscription.updated', structuredClone(subscription));
    },
    /** the current period ends: a cancelled subscription ends, any other is renewed */
    async endPeriod(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId)!;
      offset = Math.max(offset, periodOf(subscription) - Math.floor(Date.now() / 1000));
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: 'canceled', ended_at: now() });
        await emit('customer.subscription.deleted', structuredClone(subscription));
      } else {
        subscription.status = 'active';
        setPeriod(subscription, now(), periodEnd(now(), intervalOfSubscription(subscription)));
        await emit('customer.subscription.updated', structuredClone(subscription));
        await emit('invoice.paid', invoiceOf(subscription));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const stripeError = (status: number, message: string, type = 'invalid_request_error') => ({
    status,
    json: { error: { type, message } },
  });

  /** Stripe's API: /v1/… */
  async function api(method: string, path: string, form: Json): Promise<{ status: number; json: unknown }> {
    if (failNext > 0) {
      failNext -= 1;
      return stripeError(500, 'The stand-in was told to fail.', 'api_error');
    }
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, json: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') return stripeError(400, 'Only mode=subscription is supported here.');
      if (!customers.has(String(form.customer)))
        return stripeError(400, `No such customer: '${form.customer}'`);
      if (!Array.isArray(form.line_items) || !(form.line_items[0] as Json)?.price) {
        return stripeError(400, 'Missing required param: line_items[0][price].');
      }
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/checkout/${id}`,
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        line_items: form.line_items,
        subscription_data: form.subscription_data ?? {},
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        locale: form.locale ?? null,
        created: now(),
        livemode: false,
      };
      sessions.set(id, session);
      return { status: 200, json: session };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/))) {
      const session = sessions.get(match[1]!);
      return session
        ? { status: 200, json: session }
        : stripeError(404, `No such checkout.session: '${match[1]}'`);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(String(form.customer)))
        return stripeError(400, `No such customer: '${form.customer}'`);
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `${base}/portal/${id}`,
        created: now(),
        livemode: false,
      };
      portalSessions.set(id, session);
      return { status: 200, json: session };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return stripeError(404, `No such subscription: '${match[1]}'`);
      if (method === 'GET') return { status: 200, json: subscription };
      if (method === 'POST') {
        if ('cancel_at_period_end' in form)
          await controls.cancelAtPeriodEnd(subscription.id as string, form.cancel_at_period_end === 'true');
        return { status: 200, json: subscription };
      }
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        await emit('customer.subscription.deleted', structuredClone(subscription));
        return { status: 200, json: subscription };
      }
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  /** The hosted pages and the test controls. */
  async function site(
    method: string,
    path: string,
    form: Json,
  ): Promise<{ status: number; html?: string; json?: unknown; location?: string } | null> {
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === '/_test/health') return { status: 200, json: { ok: true } };
    if (method === 'GET' && path === '/_test/events') {
      return { status: 200, json: events.map(({ id, type, created }) => ({ id, type, created })) };
    }
    if (method === 'GET' && (match = path.match(/^\/_test\/checkout\/([\w-]+)$/))) {
      const session = sessions.get(match[1]!);
      return session ? { status: 200, json: session } : { status: 404, json: { error: 'no session' } };
    }
    if (method === 'POST' && (match = path.match(/^\/_test\/events\/([\w-]+)\/resend$/))) {
      return { status: 200, json: await controls.resend(match[1]!) };
    }
    if (
      method === 'POST' &&
      (match = path.match(/^\/_test\/subscriptions\/([\w-]+)\/(end-trial|end-period|cancel)$/))
    ) {
      if (!subscriptions.has(match[1]!)) return { status: 404, json: { error: 'no subscription' } };
      if (match[2] === 'end-trial') await controls.endTrial(match[1]!, form.paid !== 'false');
      else if (match[2] === 'end-period') await controls.endPeriod(match[1]!);
      else await controls.cancelAtPeriodEnd(match[1]!, form.cancel !== 'false');
      return { status: 200, json: subscriptions.get(match[1]!) };
    }
    if ((match = path.match(/^\/checkout\/([\w-]+)(\/pay)?$/))) {
      const session = sessions.get(match[1]!);
      if (!session)
        return { status: 404, html: page('Nicht gefunden', '<h1>Diese Zahlung gibt es nicht.</h1>') };
      if (method === 'POST' && match[2]) {
        await controls.pay(session.id as string);
        return { status: 303, location: String(session.success_url) };
      }
      if (method === 'GET' && !match[2]) {
        const priceId = String(((session.line_items as Json[])[0] as Json).price);
        const trialDays = Number((session.subscription_data as Json).trial_period_days ?? 0);
        return {
          status: 200,
          html: page(
            'Testzahlung',
            `<h1>Testzahlung</h1>
<p>Dies ist der lokale Stand-in für Stripe Checkout. Es wird kein Geld bewegt.</p>
<p>Preis: <code>${escapeHtml(priceId)}</code>${trialDays ? ` · ${trialDays} Tage kostenlos testen` : ''}</p>
<form method="post" action="/checkout/${escapeHtml(session.id as string)}/pay"><button type="submit">Bezahlen</button></form>
${session.cancel_url ? ` <a class="button secondary" href="${escapeHtml(String(session.cancel_url))}">Abbrechen</a>` : ''}`,
          ),
        };
      }
    }
    if ((match = path.match(/^\/portal\/([\w-]+)(\/cancel)?$/))) {
      const session = portalSessions.get(match[1]!);
      if (!session)
        return { status: 404, html: page('Nicht gefunden', '<h1>Diese Sitzung gibt es nicht.</h1>') };
      const subscription = [...subscriptions.values()].find(
        (s) => s.customer === session.customer && s.status !== 'canceled',
      );
      if (method === 'POST' && match[2] && subscription) {
        await controls.cancelAtPeriodEnd(subscription.id as string, true);
        return { status: 303, location: String(session.return_url) };
      }
      if (method === 'GET' && !match[2]) {
        return {
          status: 200,
          html: page(
            'Abo verwalten',
            `<h1>Abo verwalten</h1><p>Lokaler Stand-in für das Stripe-Kundenportal.</p>
${
  subscription
    ? `<p>Status: ${escapeHtml(String(subscription.status))}${subscription.cancel_at_period_end ? ' (endet zum Periodenende)' : ''}</p>
<form method="post" action="/portal/${escapeHtml(session.id as string)}/cancel"><button type="submit">Zum Periodenende kündigen</button></form>`
    : '<p>Kein Abonnement.</p>'
}
<a class="button secondary" href="${escapeHtml(String(session.return_url))}">Zurück</a>`,
          ),
        };
      }
    }
    return null;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        const body = Buffer.concat(chunks).toString('utf8');
        const form = body ? parseStripeForm(body) : Object.fromEntries(url.searchParams);
        const method = request.method ?? 'GET';
        try {
          if (url.pathname.startsWith('/v1/')) {
            const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
            const result =
              !key || !key.startsWith('sk_') || (options.secretKey && key !== options.secretKey)
                ? stripeError(401, 'Invalid API Key provided.', 'invalid_request_error')
                : await api(
                    method,
                    url.pathname,
                    method === 'GET' ? Object.fromEntries(url.searchParams) : form,
                  );
            response.writeHead(result.status, {
              'content-type': 'application/json',
              'request-id': newId('req'),
            });
            response.end(JSON.stringify(result.json));
            return;
          }
          const result = await site(method, url.pathname, form);
          if (!result) {
            response.writeHead(404, { 'content-type': 'text/plain' });
            response.end('not found');
          } else if (result.location) {
            response.writeHead(result.status, { location: result.location });
            response.end();
          } else if (result.html) {
            response.writeHead(result.status, { 'content-type': 'text/html; charset=utf-8' });
            response.end(result.html);
          } else {
            response.writeHead(result.status, { 'content-type': 'application/json' });
            response.end(JSON.stringify(result.json));
          }
        } catch (error) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  base = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : (options.host ?? '127.0.0.1')}:${address.port}`;
  return controls;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
