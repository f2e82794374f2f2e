import { useSavedTests } from '@/lib/api/saved-tests';

/** GET /api/tests/{userId} (spec 001 §7): the saved tests that can serve as the answer key. */
export function useAnswerKeyTests(userId: string | null, enabled: boolean) {
  return useSavedTests(userId, { enabled });
}
