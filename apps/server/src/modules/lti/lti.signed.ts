import crypto from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Korrigo's own short-lived tokens of the LTI flows (ADR 0031), signed with a key derived from the server's
 * auth secret, so they need no table: the deep linking selection (the platform's `deep_linking_settings`
 * bound to the teacher and her launch, one hour) and the dynamic registration URL's `k` (the teacher who
 * registers, 24 hours). Each purpose has its own key and audience: a token of one is never taken for the other.
 */
export type SignedPurpose = 'deep-linking' | 'registration';

export function createSignedTokens(secret: string, now: () => Date = () => new Date()) {
  const keyOf = (purpose: SignedPurpose) =>
    crypto.createHmac('sha256', secret).update(`korrigo-lti-${purpose}`).digest();
  return {
    async sign(purpose: SignedPurpose, claims: JWTPayload, lifetimeSeconds: number) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(`korrigo:${purpose}`)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(keyOf(purpose));
    },
    /** the claims of a valid token of this purpose, else null (forged, expired, another purpose) */
    async verify(purpose: SignedPurpose, token: string): Promise<JWTPayload | null> {
      try {
        const { payload } = await jwtVerify(token, keyOf(purpose), {
          audience: `korrigo:${purpose}`,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        return payload;
      } catch {
        return null;
      }
    },
  };
}
export type SignedTokens = ReturnType<typeof createSignedTokens>;
