import { lazy, Suspense } from 'react';
import { loadChunk } from '../load-chunk';
import { RouteFallback } from '../route-fallback';

const Layout = lazy(() =>
  loadChunk(() => import('./dashboard-layout')).then((module) => ({ default: module.DashboardLayout })),
);

/**
 * The dashboard shell, loaded on the first visit to a signed-in screen: the public pages never load its code
 * (sidebar, profile query, menus) with their first load.
 */
export function DashboardLayout() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Layout />
    </Suspense>
  );
}
