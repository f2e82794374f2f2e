// A real OpenID Connect server for the school sign-in tests (issue 35 §1): `oidc-provider` with one client,
// the claims a school's provider gives, and its development login form standing in for the school's login
// page. A test can also start it as a child process with its own clock (`node --import tsx`,
// IDENTITY_CLOCK_SKEW_SECONDS): an ID token that has expired by Korrigo's clock.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

export async function startIdentityServer({
  accounts,
  redirectUri,
}: {
  accounts: Record<string, { sub: string } & Record<string, unknown>>;
  redirectUri: string;
}): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${address.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'korrigo',
        client_secret: 'ein-langes-geheimnis-der-schule',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'role', 'school'] },
    // the role and school in the ID token itself, as Entra's app roles are
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => (accounts[id] ? { accountId: id, claims: () => accounts[id]! } : undefined),
    cookies: { keys: ['schluessel-fuer-die-test-cookies'] },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const skew = Number(process.env.IDENTITY_CLOCK_SKEW_SECONDS ?? 0) * 1000;
  const realNow = Date.now;
  Date.now = () => realNow() + skew;
  const { issuer } = await startIdentityServer({
    accounts: JSON.parse(process.env.IDENTITY_ACCOUNTS ?? '{}'),
    redirectUri: process.env.IDENTITY_REDIRECT_URI ?? '',
  });
  process.stdout.write(`${issuer}\n`);
}
