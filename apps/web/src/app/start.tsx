import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { App } from './app';
import { routes } from './router';

/**
 * The lazily loaded screens of this URL, loaded before hydration: the first render must show the same page
 * as the pre-rendered HTML, not the fallback the router shows while a screen's code loads.
 */
async function loadMatchedScreens(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** Starts the app in #root: hydrates a pre-rendered page, renders every other one from scratch. */
export async function start(root: HTMLElement): Promise<void> {
  if (root.dataset.prerendered === undefined) {
    render(root);
    return;
  }
  // A static public page pre-rendered at build time (ADR 0005): attach to its HTML instead of replacing it.
  try {
    await loadMatchedScreens();
  } catch {
    // The screen's code did not arrive: render from scratch, the router then shows its error page.
    render(root);
    return;
  }
  const router = createBrowserRouter(routes);
  // A transition lets React hydrate in slices, so the page stays responsive while it does.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
