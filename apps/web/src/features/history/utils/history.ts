import { CACHED_ANALYSES_KEY, historyMessages, type HistoryItem } from '@korrigo/domain';
import { ApiClientError, NETWORK_STATUS } from '@/lib/api-client';

type LoadMessages = { network: string; sessionExpired: string; loadFailed: string };

/** spec 000 §8: the loading failure by its cause (no answer, session gone, anything else). */
export function loadErrorMessage(error: unknown, texts: LoadMessages): string {
  if (error instanceof ApiClientError) {
    if (error.status === NETWORK_STATUS) return texts.network;
    if (error.status === 401) return texts.sessionExpired;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return texts.network;
  return texts.loadFailed;
}

type CachedAnalyses = { userId: string; analyses: HistoryItem[] };

function isHistoryItem(value: unknown): value is HistoryItem {
  const item = value as Partial<HistoryItem> | null;
  return (
    typeof item?.id === 'string' &&
    typeof item.title === 'string' &&
    typeof item.subject === 'string' &&
    typeof item.student_name === 'string' &&
    typeof item.grade_level === 'string' &&
    typeof item.createdAt === 'string'
  );
}

/**
 * spec 000 §4: the last loaded analyses under `cachedAnalyses`, the fallback when loading fails. The cache
 * names its user: on a shared computer nobody sees the list of the person before.
 */
export function readCachedAnalyses(userId: string): HistoryItem[] {
  try {
    const raw = localStorage.getItem(CACHED_ANALYSES_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as Partial<CachedAnalyses>;
    if (parsed.userId !== userId || !Array.isArray(parsed.analyses)) return [];
    // entries cached before the Analysis record existed have no courseLink
    return parsed.analyses
      .filter(isHistoryItem)
      .map((item) => ({ ...item, courseLink: item.courseLink ?? null }));
  } catch {
    return [];
  }
}

export function writeCachedAnalyses(userId: string, analyses: HistoryItem[]): void {
  try {
    localStorage.setItem(CACHED_ANALYSES_KEY, JSON.stringify({ userId, analyses } satisfies CachedAnalyses));
  } catch {
    // storage full or disabled: the app works without the fallback
  }
}

/** After an edit or a deletion the cached copy follows, so the fallback never shows what is gone. */
export function updateCachedAnalyses(userId: string, change: (items: HistoryItem[]) => HistoryItem[]): void {
  const cached = readCachedAnalyses(userId);
  if (cached.length > 0) writeCachedAnalyses(userId, change(cached));
}

/** '(achieved/total)' beside the grade when both point values exist (spec 000 §2). */
export function pointsSuffix(item: Pick<HistoryItem, 'achieved_points' | 'total_points'>): string | null {
  if (item.achieved_points === null || item.total_points === null) return null;
  const format = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 2 });
  return `(${format(item.achieved_points)}/${format(item.total_points)})`;
}

/** Empty cells show N/A (spec 000 §2). */
export function cell(value: string | null | undefined): string {
  return value && value.trim() ? value : historyMessages.notAvailable;
}
