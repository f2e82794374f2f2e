import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analyticsMessages as m, analyticsSections } from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { analyticsTexts as t } from '../content/analytics-texts';
import { emptyOverview, ids, overview, questions } from '../test/fixtures';
import { AnalyticsScreen } from './analytics-screen';

const session = { 'GET /api/auth/get-session': () => json(null) };
const overviewKey = (search: string) => `GET /api/analytics/overview?${search}`;
const questionsKey = (test: string, search = 'timeframe=month') =>
  `GET /api/analytics/questions?${search}&test=${encodeURIComponent(test)}`;

function renderAnalytics(path = '/dashboard/analytics') {
  return renderRoutes([{ path: '/dashboard/analytics', element: <AnalyticsScreen /> }], path);
}

const card = (kind: string) => screen.getByTestId(`stat-${kind}`);
const change = (kind: string) => within(card(kind)).getByTestId('stat-change');
const names = () =>
  within(screen.getByTestId('students-table'))
    .getAllByTestId('student-row')
    .map((row) => within(row).getByRole('rowheader').textContent);

describe('[ANALYTICS] the analytics page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the four stat cards with the change against the window before, lower grades being better', async () => {
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [questionsKey(ids.set)]: () => json(questions),
    });
    renderAnalytics();
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    await screen.findByTestId('analytics-stats');
    expect(card('papers')).toHaveTextContent('12');
    expect(change('papers')).toHaveTextContent('mehr als 8 im Zeitraum davor');
    expect(change('papers')).toHaveAttribute('data-tone', 'neutral');
    // 2,4 after 2,7: the number fell, which is good news for a German grade
    expect(card('averageGrade')).toHaveTextContent('2,4');
    expect(change('averageGrade')).toHaveTextContent('besser als 2,7 im Zeitraum davor');
    expect(change('averageGrade')).toHaveAttribute('data-tone', 'good');
    // 68,5 % after 71 %: fewer points is worse
    expect(card('averageScore')).toHaveTextContent('68,5 %');
    expect(change('averageScore')).toHaveTextContent('schlechter als 71,0 % im Zeitraum davor');
    expect(change('averageScore')).toHaveAttribute('data-tone', 'bad');
    expect(card('hoursSaved')).toHaveTextContent('3,0 h');
    expect(card('hoursSaved')).toHaveTextContent(m.hoursSavedHint);
    expect(screen.getByTestId('analytics-period')).toHaveTextContent('26.10.2026 bis 25.11.2026');
  });

  it('says so when the window before had no papers', async () => {
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () =>
        json({
          ...overview,
          stats: {
            papers: { current: 12, previous: 0 },
            averageGrade: { current: 2.4, previous: null },
            averageScore: { current: 68.5, previous: null },
            hoursSaved: { current: 3, previous: 0 },
          },
        }),
      [questionsKey(ids.set)]: () => json(questions),
    });
    renderAnalytics();
    await screen.findByTestId('analytics-stats');
    for (const kind of ['papers', 'averageGrade', 'averageScore', 'hoursSaved']) {
      expect(change(kind)).toHaveTextContent(m.noPrevious);
    }
  });

  it('keeps timeframe and class in the address and asks for the matching figures', async () => {
    const calls = stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [overviewKey('timeframe=week')]: () =>
        json({
          ...overview,
          timeframe: 'week',
          stats: { ...overview.stats, papers: { current: 4, previous: 5 } },
        }),
      [overviewKey(`timeframe=week&classId=${ids.class7b}`)]: () =>
        json({
          ...overview,
          timeframe: 'week',
          stats: { ...overview.stats, papers: { current: 2, previous: 5 } },
        }),
      [questionsKey(ids.set)]: () => json(questions),
      [questionsKey(ids.set, 'timeframe=week')]: () => json(questions),
      [questionsKey(ids.set, `timeframe=week&classId=${ids.class7b}`)]: () => json(questions),
    });
    const { router } = renderAnalytics();
    const group = await screen.findByRole('group', { name: t.timeframe });
    const month = within(group).getByRole('button', { name: 'Monat' });
    const week = within(group).getByRole('button', { name: 'Woche' });
    expect(month).toHaveAttribute('aria-pressed', 'true');
    await screen.findByTestId('analytics-stats');

    fireEvent.click(week);
    expect(week).toHaveAttribute('aria-pressed', 'true');
    expect(month).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.search).toBe('?timeframe=week');
    await waitFor(() => expect(card('papers')).toHaveTextContent('4'));
    expect(change('papers')).toHaveTextContent('weniger als 5 im Zeitraum davor');

    const select = screen.getByLabelText(t.group);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([m.allGroups, '7b', 'Deutsch 7']);
    fireEvent.change(select, { target: { value: `class:${ids.class7b}` } });
    expect(router.state.location.search).toBe(`?timeframe=week&classId=${ids.class7b}`);
    await waitFor(() => expect(card('papers')).toHaveTextContent('2'));
    expect(calls).toContain(overviewKey(`timeframe=week&classId=${ids.class7b}`));

    // the export carries the same filters
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: m.export }));
    const csv = await screen.findByRole('menuitem', { name: m.exportCsv });
    expect(csv).toHaveAttribute('href', `/api/analytics/export.csv?timeframe=week&classId=${ids.class7b}`);
    expect(csv).toHaveAttribute('download');
    expect(screen.getByRole('menuitem', { name: m.exportPdf })).toHaveAttribute(
      'href',
      `/api/analytics/report.pdf?timeframe=week&classId=${ids.class7b}`,
    );
  });

  it('reads course and timeframe from the address on load', async () => {
    const calls = stubFetch({
      ...session,
      [overviewKey(`timeframe=year&courseId=${ids.course}`)]: () => json({ ...overview, timeframe: 'year' }),
      [questionsKey(ids.set, `timeframe=year&courseId=${ids.course}`)]: () => json(questions),
    });
    renderAnalytics(`/dashboard/analytics?timeframe=year&courseId=${ids.course}`);
    await screen.findByTestId('analytics-stats');
    expect(screen.getByRole('button', { name: 'Jahr' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText(t.group)).toHaveValue(`course:${ids.course}`);
    expect(calls).toContain(overviewKey(`timeframe=year&courseId=${ids.course}`));
  });

  it('shows each distribution chart as a table on request', async () => {
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [questionsKey(ids.set)]: () => json(questions),
    });
    renderAnalytics();
    const byClass = await screen.findByTestId('by-class');
    const chart = within(byClass).getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('7b: 12 Arbeiten, 2× Note 1, 4× Note 2');
    expect(within(byClass).queryByRole('table')).toBeNull();

    fireEvent.click(within(byClass).getByRole('button', { name: t.tableView }));
    expect(within(byClass).getByRole('button', { name: t.tableView })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = within(byClass).getByRole('table', { name: t.byClassLong });
    const row = within(table).getByRole('row', { name: /7b/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '4', '3', '2', '1', '0', '12', '2,6']);
    expect(within(byClass).queryByRole('img')).toBeNull();
    // the other chart keeps its own view
    expect(within(screen.getByTestId('by-subject')).getByRole('img')).toBeInTheDocument();
  });

  it('sorts the pupils by each column, missing trends last', async () => {
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [questionsKey(ids.set)]: () => json(questions),
    });
    renderAnalytics();
    await screen.findByTestId('students-table');
    expect(names()).toEqual(['Ali Demir', 'Mia Berger', 'Zoe Adler']);
    const header = (name: string) => screen.getByRole('button', { name }).closest('th')!;
    expect(header(t.columnName)).toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(screen.getByRole('button', { name: t.columnAverage }));
    expect(header(t.columnAverage)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(t.columnName)).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Zoe Adler', 'Mia Berger', 'Ali Demir']);
    fireEvent.click(screen.getByRole('button', { name: t.columnAverage }));
    expect(header(t.columnAverage)).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Ali Demir', 'Mia Berger', 'Zoe Adler']);

    fireEvent.click(screen.getByRole('button', { name: t.columnTrend }));
    expect(names()).toEqual(['Mia Berger', 'Ali Demir', 'Zoe Adler']);
    fireEvent.click(screen.getByRole('button', { name: t.columnTrend }));
    expect(names()).toEqual(['Ali Demir', 'Mia Berger', 'Zoe Adler']);

    const mia = screen.getByRole('row', { name: /Mia Berger/ });
    expect(mia).toHaveTextContent('3 → 2+');
    expect(mia).toHaveTextContent('0,6 Noten/Monat besser');
    expect(screen.getByRole('row', { name: /Ali Demir/ })).toHaveTextContent('1,2 Noten/Monat schlechter');
    expect(screen.getByRole('row', { name: /Zoe Adler/ })).toHaveTextContent(t.trendNone);
  });

  it('analyses the questions of the newest test with warnings, distribution and errors, and of another on request', async () => {
    const calls = stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [questionsKey(ids.set)]: () => json(questions),
      [questionsKey(ids.key)]: () =>
        json({
          test: overview.tests[1],
          averageGrade: null,
          questions: [{ ...questions.questions[0]!, papers: 3, warnings: [] }],
        }),
    });
    const { router } = renderAnalytics();
    const section = await screen.findByRole('region', { name: t.questions });
    const table = await within(section).findByTestId('questions-table');
    const rows = within(table).getAllByTestId('question-row');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3,5', '0,88', '0,45', m.warnings.too_easy]);
    expect(within(rows[1]!).getByText(m.warnings.too_hard)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(m.warnings.low_discrimination)).toBeInTheDocument();
    expect(within(section).queryByText(m.fewPapers(6))).toBeNull();
    expect(within(section).getByText(t.explainDifficulty)).toBeInTheDocument();

    const task2 = within(section).getAllByTestId('question-card')[1]!;
    expect(within(task2).getByRole('img').getAttribute('aria-label')).toBe(
      'Punkteverteilung Aufgabe 2: 3× 0 Punkte, 2× 1,5 Punkte, 1× 2 Punkte',
    );
    fireEvent.click(within(task2).getByRole('button', { name: t.tableView }));
    const points = within(task2).getByRole('table', { name: 'Punkteverteilung Aufgabe 2' });
    expect(within(points).getAllByRole('row')).toHaveLength(4);
    expect(within(task2).getByText('Falsch gekürzt')).toBeInTheDocument();
    expect(within(task2).getByText('4×')).toBeInTheDocument();

    fireEvent.change(within(section).getByLabelText(t.testSelect), { target: { value: ids.key } });
    expect(router.state.location.search).toBe(`?test=${encodeURIComponent(ids.key)}`);
    expect(await within(section).findByText(m.fewPapers(3))).toBeInTheDocument();
    expect(calls).toContain(questionsKey(ids.key));
  });

  it('orders the improvement areas grown first and links each insight to its evidence', async () => {
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [questionsKey(ids.set)]: () => json(questions),
    });
    renderAnalytics();
    const areas = await screen.findAllByTestId('improvement-area');
    expect(areas[0]).toHaveTextContent('Rechtschreibung');
    expect(areas[0]).toHaveTextContent('gestiegen');
    expect(areas[0]).toHaveTextContent('2,0 Fehler je Arbeit');
    expect(areas[0]).toHaveTextContent('davor 1,0');
    expect(areas[1]).toHaveTextContent('Grammatik');
    expect(areas[1]).toHaveTextContent('gesunken');

    const insight = screen.getByTestId('insight');
    expect(insight).toHaveTextContent('Aufgabe 2 der Klassenarbeit Brüche war für fast alle zu schwer.');
    expect(within(insight).getByRole('link', { name: 'Zur Aufgabenanalyse' })).toHaveAttribute(
      'href',
      `/dashboard/analytics?test=${ids.set}#fragen`,
    );
    // every anchor the server's insights may link to is on the page
    for (const anchor of Object.values(analyticsSections))
      expect(document.getElementById(anchor)).not.toBeNull();
    expect(document.getElementById('hinweise')).not.toBeNull();
  });

  it('scrolls to the section a link names once the page has settled', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    let answer: (response: Response) => void = () => undefined;
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () => json(overview),
      [questionsKey(ids.set)]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAnalytics('/dashboard/analytics#verbesserung');
    await screen.findByTestId('analytics-stats');
    // the question analysis still loading would move the section further down: no scroll yet
    expect(scrolled).toEqual([]);
    answer(json(questions));
    await screen.findByTestId('questions-table');
    await waitFor(() => expect(scrolled).toEqual(['verbesserung']));
    // jsdom has none; the other tests run without it, as before
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the empty state when nothing was graded in the window', async () => {
    const calls = stubFetch({ ...session, [overviewKey('timeframe=month')]: () => json(emptyOverview) });
    renderAnalytics();
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(screen.queryByTestId('analytics-stats')).toBeNull();
    // the filters stay, so another window can be chosen
    expect(screen.getByRole('group', { name: t.timeframe })).toBeInTheDocument();
    expect(calls.some((call) => call.includes('/questions'))).toBe(false);
  });

  it('says when the figures could not be loaded and tries again', async () => {
    let attempts = 0;
    stubFetch({
      ...session,
      [overviewKey('timeframe=month')]: () =>
        ++attempts === 1
          ? json({ error: { code: 'internal', message: 'Interner Fehler.' } }, 500)
          : json(overview),
      [questionsKey(ids.set)]: () => json(questions),
    });
    renderAnalytics();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.loadFailed);
    fireEvent.click(within(alert).getByRole('button', { name: t.retry }));
    expect(await screen.findByTestId('analytics-stats')).toBeInTheDocument();
  });
});
