import fs from 'node:fs';
import path from 'node:path';

/**
 * The static public pages the web build pre-rendered into dist/_pages (ADR 0005): `/` is index.html,
 * `/pricing` pricing.html. Returns, for a request URL, the file to send instead of the SPA's empty
 * index.html, or undefined. Read once at start: the build does not change under a running server.
 */
export function prerenderedPages(webDist: string): (url: string) => string | undefined {
  const dir = path.join(webDist, '_pages');
  const pages = new Map<string, string>();
  if (fs.existsSync(dir)) {
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith('.html')) continue;
      const page = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
      pages.set(page, `_pages/${name}`);
    }
  }
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0]!;
    return pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  };
}
