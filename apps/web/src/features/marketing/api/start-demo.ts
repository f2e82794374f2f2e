import type { DemoSessionResponse } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export function startDemo(): Promise<DemoSessionResponse> {
  return apiFetch<DemoSessionResponse>('/api/demo/session', { method: 'POST', body: {} });
}
