import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while React hydrates a pre-rendered page (and on the server), true from then on. What only the browser
 * knows (the cached user, the session) is shown after hydration, so the first render matches the page's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
