/**
 * Client session state kept in the browser (spec 000 §3): the signed-in user is cached under `currentUser`,
 * and the remember-me flag is kept locally. A user who did not tick "Angemeldet bleiben" is cached in
 * sessionStorage only, so the cache ends with the browser just like the session cookie.
 */
export type CachedUser = {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
};

export const CURRENT_USER_KEY = 'currentUser';
const REMEMBER_ME_KEY = 'rememberMe';

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    // Storage can be disabled (private mode, blocked cookies): the app works without the cache.
    return fallback;
  }
}

function parseUser(raw: string | null): CachedUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CachedUser>;
    if (typeof value.uid !== 'string' || typeof value.email !== 'string') return null;
    return {
      uid: value.uid,
      email: value.email,
      displayName: typeof value.displayName === 'string' ? value.displayName : '',
      photoURL: typeof value.photoURL === 'string' ? value.photoURL : null,
    };
  } catch {
    return null;
  }
}

export function readCachedUser(): CachedUser | null {
  return safe(
    () =>
      parseUser(sessionStorage.getItem(CURRENT_USER_KEY)) ??
      parseUser(localStorage.getItem(CURRENT_USER_KEY)),
    null,
  );
}

export function writeCachedUser(user: CachedUser): void {
  safe(() => {
    const target = readRememberMe() ? localStorage : sessionStorage;
    const other = target === localStorage ? sessionStorage : localStorage;
    other.removeItem(CURRENT_USER_KEY);
    target.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  }, undefined);
}

export function clearCachedUser(): void {
  safe(() => {
    localStorage.removeItem(CURRENT_USER_KEY);
    sessionStorage.removeItem(CURRENT_USER_KEY);
  }, undefined);
}

/** The IndexedDB database that keeps the analyse form's draft files (features/analysis/utils/draft-storage.ts). */
export const ANALYSE_DRAFT_DB = 'korrigo-analyse';

/**
 * Logout and erasure (issue 33 §6): every entry the app keeps in this browser goes, not only `currentUser`:
 * the remember-me choice, the history's fallback copy (`cachedAnalyses`, pupils' names and grades on a
 * teacher's computer), chat copies, drafts, and the analyse form's files in IndexedDB. The origin is the
 * app's alone (no third-party scripts, CSP), so both storages are cleared whole: a key added later goes too.
 */
export function clearAppStorage(): void {
  safe(() => localStorage.clear(), undefined);
  safe(() => sessionStorage.clear(), undefined);
  safe(() => {
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(ANALYSE_DRAFT_DB);
  }, undefined);
}

/** The last choice of "Angemeldet bleiben"; unticked until the user ticks it once. */
export function readRememberMe(): boolean {
  return safe(() => localStorage.getItem(REMEMBER_ME_KEY) === 'true', false);
}

export function writeRememberMe(value: boolean): void {
  safe(() => localStorage.setItem(REMEMBER_ME_KEY, String(value)), undefined);
}
