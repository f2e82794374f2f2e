import { useEffect, useState, useSyncExternalStore } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from './providers';
import { createRouter } from './router';
import { isStaticPage } from './static-pages';

/** True from the first screen on that is not a static public page (and from then on). */
function useToastsNeeded(router: DataRouter): boolean {
  const pathname = useSyncExternalStore(
    router.subscribe,
    () => router.state.location.pathname,
    () => router.state.location.pathname,
  );
  const [needed, setNeeded] = useState(() => !isStaticPage(pathname));
  if (!needed && !isStaticPage(pathname)) setNeeded(true);
  return needed;
}

/**
 * The app. Session initialisation (spec 000 §4) runs in the background: the static public pages show at once,
 * every other screen waits for it (SessionGate in the public layout, RequireAuth for protected routes).
 */
export function App({ router: given }: { router?: DataRouter } = {}) {
  const [router] = useState(() => given ?? createRouter());
  const toasts = useToastsNeeded(router);
  // From here on the page answers clicks (a pre-rendered page showed before): the e2e tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return (
    <Providers toasts={toasts}>
      <RouterProvider router={router} />
    </Providers>
  );
}
