import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function fetchConfig() {
  return apiFetchParsed(publicConfigSchema, '/api/config');
}

/** The public configuration (Google sign-in, AI models); it does not change while the page is open. */
export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: fetchConfig, staleTime: Infinity });
}
