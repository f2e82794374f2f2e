import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@korrigo/domain';
import { apiFetch, ApiClientError, retryPolicy } from './api-client';

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiClientError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiClientError);
    return error as ApiClientError;
  }
  throw new Error('expected the request to fail');
}

describe('apiFetch error mapping', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => vi.useRealTimers());

  it('uses the German message of our error shape', async () => {
    fetchMock.mockResolvedValue(
      respond(409, { error: { code: 'email-already-in-use', message: 'Schon da.' } }),
    );
    const error = await failureOf(apiFetch('/api/signup', { body: {} }));
    expect(error).toMatchObject({ status: 409, code: 'email-already-in-use', message: 'Schon da.' });
  });

  it('maps 401 to the session-expired message', async () => {
    fetchMock.mockResolvedValue(respond(401, { error: { code: 'unauthenticated', message: 'x' } }));
    const error = await failureOf(apiFetch('/api/profile'));
    expect(error.message).toBe(messages.http.sessionExpired);
    expect(error.status).toBe(401);
  });

  it("shows the German message the server put into better-auth's answer", async () => {
    fetchMock.mockResolvedValue(
      respond(401, {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: messages.authErrors.INVALID_EMAIL_OR_PASSWORD,
      }),
    );
    const error = await failureOf(apiFetch('/api/auth/sign-in/email', { body: {} }));
    expect(error.message).toBe('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('maps better-auth codes to the spec provider codes', async () => {
    fetchMock.mockResolvedValue(
      respond(422, { code: 'USER_ALREADY_EXISTS', message: messages.authErrors.USER_ALREADY_EXISTS }),
    );
    const error = await failureOf(apiFetch('/api/auth/sign-up/email', { body: {} }));
    expect(error.code).toBe('email-already-in-use');
    expect(error.message).toBe(messages.providerErrors['email-already-in-use']);
  });

  it("falls back to the status's message when better-auth's answer has none", async () => {
    fetchMock.mockResolvedValue(respond(429, { code: 'TOO_MANY_REQUESTS' }));
    const error = await failureOf(apiFetch('/api/auth/sign-in/email', { body: {} }));
    expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.http.rateLimited });
  });

  it('keeps the field messages of our error shape', async () => {
    fetchMock.mockResolvedValue(
      respond(400, {
        error: { code: 'validation', message: 'Bitte prüfe deine Eingaben.', fields: { name: 'Fehlt.' } },
      }),
    );
    const error = await failureOf(apiFetch('/api/profile', { method: 'PATCH', body: {} }));
    expect(error).toMatchObject({ code: 'validation', message: 'Bitte prüfe deine Eingaben.' });
    expect(error.fields).toEqual({ name: 'Fehlt.' });
  });

  it('does not take a body for ours that only looks like it', async () => {
    for (const body of [
      { error: { code: 'x' } },
      { error: { code: 'x', message: 7 } },
      { error: { code: 'x', message: 'English text', fields: { name: 1 } } },
      { error: 'x' },
    ]) {
      fetchMock.mockResolvedValueOnce(respond(400, body));
      const error = await failureOf(apiFetch('/api/x'));
      expect(error.message).toBe(messages.http.validation);
    }
  });

  it('falls back to a German message by status when the body is not ours', async () => {
    fetchMock.mockResolvedValueOnce(respond(429));
    expect((await failureOf(apiFetch('/api/x'))).message).toBe(messages.http.rateLimited);
    fetchMock.mockResolvedValueOnce(respond(502, '<html>Bad Gateway</html>'));
    expect((await failureOf(apiFetch('/api/x'))).message).toBe(messages.http.internal);
  });

  it('does not retry an HTTP error answer', async () => {
    fetchMock.mockResolvedValue(
      respond(500, { error: { code: 'internal', message: messages.http.internal } }),
    );
    await failureOf(apiFetch('/api/x'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries network failures with back-off, then reports the network message', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const pending = failureOf(apiFetch('/api/x'));
    await vi.advanceTimersByTimeAsync(retryPolicy.backoffMs * 1 + retryPolicy.backoffMs * 2);
    const error = await pending;
    expect(fetchMock).toHaveBeenCalledTimes(retryPolicy.attempts);
    expect(error).toMatchObject({ status: 0, code: 'network', message: messages.http.network });
  });

  it('succeeds when a retry gets through', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(respond(200, { ok: true }));
    const pending = apiFetch('/api/x');
    await vi.advanceTimersByTimeAsync(retryPolicy.backoffMs);
    await expect(pending).resolves.toEqual({ ok: true });
  });
});
