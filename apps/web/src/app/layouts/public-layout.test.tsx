import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/test/render';
import { RequireAuth } from '../require-auth';
import { PublicLayout } from './public-layout';

const routes = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <h1>Startseite</h1> },
      { path: '/login', element: <h1>Anmeldeseite</h1> },
      { element: <RequireAuth />, children: [{ path: '/profile', element: <h1>Profilseite</h1> }] },
    ],
  },
];

/** The layout with a session request that answers only when told. */
function renderAt(path: string) {
  let answer!: (response: Response) => void;
  stubFetch({ 'GET /api/auth/get-session': () => new Promise<Response>((resolve) => (answer = resolve)) });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { answer: (body: unknown) => answer(json(body)), router };
}

describe('public layout while the session initialises (spec 000 §4)', () => {
  it('shows a static page at once and the account links once the session is known', async () => {
    const { answer } = renderAt('/');
    expect(screen.getByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
    // not yet: nobody knows yet who is signed in
    const header = within(screen.getByRole('banner'));
    expect(header.queryByRole('link', { name: 'Anmelden' })).not.toBeInTheDocument();
    answer(null);
    expect(await header.findByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('starts any other screen only after session initialisation', async () => {
    const { answer } = renderAt('/login');
    expect(screen.queryByRole('heading', { name: 'Anmeldeseite' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');
    answer(null);
    expect(await screen.findByRole('heading', { name: 'Anmeldeseite' })).toBeInTheDocument();
  });

  it('decides a protected route only after session initialisation', async () => {
    const { answer, router } = renderAt('/profile');
    expect(screen.queryByRole('heading', { name: 'Profilseite' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    answer({ session: { id: 's1' }, user: { id: 'u1', email: 'ada@example.org', name: 'Ada', image: null } });
    expect(await screen.findByRole('heading', { name: 'Profilseite' })).toBeInTheDocument();
  });
});
