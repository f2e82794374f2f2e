import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { accountConstants, messages } from '@korrigo/domain';
import { CURRENT_USER_KEY, readCachedUser } from '@/lib/storage';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { LogoutScreen } from './logout-screen';

const routes = [
  { path: '/logout', element: <LogoutScreen /> },
  { path: '/login', element: <h1>Anmeldeseite</h1> },
];
const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada' };

describe('LogoutScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('asks, signs out, clears the cache, and goes to /login after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ uid: 'u1', email: 'ada@example.org' }));
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    const { router } = renderRoutes(routes, '/logout');
    expect(await screen.findByText(messages.logout.question)).toBeInTheDocument();

    fireEvent.click(screen.getByText('Abmelden', { selector: 'button' }));
    expect(await screen.findByText(messages.logout.success)).toBeInTheDocument();
    expect(readCachedUser()).toBeNull();
    expect(router.state.location.pathname).toBe('/logout');

    await act(() => vi.advanceTimersByTimeAsync(accountConstants.logoutRedirectMs));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the failure with the spec prefix', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'POST /api/auth/sign-out': () =>
        json({ error: { code: 'internal', message: messages.http.internal } }, 500),
    });
    renderRoutes(routes, '/logout');
    fireEvent.click(await screen.findByText('Abmelden', { selector: 'button' }));
    expect(
      await screen.findByText(messages.logout.failedPrefix + messages.http.internal),
    ).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json(null) });
    renderRoutes(routes, '/logout');
    expect(await screen.findByText('Anmeldeseite')).toBeInTheDocument();
  });
});
