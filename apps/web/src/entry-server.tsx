import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { staticPagePaths } from './app/static-pages';

// Build time only (scripts/prerender.ts, ADR 0005): renders the static public pages to HTML. Never shipped
// to the browser.

export { staticPagePaths };

/** The HTML of one page as a visitor without a session sees it before any script ran. */
export async function renderPage(path: string): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(dataRoutes, context);
  // renderToString, not the streaming renderers: those may move a Suspense boundary's HTML to the end of the
  // page with an inline script to put it in place, and the CSP allows no inline script. Nothing suspends here:
  // the screen's code is loaded by query() above, and charts and the map render only in the browser.
  const html = renderToString(
    <StrictMode>
      <Providers toasts={false}>
        {/* hydrate={false}: no inline script with router state (the CSP allows none; there are no loaders). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  if (/<script|<template/.test(html)) throw new Error(`${path}: the HTML would need an inline script`);
  // <!--$!--> and <!--$?-->: a part of the page waited for something and is missing from the HTML.
  if (/<!--\$[!?]-->/.test(html))
    throw new Error(`${path}: a part of the page suspended while pre-rendering`);
  return html;
}
