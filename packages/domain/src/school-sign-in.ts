// School sign-in (issue 35 §1): the buttons on the login and sign-up pages and what a failed round trip says.
// The login page speaks to teachers and pupils alike, so these texts address nobody directly.

export const schoolSignInMessages = {
  button: 'Mit Schulkonto anmelden',
  /** several providers configured: one button each, named */
  buttonFor: (name: string) => `Mit Schulkonto anmelden: ${name}`,
  hint: 'Ohne Passwort, mit dem Konto Ihrer Schule – die Rolle (Lehrkraft, Schülerin oder Schüler) kommt von der Schule.',
  /** state, issuer, code or ID token refused: nobody is signed in */
  failed:
    'Die Anmeldung mit dem Schulkonto ist fehlgeschlagen. Bitte noch einmal versuchen; bleibt der Fehler, hilft die Schule weiter.',
} as const;

/** better-auth's `?error=` codes of a refused school sign-in (state, iss, code exchange, ID token check) */
export const schoolSignInErrorCodes = [
  'state_mismatch',
  'state_not_found',
  'issuer_mismatch',
  'issuer_missing',
  'invalid_code',
  'unable_to_get_user_info',
  'oauth_provider_not_found',
  'no_code',
] as const;
