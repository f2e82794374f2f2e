import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { loadChunk } from './load-chunk';

// The toast library loads with the first screen that can show a toast: the static public pages show none
// and are better off without its code on their first load. A failed load costs the toasts, not the app.
const Toaster = lazy<ComponentType>(() =>
  loadChunk(() => import('@/components/ui/toaster')).then(
    (module) => ({ default: module.Toaster }),
    () => ({ default: () => null }),
  ),
);

/**
 * App-wide providers; tests render screens inside the same ones. Tooltips bring their own provider.
 * `toasts`: mount the toast region (every screen but the static public pages).
 */
export function Providers({ children, toasts }: { children: ReactNode; toasts: boolean }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
