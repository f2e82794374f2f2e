/**
 * Build step after `vite build` (ADR 0005): renders the static public pages (src/app/static-pages.ts) to HTML
 * with react-dom/server, so a phone shows a page's text before any of the app's code has loaded. The browser
 * then hydrates that HTML (src/main.tsx, src/app/start.tsx). Writes dist/_pages/<page>.html (+ .br/.gz),
 * which the server sends for those paths instead of the empty index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompressFile } from './compress.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
// Inside the workspace, so that the server bundle finds react & co. in node_modules.
const ssrOut = path.join(webRoot, 'node_modules/.cache/korrigo-prerender');

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; assets?: string[] };
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = {
  staticPagePaths: readonly string[];
  renderPage: (path: string) => Promise<string>;
};

/** The file in dist/_pages for a path: `/` is index.html, `/pricing` pricing.html. */
function pageFile(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

/** A manifest entry and every chunk it imports statically. */
function closure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  visit(key);
  return seen;
}

/** Inter's Latin part (German text needs no other), as the stylesheet references it. */
function latinFont(manifest: Manifest): string[] {
  return (manifest['index.html']?.assets ?? [])
    .filter((file) => /inter-latin-wght-normal-[^/]*\.woff2$/.test(file))
    .map((file) => `/${file}`);
}

/**
 * Puts the rendered page into the built index.html: its title into head (replacing the default one), the rest
 * into #root. The page gets no preload of the app's code: src/main.tsx fetches it after the first paint.
 */
function assemble(template: string, rendered: string, fonts: string[]): string {
  // React emits the page's <title> (and any <meta>/<link>) first when it renders a part of a document.
  let body = rendered;
  let head = '';
  for (;;) {
    const hoisted = /^(<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)/.exec(body);
    if (!hoisted) break;
    head += hoisted[1];
    body = body.slice(hoisted[1]!.length);
  }
  if (!template.includes('<div id="root"></div>'))
    throw new Error('index.html hat kein leeres <div id="root">');
  let html = template;
  if (head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
  // The font comes with the stylesheet, so the text is laid out once in its font, not again on arrival.
  const preloads = fonts.map(
    (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`,
  );
  return html
    .replace('</head>', `${head}${preloads.join('')}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
}

/**
 * The SPA's own index.html (sign-in, dashboard: every page not pre-rendered) starts the app at once: it
 * preloads the app's code that src/main.tsx imports, instead of discovering it after the entry ran.
 */
function preloadAppCode(template: string, manifest: Manifest): string {
  const entry = closure(manifest, 'index.html');
  const app = [...closure(manifest, 'src/app/start.tsx')].filter((k) => !entry.has(k));
  if (!app.length) throw new Error('src/app/start.tsx fehlt im Build-Manifest');
  const links = app.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`);
  return template.replace('</head>', `${links.join('')}</head>`);
}

async function main() {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
  });
  const entry = (await import(pathToFileURL(path.join(ssrOut, 'entry-server.js')).href)) as ServerEntry;
  const indexFile = path.join(dist, 'index.html');
  const template = fs.readFileSync(indexFile, 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

  const pagesDir = path.join(dist, '_pages');
  fs.rmSync(pagesDir, { recursive: true, force: true });
  fs.mkdirSync(pagesDir);
  for (const pagePath of entry.staticPagePaths) {
    const file = path.join(pagesDir, pageFile(pagePath));
    fs.writeFileSync(file, assemble(template, await entry.renderPage(pagePath), latinFont(manifest)));
    precompressFile(file);
  }
  fs.writeFileSync(indexFile, preloadAppCode(template, manifest));
  precompressFile(indexFile);
  console.log(`Vorgerendert: ${entry.staticPagePaths.join(', ')}`);
}

await main();
