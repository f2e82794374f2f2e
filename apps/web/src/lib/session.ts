import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';
import {
  clearAppStorage,
  clearCachedUser,
  readCachedUser,
  writeCachedUser,
  type CachedUser,
} from './storage';

/** What better-auth's GET /api/auth/get-session answers (only the fields we read). */
type SessionResponse = {
  user: { id: string; email: string; name?: string | null; image?: string | null };
} | null;

/**
 * Session start (spec 000 §4): a cached user is shown at once while the session is fetched; with a user the
 * cache is rewritten, with none it is cleared. Network failures keep the cached user (we cannot tell).
 */
async function fetchSessionUser({ client }: { client: QueryClient }): Promise<CachedUser | null> {
  const data = await apiFetch<SessionResponse>('/api/auth/get-session');
  const previous = client.getQueryData<CachedUser | null>(queryKeys.session);
  // Another person (or nobody) now: nothing cached for the previous user may be shown to them.
  if ((previous?.uid ?? null) !== (data?.user?.id ?? null)) dropUserQueries(client);
  if (!data?.user) {
    clearCachedUser();
    return null;
  }
  const cached = readCachedUser();
  const user: CachedUser = {
    uid: data.user.id,
    email: data.user.email,
    displayName: data.user.name ?? '',
    // The profile photo is ours (/api/profile/photo); keep what the profile told us last.
    photoURL: cached?.uid === data.user.id ? cached.photoURL : (data.user.image ?? null),
  };
  writeCachedUser(user);
  return user;
}

type SessionState = {
  user: CachedUser | null;
  /** false until the first answer (or the cache) says who is signed in */
  initialised: boolean;
};

export function useSession(): SessionState {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSessionUser,
    initialData: () => readCachedUser() ?? undefined,
    // The cache is only a first guess: always ask the server once.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
  if (query.status === 'pending') return { user: null, initialised: false };
  if (query.status === 'error') return { user: readCachedUser(), initialised: true };
  return { user: query.data, initialised: true };
}

/** After sign-in or sign-up: ask the server who is signed in now. */
export function refreshSession(queryClient: QueryClient): Promise<CachedUser | null> {
  return queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: fetchSessionUser, staleTime: 0 });
}

/** Keeps the cached user in step with the profile (name and photo change there). */
export function updateSessionUser(queryClient: QueryClient, patch: Partial<Omit<CachedUser, 'uid'>>): void {
  const current = queryClient.getQueryData<CachedUser | null>(queryKeys.session);
  if (!current) return;
  const next = { ...current, ...patch };
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  writeCachedUser(next);
  queryClient.setQueryData(queryKeys.session, next);
}

function dropUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
}

/**
 * Sign-out and erasure (spec 000 §3, issue 33 §6): clear everything the app stored in this browser and every
 * cached query.
 */
export function resetSession(queryClient: QueryClient): void {
  clearAppStorage();
  dropUserQueries(queryClient);
  queryClient.setQueryData(queryKeys.session, null);
}
