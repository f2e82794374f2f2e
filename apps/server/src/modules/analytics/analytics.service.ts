import { z } from 'zod';
import {
  analyticsBothFiltersMessage,
  analyticsExportLabels as labels,
  analyticsInsights,
  analyticsMessages,
  analyticsTimeframeDays,
  itemWarningsFor,
  minutesSavedPerPaper,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type ImprovementArea,
  type PeriodFigure,
  type QuestionAnalysis,
} from '@korrigo/domain';
import { categoryInfo } from '@korrigo/grading';
import { AppError, notFound } from '../../platform/errors';
import { asciiFileName, germanDate } from '../../platform/csv';
import { renderPdf } from '../../platform/pdf';
import { analyticsCsv, analyticsReport } from './analytics.export';
import type { AnalyticsRepository, AnalyticsScope, AnalyticsWindow } from './analytics.repository';

/** issue 18 §1: the question analysis' select lists at most this many tests. */
const testsListed = 30;
const uuid = z.uuid();
const testIdPattern = /^(set|key):([\w-]+)$/;

const round = (value: number | null, digits = 2) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export function createAnalyticsService(deps: { repository: AnalyticsRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The figures are the teacher's: a student gets a clear 403 (as a teacher does at the Lern-Assistent);
   * a class or course she does not teach is not found; class and course together are a mistake.
   */
  async function scopeOf(userId: string, query: AnalyticsQuery): Promise<AnalyticsScope> {
    if ((await repository.findAccountType(userId)) === 'student') {
      throw new AppError('forbidden', analyticsMessages.studentNotice, { status: 403 });
    }
    if (query.classId && query.courseId) {
      throw new AppError('validation', analyticsBothFiltersMessage, { status: 400 });
    }
    if (query.classId && !(await repository.teachesClass(userId, query.classId))) throw notFound();
    if (query.courseId && !(await repository.teachesCourse(userId, query.courseId))) throw notFound();
    return { userId, classId: query.classId, courseId: query.courseId };
  }

  function windowOf(query: AnalyticsQuery): AnalyticsWindow {
    const to = now();
    const day = 86_400_000;
    const days = analyticsTimeframeDays[query.timeframe];
    return {
      to,
      from: new Date(to.getTime() - days * day),
      previousFrom: new Date(to.getTime() - 2 * days * day),
    };
  }

  /** Aliases of one category (e.g. style and expression) are one area under the German label. */
  function improvementAreas(
    counted: { category: string; current: number; previous: number }[],
    papers: PeriodFigure,
  ): ImprovementArea[] {
    const byLabel = new Map<string, ImprovementArea>();
    for (const row of counted) {
      if (row.current === 0 && row.previous === 0) continue;
      const label = categoryInfo(row.category)?.label ?? labels.otherCategory;
      const area = byLabel.get(label) ?? {
        category: row.category,
        label,
        errorsCurrent: 0,
        errorsPrevious: 0,
        perPaperCurrent: 0,
        perPaperPrevious: null,
      };
      area.errorsCurrent += row.current;
      area.errorsPrevious += row.previous;
      byLabel.set(label, area);
    }
    const areas = [...byLabel.values()].map((area) => ({
      ...area,
      perPaperCurrent: papers.current ? round(area.errorsCurrent / papers.current)! : 0,
      perPaperPrevious: papers.previous ? round(area.errorsPrevious / papers.previous) : null,
    }));
    const growth = (area: ImprovementArea) => area.perPaperCurrent - (area.perPaperPrevious ?? 0);
    return areas.sort((a, b) => growth(b) - growth(a) || a.label.localeCompare(b.label, 'de'));
  }

  async function questionAnalysis(
    scope: AnalyticsScope,
    window: AnalyticsWindow,
    testId: string,
  ): Promise<QuestionAnalysis> {
    const match = testIdPattern.exec(testId);
    if (!match) throw notFound();
    const kind = match[1] as 'set' | 'key';
    const id = match[2]!;
    let title = '';
    let fallbackDate = window.to.toISOString();
    if (kind === 'set') {
      const set = uuid.safeParse(id).success ? await repository.findSet(scope.userId, id) : undefined;
      if (!set) throw notFound();
      title = set.title;
      fallbackDate = set.date;
    } else if (!(await repository.hasKey(scope.userId, id))) {
      throw notFound();
    }
    const figures = await repository.questions(scope, window, { kind, id });
    if (kind === 'key') {
      // the saved test's title as the overview lists it
      const listed = (await repository.tests(scope, window, testsListed)).find((t) => t.id === testId);
      title = listed?.title ?? '';
    }
    return {
      test: { id: testId, title, papers: figures.papers, date: figures.date ?? fallbackDate },
      averageGrade: round(figures.averageGrade),
      questions: figures.tasks.map((task) => {
        const figure = {
          ...task,
          meanPoints: round(task.meanPoints),
          difficulty: round(task.difficulty, 3),
          discrimination: round(task.discrimination, 3),
        };
        return { ...figure, warnings: itemWarningsFor(figure) };
      }),
    };
  }

  async function overviewOf(userId: string, query: AnalyticsQuery): Promise<AnalyticsOverview> {
    const scope = await scopeOf(userId, query);
    const window = windowOf(query);
    // PGlite answers one statement at a time; on PostgreSQL these run side by side
    const [stats, byClass, bySubject, students, categories, tests, filters] = await Promise.all([
      repository.stats(scope, window),
      repository.byClass(scope, window),
      repository.bySubject(scope, window),
      repository.students(scope, window),
      repository.errorCategories(scope, window),
      repository.tests(scope, window, testsListed),
      repository.filters(userId),
    ]);
    const hours = (papers: number) => (papers * minutesSavedPerPaper) / 60;
    const figures = {
      papers: stats.papers,
      averageGrade: {
        current: round(stats.averageGrade.current),
        previous: round(stats.averageGrade.previous),
      },
      averageScore: {
        current: round(stats.averageScore.current, 1),
        previous: round(stats.averageScore.previous, 1),
      },
      hoursSaved: { current: hours(stats.papers.current), previous: hours(stats.papers.previous) },
    };
    const improvement = improvementAreas(categories, stats.papers);
    const studentRows = students.map((student) => ({
      ...student,
      averageGrade: round(student.averageGrade),
      trendPerMonth: round(student.trendPerMonth),
    }));
    // the newest test's tasks speak in the insights when one of them is warned about
    const newest = tests[0] ? await questionAnalysis(scope, window, tests[0].id) : null;
    const overview = {
      timeframe: query.timeframe,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      previousFrom: window.previousFrom.toISOString(),
      stats: figures,
      byClass: byClass.map((row) => ({
        ...row,
        label: row.key ? row.label : labels.withoutClass,
        averageGrade: round(row.averageGrade),
      })),
      bySubject: bySubject.map((row) => ({
        ...row,
        label: row.key ? row.label : labels.withoutSubject,
        averageGrade: round(row.averageGrade),
      })),
      students: studentRows,
      improvementAreas: improvement,
      tests,
      filters,
    };
    return {
      ...overview,
      insights: analyticsInsights(overview, {
        query: { classId: query.classId, courseId: query.courseId },
        questions: newest,
      }),
    };
  }

  /**
   * The Aufgabenanalyse for the exports (issue 34 §6): of the test asked for (another teacher's: 404), else
   * of every test with papers in the period and the class or course chosen, newest first, as the question
   * analysis' select lists them.
   */
  async function taskAnalyses(userId: string, query: AnalyticsQuery & { test?: string }) {
    const scope = await scopeOf(userId, query);
    const window = windowOf(query);
    const ids = query.test
      ? [query.test]
      : (await repository.tests(scope, window, testsListed)).map((test) => test.id);
    const analyses: QuestionAnalysis[] = [];
    // one after the other: PGlite answers one statement at a time anyway, and a year has at most 30 tests
    for (const id of ids) analyses.push(await questionAnalysis(scope, window, id));
    return analyses;
  }

  function fileName(overview: AnalyticsOverview, extension: string) {
    const day = germanDate(new Date(overview.to)).split('.').reverse().join('-');
    return `${asciiFileName(`${labels.fileName} ${day}`, labels.fileName)}.${extension}`;
  }

  function groupName(overview: AnalyticsOverview, query: AnalyticsQuery) {
    const id = query.classId ?? query.courseId;
    if (!id) return labels.allGroups;
    const list = query.classId ? overview.filters.classes : overview.filters.courses;
    return list.find((entry) => entry.id === id)?.name ?? '';
  }

  return {
    overview: overviewOf,

    async questions(userId: string, query: AnalyticsQuery & { test: string }): Promise<QuestionAnalysis> {
      const scope = await scopeOf(userId, query);
      return questionAnalysis(scope, windowOf(query), query.test);
    },

    async csv(userId: string, query: AnalyticsQuery & { test?: string }) {
      const [overview, tests] = await Promise.all([overviewOf(userId, query), taskAnalyses(userId, query)]);
      return {
        body: analyticsCsv(overview, groupName(overview, query), tests),
        fileName: fileName(overview, 'csv'),
      };
    },

    async pdf(userId: string, query: AnalyticsQuery & { test?: string }) {
      const [overview, tests] = await Promise.all([overviewOf(userId, query), taskAnalyses(userId, query)]);
      return {
        body: await renderPdf(analyticsReport(overview, groupName(overview, query), tests)),
        fileName: fileName(overview, 'pdf'),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
