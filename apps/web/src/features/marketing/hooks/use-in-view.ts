import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * True once the element has come near the viewport (and stays true). Charts, the map and counters use it so
 * their code and work start only when someone scrolls to them.
 */
export function useInView<T extends Element>(rootMargin = '200px') {
  const ref = useRef<T>(null);
  const [seen, setInView] = useState(false);
  // Without IntersectionObserver (old browsers, jsdom) everything counts as visible. Never on the server,
  // so a pre-rendered page and its hydration agree (and browsers with the observer render nothing twice).
  const noObserver = useSyncExternalStore(
    noSubscription,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  );
  const inView = seen || noObserver;
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return [ref, inView] as const;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(reducedMotionQuery).matches;
}

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(reducedMotionQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** prefersReducedMotion() as state: false on the server and while hydrating, then the browser's answer. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, () => false);
}
