import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DashboardLayout } from './layouts/lazy-dashboard-layout';
import { LmsFrameLayout } from './layouts/lms-frame-layout';
import { PublicLayout } from './layouts/public-layout';
import { loadChunk } from './load-chunk';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';
import NotFoundRoute from '@/routes/not-found';

type RouteModule = { default: ComponentType };

/** A lazily loaded screen: its code arrives on first visit (120 s time-out, one retry). */
function screen(path: string | undefined, importer: () => Promise<RouteModule>): RouteObject {
  const lazy = async () => ({ Component: (await loadChunk(importer)).default });
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

/** The route table: every URL maps to one file in src/routes (ARCHITECTURE.md §1). */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          screen(undefined, () => import('@/routes/home')),
          screen('pricing', () => import('@/routes/pricing')),
          screen('features', () => import('@/routes/features')),
          screen('faq', () => import('@/routes/faq')),
          screen('about', () => import('@/routes/about')),
          screen('contact', () => import('@/routes/contact')),
          screen('updates', () => import('@/routes/updates')),
          screen('terms', () => import('@/routes/terms')),
          screen('impressum', () => import('@/routes/impressum')),
          screen('datenschutz', () => import('@/routes/datenschutz')),
          screen('demo', () => import('@/routes/demo')),
          screen('login', () => import('@/routes/login')),
          screen('reset-password', () => import('@/routes/reset-password')),
          screen('signup', () => import('@/routes/signup')),
          screen('logout', () => import('@/routes/logout')),
          screen('einladung/:code', () => import('@/routes/einladung')),
          screen('team/einladung/:token', () => import('@/routes/team-einladung')),
          // spec 000 §2: the old page names are still linked.
          { path: 'signup.html', element: <Navigate to="/signup" replace /> },
          { path: 'contact.html', element: <Navigate to="/contact" replace /> },
          {
            element: <RequireAuth />,
            children: [screen('profile', () => import('@/routes/profile'))],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
  {
    // the LMS's deep linking request lands here signed in, inside the LMS's dialog (ADR 0031)
    path: 'lti',
    element: <LmsFrameLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { element: <RequireAuth />, children: [screen('auswahl', () => import('@/routes/lti-auswahl'))] },
    ],
  },
  {
    path: 'dashboard',
    element: <RequireAuth />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        element: <DashboardLayout />,
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              screen(undefined, () => import('@/routes/dashboard/index')),
              screen('analyse', () => import('@/routes/dashboard/analyse')),
              screen('classes', () => import('@/routes/dashboard/classes')),
              screen('class-evaluations/:id', () => import('@/routes/dashboard/class-evaluation')),
              screen('analytics', () => import('@/routes/dashboard/analytics')),
              screen('essayfeed', () => import('@/routes/dashboard/essayfeed')),
              screen('insights', () => import('@/routes/dashboard/insights')),
              screen('lessonsplan', () => import('@/routes/dashboard/lessonsplan')),
              screen('testgen', () => import('@/routes/dashboard/testgen')),
              screen('mytests', () => import('@/routes/dashboard/mytests')),
              screen('tutorial', () => import('@/routes/dashboard/tutorial')),
              screen('ausweise', () => import('@/routes/dashboard/ausweise')),
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
  {
    path: 'analysis',
    element: <RequireAuth />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        element: <DashboardLayout />,
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              screen(':analysisId', () => import('@/routes/analysis/detail')),
              // "/analysis" alone: the analyses are listed on the dashboard
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
