/**
 * The public pages whose content is the same for everyone (spec 000 §2). They are pre-rendered to HTML at
 * build time (scripts/prerender.ts, ADR 0005) and render without waiting for the session; every other
 * screen waits for session initialisation (spec 000 §4).
 */
export const staticPagePaths = [
  '/',
  '/pricing',
  '/features',
  '/faq',
  '/about',
  '/contact',
  '/updates',
  '/terms',
  '/impressum',
  '/datenschutz',
] as const;

export function isStaticPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (staticPagePaths as readonly string[]).includes(path);
}
