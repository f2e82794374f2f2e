/**
 * Where to go after signing in or up when a page sent the visitor there (`?next=/einladung/ABCD-EFGH`): only
 * a path of this site, never another origin ('//evil.example' or 'https://…' are ignored).
 */
export function nextPath(params: URLSearchParams, fallback: string): string {
  const next = params.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}

/**
 * `path` with the page's `next` target carried on (when it has a valid one), so that it survives one more hop:
 * from the login to the sign-up and back, and through Google's round trip (issue 34 §5).
 */
export function keepNext(path: string, params: URLSearchParams): string {
  const next = nextPath(params, '');
  if (!next) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}
