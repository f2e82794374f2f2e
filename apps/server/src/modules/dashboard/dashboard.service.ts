import {
  dashboardLimits,
  percentChange,
  savedHours,
  type Dashboard,
  type DashboardStat,
} from '@korrigo/domain';
import { toListItem } from '../analysis/analysis.service';
import type { UserReadCache } from '../../platform/user-read-cache';
import type { DashboardRepository } from './dashboard.repository';

/** One decimal is what a card shows; the change is computed from the unrounded values. */
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function stat(value: number | null, lastMonth: number | null, previousMonth: number | null): DashboardStat {
  return {
    value: oneDecimal(value),
    lastMonth: oneDecimal(lastMonth),
    previousMonth: oneDecimal(previousMonth),
    changePercent: percentChange(lastMonth, previousMonth),
  };
}

/**
 * The dashboard (spec 000 §2 'Dashboard', §9): four stat cards, each with the change of the last month
 * against the month before, and the newest analyses. The database aggregates; no list of analyses is loaded.
 */
export function createDashboardService(deps: {
  repository: DashboardRepository;
  /** the answer, kept until the user's analyses change (or a minute has passed: the months move on) */
  reads: UserReadCache;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function load(userId: string): Promise<Dashboard> {
    const [f, recent] = await Promise.all([
      deps.repository.figures(userId, now()),
      deps.repository.recent(userId, dashboardLimits.recentCount),
    ]);
    return {
      stats: {
        analysedTests: stat(f.tests, f.testsLastMonth, f.testsPreviousMonth),
        students: stat(f.students, f.studentsLastMonth, f.studentsPreviousMonth),
        averagePercent: stat(f.averagePercent, f.averagePercentLastMonth, f.averagePercentPreviousMonth),
        savedHours: stat(savedHours(f.tests), savedHours(f.testsLastMonth), savedHours(f.testsPreviousMonth)),
      },
      recent: recent.map(toListItem),
      totalAnalyses: f.allAnalyses,
    };
  }

  return {
    get: (userId: string): Promise<Dashboard> => deps.reads.read(userId, 'dashboard', () => load(userId)),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
