import { useEffect, useRef } from 'react';
import { savedTestSchema, testDraftIntervalMs, type SavedTest } from '@korrigo/domain';

/** The editor as stored locally: the test and the content it had when last saved or loaded. */
export type TestDraft = { test: SavedTest; savedKey: string | null };

export const draftStorageKey = (userId: string) => `korrigo.testDraft.${userId}`;

/** The stored draft of this user, or null (none, unreadable, or another user's). */
export function readDraft(userId: string): TestDraft | null {
  try {
    const raw = localStorage.getItem(draftStorageKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as { test?: unknown; savedKey?: unknown };
    const test = savedTestSchema.safeParse(value.test);
    if (!test.success || test.data.userId !== userId) return null;
    return { test: test.data, savedKey: typeof value.savedKey === 'string' ? value.savedKey : null };
  } catch {
    return null;
  }
}

function writeDraft(userId: string, draft: TestDraft) {
  try {
    localStorage.setItem(draftStorageKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the editor works on, only without a local draft.
  }
}

/**
 * spec 001 §4: the draft is stored locally on every change, every 30 seconds and when the page is left.
 * The last two catch what a change-triggered write can miss (a write failing once, a tab closed mid-typing).
 */
export function useDraftAutosave(userId: string, draft: TestDraft) {
  const latest = useRef(draft);

  useEffect(() => {
    latest.current = draft;
    writeDraft(userId, draft);
  }, [userId, draft]);

  useEffect(() => {
    const save = () => writeDraft(userId, latest.current);
    const timer = setInterval(save, testDraftIntervalMs);
    window.addEventListener('beforeunload', save);
    window.addEventListener('pagehide', save);
    return () => {
      clearInterval(timer);
      window.removeEventListener('beforeunload', save);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [userId]);
}
