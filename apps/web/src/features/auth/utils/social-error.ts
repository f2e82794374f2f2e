import {
  messages,
  providerErrorMessage,
  schoolSignInErrorCodes,
  schoolSignInMessages,
} from '@korrigo/domain';

/** better-auth's `?error=` codes after a failed Google round trip, in the spec's provider terms. */
const socialErrorCodes: Record<string, string> = {
  access_denied: 'popup-closed-by-user',
  account_not_linked: 'account-exists-with-different-credential',
  'account already linked to different user': 'account-exists-with-different-credential',
};

export function socialErrorMessage(code: string): string {
  // a school's sign-in refused on the way back (issue 35 §1): one plain sentence, not the code
  if ((schoolSignInErrorCodes as readonly string[]).includes(code)) return schoolSignInMessages.failed;
  return providerErrorMessage(socialErrorCodes[code] ?? code, messages.http.internal);
}
