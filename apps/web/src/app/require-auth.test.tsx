import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CURRENT_USER_KEY, readCachedUser } from '@/lib/storage';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/login', element: <h1>Anmeldeseite</h1> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard/analyse', element: <h1>Analyse</h1> },
      { path: '/profile', element: <h1>Profilseite</h1> },
    ],
  },
];

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada Lovelace', image: null };
const cachedUser = { uid: 'u1', email: 'ada@example.org', displayName: 'Ada Lovelace', photoURL: null };

describe('protected routes', () => {
  it.each(['/dashboard/analyse', '/profile'])(
    'send a visitor without a session from %s to /login',
    async (path) => {
      stubFetch({ 'GET /api/auth/get-session': () => json(null) });
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Anmeldeseite' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('let a signed-in user in and cache the user under currentUser', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json({ session: { id: 's1' }, user: sessionUser }) });
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'Profilseite' })).toBeInTheDocument();
    expect(readCachedUser()).toEqual(cachedUser);
  });

  it('show a cached user at once, and clear the cache when the server has no session', async () => {
    sessionStorage.setItem(CURRENT_USER_KEY, JSON.stringify(cachedUser));
    let answer!: (response: Response) => void;
    stubFetch({ 'GET /api/auth/get-session': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes(routes, '/dashboard/analyse');
    // Rendered from the cache before the server answered.
    expect(screen.getByRole('heading', { name: 'Analyse' })).toBeInTheDocument();

    answer(json(null));
    expect(await screen.findByRole('heading', { name: 'Anmeldeseite' })).toBeInTheDocument();
    expect(readCachedUser()).toBeNull();
  });
});
