import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionGate } from '@/app/session-gate';
import { createQueryClient } from '@/lib/query-client';

/** Renders a route table inside the app's providers (and the session gate), starting at `initialPath`. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one screen at `path`. */
export function renderScreen(element: ReactElement, { path = '/' } = {}) {
  return renderRoutes([{ path, element }], path);
}

/** A fetch stub answering by "METHOD path" (an answer may read the request); unknown requests fail loudly. */
export function stubFetch(answers: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected request ${key}`);
    return answer(init);
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
