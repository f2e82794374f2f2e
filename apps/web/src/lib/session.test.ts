import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/test/render';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { refreshSession, resetSession } from './session';
import { readCachedUser, writeRememberMe } from './storage';

const userA = { uid: 'a', email: 'a@example.org', displayName: 'A', photoURL: null };

describe('session', () => {
  it("drops the previous user's cached data when someone else signs in", async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.session, userA);
    client.setQueryData(['profile'], { displayName: 'A' });
    stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: {}, user: { id: 'b', email: 'b@example.org', name: 'B', image: null } }),
    });

    const user = await refreshSession(client);
    expect(user?.uid).toBe('b');
    expect(client.getQueryData(['profile'])).toBeUndefined();
  });

  it('keeps data of the same user', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.session, userA);
    client.setQueryData(['profile'], { displayName: 'A' });
    stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: {}, user: { id: 'a', email: 'a@example.org', name: 'A' } }),
    });
    await refreshSession(client);
    expect(client.getQueryData(['profile'])).toEqual({ displayName: 'A' });
  });

  it('caches a remembered user in localStorage, otherwise for this browser session only', async () => {
    const client = createQueryClient();
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: { id: 'a', email: 'a@example.org' } }),
    });
    writeRememberMe(false);
    await refreshSession(client);
    expect(sessionStorage.getItem('currentUser')).not.toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();

    writeRememberMe(true);
    await refreshSession(client);
    expect(localStorage.getItem('currentUser')).not.toBeNull();
    expect(sessionStorage.getItem('currentUser')).toBeNull();

    resetSession(client);
    expect(readCachedUser()).toBeNull();
    expect(client.getQueryData(queryKeys.session)).toBeNull();
  });
});
