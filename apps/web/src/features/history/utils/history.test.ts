import { afterEach, describe, expect, it } from 'vitest';
import { CACHED_ANALYSES_KEY, dashboardMessages, historyMessages, type HistoryItem } from '@korrigo/domain';
import { ApiClientError, NETWORK_STATUS } from '@/lib/api-client';
import {
  cell,
  loadErrorMessage,
  pointsSuffix,
  readCachedAnalyses,
  updateCachedAnalyses,
  writeCachedAnalyses,
} from './history';

const item = (id: string, title = 'Arbeit'): HistoryItem => ({
  id,
  status: 'done',
  title,
  student_name: 'Lena',
  grade_level: '7b',
  subject: 'Deutsch',
  grade: '2',
  achieved_points: 15,
  total_points: 20,
  reviewState: 'suggested',
  createdAt: '2025-03-01T10:00:00.000Z',
  courseLink: null,
});

afterEach(() => localStorage.clear());

describe('loading failures by cause (spec 000 §8)', () => {
  it('names no network, an ended session and anything else', () => {
    const network = new ApiClientError(NETWORK_STATUS, 'network', 'x');
    expect(loadErrorMessage(network, historyMessages)).toBe(historyMessages.network);
    expect(loadErrorMessage(new ApiClientError(401, 'unauthenticated', 'x'), historyMessages)).toBe(
      historyMessages.sessionExpired,
    );
    expect(loadErrorMessage(new ApiClientError(500, 'internal', 'x'), historyMessages)).toBe(
      historyMessages.loadFailed,
    );
    expect(loadErrorMessage(new Error('boom'), dashboardMessages)).toBe(dashboardMessages.loadFailed);
  });
});

describe('cachedAnalyses (spec 000 §4)', () => {
  it('belongs to one user: another user reads nothing', () => {
    writeCachedAnalyses('u1', [item('a'), item('b')]);
    expect(readCachedAnalyses('u1').map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(readCachedAnalyses('u2')).toEqual([]);
  });

  it('follows edits and deletions, and survives garbage', () => {
    writeCachedAnalyses('u1', [item('a'), item('b')]);
    updateCachedAnalyses('u1', (items) => items.filter((entry) => entry.id !== 'a'));
    updateCachedAnalyses('u1', (items) => items.map((entry) => ({ ...entry, title: 'Neu' })));
    expect(readCachedAnalyses('u1')).toEqual([{ ...item('b'), title: 'Neu' }]);
    localStorage.setItem(CACHED_ANALYSES_KEY, '{kaputt');
    expect(readCachedAnalyses('u1')).toEqual([]);
    localStorage.setItem(
      CACHED_ANALYSES_KEY,
      JSON.stringify({ userId: 'u1', analyses: [{ id: 1 }, item('c')] }),
    );
    expect(readCachedAnalyses('u1').map((entry) => entry.id)).toEqual(['c']);
  });
});

describe('cells', () => {
  it('shows N/A for empty values and (achieved/total) only with both points', () => {
    expect(cell('')).toBe('N/A');
    expect(cell('  ')).toBe('N/A');
    expect(cell(null)).toBe('N/A');
    expect(cell('7b')).toBe('7b');
    expect(pointsSuffix({ achieved_points: 12.5, total_points: 20 })).toBe('(12,5/20)');
    expect(pointsSuffix({ achieved_points: null, total_points: 20 })).toBeNull();
  });
});
