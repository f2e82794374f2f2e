import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/**
 * Where the browser reaches us. With PUBLIC_URL that is the one answer. Without it Korrigo is opened by
 * whatever address a school uses (http://127.0.0.1:3000, http://schulserver:3000, http://192.168.1.20:3000),
 * so a browser request is same-origin when its Origin is the address it was sent to: scheme and Host of the
 * request (platform/security.ts, and better-auth's own check in platform/auth.ts).
 */

/** The request's own origin as the browser sees it (the Host header; X-Forwarded-* only from TRUST_PROXY). */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  return originOf(`${request.protocol}://${request.host}`);
}

/** The normalised origin of a URL (`http://a:80/x` -> `http://a`), or null when it is none. */
export function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** This machine's IPv4 addresses in its networks (not loopback), as `os.networkInterfaces()` has them now. */
function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}

/**
 * The names and addresses of this machine (with and without the port): the hosts whose requests may put
 * their own address into e-mailed links when PUBLIC_URL is unset. Any other Host (a DNS name of the school,
 * or one an attacker sends to poison a reset link) gets links to the fallback instead. Read at start-up: an
 * address the machine gets later falls back too until the restart.
 */
export function ownHosts(port: number): string[] {
  const hostname = os.hostname().toLowerCase();
  const names = [
    'localhost',
    '127.0.0.1',
    '[::1]',
    ...(hostname ? [hostname, `${hostname}.local`] : []),
    ...lanAddresses(),
  ];
  return [...new Set(names.flatMap((name) => [name, `${name}:${port}`]))];
}

/**
 * Where the links in mails point (reset, verification, e-mail change). PUBLIC_URL when it is set. Without it,
 * the address the request came to when that is one of this machine's (ownHosts): a teacher who opened the app
 * by the server's IP gets a link that works in the school network. Any other Host gets the fallback
 * (http://localhost:$PORT), so that a made-up Host cannot send a victim a link to the attacker's server.
 */
export type LinkBase = { publicUrl: string | undefined; ownHosts: string[]; fallbackUrl: string };

/**
 * The base of every link in a mail sent while answering `request` (see LinkBase): our own mails use it, and
 * better-auth's links follow it because the bridge hands it this base's Host (auth-routes.ts).
 */
export function linkBaseUrl(request: Pick<FastifyRequest, 'protocol' | 'host'>, base: LinkBase): string {
  if (base.publicUrl) return base.publicUrl;
  const origin = requestOrigin(request);
  const host = origin && new URL(origin).host;
  // http: without PUBLIC_URL the app is reached directly (a TLS proxy in front needs PUBLIC_URL)
  return host && base.ownHosts.includes(host) ? `http://${host}` : base.fallbackUrl;
}

/**
 * Where people can open Korrigo, for the start-up banner: PUBLIC_URL when it is set; else the address this
 * process listens on, or, listening on all interfaces, localhost, 127.0.0.1 and every IPv4 address of the
 * machine, so that a school sees the one to give its pupils.
 */
export function reachableAddresses(options: {
  publicUrl: string | undefined;
  host: string;
  port: number;
  lan?: string[];
}): string[] {
  if (options.publicUrl) return [options.publicUrl.replace(/\/$/, '')];
  const everywhere = ['0.0.0.0', '::', ''].includes(options.host);
  const hosts = everywhere ? ['localhost', '127.0.0.1', ...(options.lan ?? lanAddresses())] : [options.host];
  return hosts.map((host) => `http://${host.includes(':') ? `[${host}]` : host}:${options.port}`);
}
