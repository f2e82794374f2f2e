import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * A secret of this installation: the configured value when given; otherwise one made by `make` on first start
 * and kept in DATA_DIR/`fileName` (never committed, readable by the owner only), so that it survives restarts.
 */
export function secretKeptInDataDir(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
  make: () => string,
): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = make();
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** AUTH_SECRET when given; otherwise one generated on first start and kept in DATA_DIR. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  return secretKeptInDataDir(configured, dataDir, 'auth-secret', () =>
    crypto.randomBytes(32).toString('base64url'),
  );
}
