import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { accountConstants, CACHED_ANALYSES_KEY, messages } from '@korrigo/domain';
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

  it("clears every entry the app keeps in the browser: a teacher's pupils and grades stay nowhere", async () => {
    // what a teacher's day leaves: the history fallback with pupils' names and grades, chats, drafts
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ uid: 'u1', email: 'ada@example.org' }));
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem(
      CACHED_ANALYSES_KEY,
      JSON.stringify({ userId: 'u1', analyses: [{ id: 'a1', student_name: 'Lena Sommer', grade: '2' }] }),
    );
    localStorage.setItem('chats:u1:a1', JSON.stringify({ chats: [], unsynced: [] }));
    localStorage.setItem('korrigo.analyseDraft', JSON.stringify({ studentName: 'Lena Sommer' }));
    localStorage.setItem('korrigo.testDraft.u1', '{}');
    sessionStorage.setItem('pendingGoogleSignup', '{}');
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    renderRoutes(routes, '/logout');
    fireEvent.click(await screen.findByText('Abmelden', { selector: 'button' }));
    expect(await screen.findByText(messages.logout.success)).toBeInTheDocument();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
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
