import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export const configQueryKey = ['config'] as const;

export function fetchConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>('/api/config');
}

/** The public configuration (Google sign-in, AI models); it does not change while the page is open. */
export function useConfig() {
  return useQuery({ queryKey: configQueryKey, queryFn: fetchConfig, staleTime: Infinity });
}
