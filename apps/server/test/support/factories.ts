import { expect } from 'vitest';
import type { AnalysisDetail, SignupRequest } from '@korrigo/domain';
import { TEST_ORIGIN, type TestApp } from './build-test-app';

let counter = 0;

export function nextAddress() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** Sign-up form data with overrides; every call gets its own e-mail. */
export function buildSignup(overrides: Partial<SignupRequest> = {}): SignupRequest {
  counter += 1;
  return {
    name: `Test Person ${counter}`,
    accountType: 'teacher',
    bundesland: 'Thüringen',
    school: 'Testschule Jena',
    subjects: ['Deutsch'],
    classLevel: '',
    termsAccepted: true,
    email: `person${counter}-${Date.now()}@example.de`,
    password: 'Geheim123!',
    rememberMe: true,
    ...overrides,
  };
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookiesFrom(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

/** A signed-up user with a session cookie: the usual starting point of a test. */
export async function createUser(t: TestApp, overrides: Partial<SignupRequest> = {}) {
  const signup = buildSignup(overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    headers: { origin: TEST_ORIGIN },
    // each user from its own address, so that sign-up's rate limit does not meet the tests' own pace
    remoteAddress: nextAddress(),
    payload: signup,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { profile: { id: string } };
  return { ...signup, id: body.profile.id, cookie: cookiesFrom(response.headers) };
}

/** Waits until the grading job has finished (or failed) and returns the analysis as its owner sees it. */
export async function waitForAnalysis(
  t: TestApp,
  user: { cookie: string },
  id: string,
): Promise<AnalysisDetail> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await t.app.inject({
      url: `/api/analyses/${id}/status`,
      headers: { cookie: user.cookie },
    });
    if (status.json().status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const detail = await t.app.inject({ url: `/api/analyses/${id}`, headers: { cookie: user.cookie } });
  expect(detail.statusCode).toBe(200);
  return detail.json() as AnalysisDetail;
}
