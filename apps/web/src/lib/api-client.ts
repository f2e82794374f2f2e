import type { ApiError, PlanId } from '@korrigo/domain';
import type { z } from 'zod';
// The messages alone, not the package's index: every page loads this file, and the index brings zod along.
import { messages, type ProviderErrorCode } from '@korrigo/domain/messages';

/**
 * The one place where failed requests become German messages (docs/conventions.md §4). Every fetcher in
 * features/<feature>/api goes through apiFetch, so a screen only ever shows `error.message`.
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** a refusal by plan: the plan that has what was asked for (ADR 0018) */
  readonly plan: PlanId | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, plan?: PlanId) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.plan = plan;
  }
}

/**
 * Where a refusal by plan or an empty allowance (402) leads: the pricing page with the plan that has it in
 * view; null for any other error.
 */
export function pricingLinkOf(error: unknown): string | null {
  if (!(error instanceof ApiClientError) || error.status !== 402) return null;
  // the same shape as planLink() in @korrigo/domain, which this file does not load (see the import above)
  return error.plan ? `/pricing?plan=${error.plan}` : '/pricing';
}

/** status 0: no answer from the server at all. */
export const NETWORK_STATUS = 0;

/** Provider codes the sign-up screen maps itself (spec 000 §8), in better-auth's spelling. */
const authCodeToProviderCode: Record<string, ProviderErrorCode> = {
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  INVALID_EMAIL: 'invalid-email',
  PASSWORD_TOO_SHORT: 'weak-password',
};

function messageForStatus(status: number): string {
  if (status === NETWORK_STATUS) return messages.http.network;
  if (status === 401) return messages.http.sessionExpired;
  if (status === 403) return messages.http.forbidden;
  if (status === 404) return messages.http.notFound;
  if (status === 413) return messages.http.payloadTooLarge;
  if (status === 429) return messages.http.rateLimited;
  if (status >= 400 && status < 500) return messages.http.validation;
  return messages.http.internal;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Our error shape (`apiErrorSchema` in @korrigo/domain), checked by hand: the schema would bring zod into
 * every page's first load for these few lines.
 */
function asOurError(body: unknown): ApiError['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, fields, plan } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const withPlan = typeof plan === 'string' ? { plan: plan as PlanId } : {};
  if (fields === undefined) return { code, message, ...withPlan };
  if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string')) return null;
  return { code, message, fields: fields as Record<string, string>, ...withPlan };
}

/** Turns a non-2xx answer into an ApiClientError with a German message. */
export function toApiError(status: number, body: unknown): ApiClientError {
  const ours = asOurError(body);
  if (ours) {
    const { code, message, fields, plan } = ours;
    // A 401 outside sign-in means the session is gone, whatever the server called it.
    if (status === 401) return new ApiClientError(status, code, messages.http.sessionExpired, fields);
    return new ApiClientError(status, code, message, fields, plan);
  }
  // better-auth's shape, `{ code, message }`: our server has already put the message into German
  // (platform/auth-routes.ts)
  if (isRecord(body) && typeof body.code === 'string') {
    const code = authCodeToProviderCode[body.code] ?? body.code;
    const message =
      typeof body.message === 'string' && body.message ? body.message : messageForStatus(status);
    return new ApiClientError(status, code, message);
  }
  return new ApiClientError(status, status === 401 ? 'unauthenticated' : 'http', messageForStatus(status));
}

type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** a plain object is sent as JSON, FormData as multipart */
  body?: unknown;
  signal?: AbortSignal;
};

/** spec 000 §7: up to 3 attempts, only on network failure, waiting 1000 ms times the attempt number. */
export const retryPolicy = { attempts: 3, backoffMs: 1000 };

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * fetch with credentials, JSON in and out, and the error mapping. Retries only when the request never reached
 * the server; an HTTP error answer is final. Returns the parsed JSON body (null for an empty body).
 */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = request.body === undefined ? 'GET' : 'POST', body, signal } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(path, { method, headers, body: payload, credentials: 'include', signal });
      break;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= retryPolicy.attempts) {
        throw new ApiClientError(NETWORK_STATUS, 'network', messages.http.network);
      }
      await wait(retryPolicy.backoffMs * attempt, signal);
    }
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/**
 * apiFetch whose answer is read with the domain schema the server answers with: a body of another shape is
 * an error (shown as an internal one), never data a screen trusts blindly.
 */
export async function apiFetchParsed<S extends z.ZodType>(
  schema: S,
  path: string,
  request: ApiRequest = {},
): Promise<z.output<S>> {
  const data = await apiFetch(path, request);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiClientError(200, 'parse', messages.http.internal);
  return parsed.data;
}

/** The German message of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) return error.message;
  return messages.http.internal;
}
