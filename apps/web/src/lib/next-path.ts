/**
 * Where to go after signing in or up when a page sent the visitor there (`?next=/einladung/ABCD-EFGH`): only
 * a path of this site, never another origin ('//evil.example' or 'https://…' are ignored).
 */
export function nextPath(params: URLSearchParams, fallback: string): string {
  const next = params.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}
