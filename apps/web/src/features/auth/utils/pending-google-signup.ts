import type { SignupStep1 } from '@korrigo/domain';

/** Step-1 data survives the trip to Google in sessionStorage (this tab only). */
const KEY = 'pendingGoogleSignup';

export function savePendingGoogleSignup(step1: SignupStep1): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(step1));
  } catch {
    // Without storage the profile keeps its defaults; the user can fill it in on /profile.
  }
}

export function readPendingGoogleSignup(): SignupStep1 | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SignupStep1) : null;
  } catch {
    return null;
  }
}

export function clearPendingGoogleSignup(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
