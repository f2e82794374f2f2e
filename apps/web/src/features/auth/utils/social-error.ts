import { messages, providerErrorMessage } from '@korrigo/domain';

/** better-auth's `?error=` codes after a failed Google round trip, in the spec's provider terms. */
const socialErrorCodes: Record<string, string> = {
  access_denied: 'popup-closed-by-user',
  account_not_linked: 'account-exists-with-different-credential',
  'account already linked to different user': 'account-exists-with-different-credential',
};

export function socialErrorMessage(code: string): string {
  return providerErrorMessage(socialErrorCodes[code] ?? code, messages.http.internal);
}
