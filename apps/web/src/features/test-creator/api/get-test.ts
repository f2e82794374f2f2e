import type { SavedTest } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

/** GET /api/tests/{userId}/{testId} (spec 001 §7): one test with its questions and resources. */
export function fetchTest(userId: string, testId: string): Promise<SavedTest> {
  return apiFetch<SavedTest>(`/api/tests/${encodeURIComponent(userId)}/${encodeURIComponent(testId)}`);
}
