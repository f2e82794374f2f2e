import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api-client';
import { queryKeys } from './query-keys';

/**
 * apiFetch already retried network failures; an HTTP error is an answer, so queries do not retry again.
 * A 401 anywhere means the session ended: the session is fetched again, which clears the cached user and
 * lets the route guard send the visitor to /login.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error, undefined) }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

  function onUnauthenticated(error: unknown, queryKey: readonly unknown[] | undefined) {
    if (!(error instanceof ApiClientError) || error.status !== 401) return;
    if (queryKey?.[0] === queryKeys.session[0]) return;
    void client.invalidateQueries({ queryKey: queryKeys.session });
  }

  return client;
}
