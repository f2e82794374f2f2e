import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { gradeLink, learningProfileMessages as m } from '@korrigo/domain';
import { Toaster } from '@/components/ui/toaster';
import { json, renderRoutes, renderScreen, stubFetch } from '@/test/render';
import { gradeDetail, ids, profile } from '../test/fixtures';
import { LearningProfileScreen } from './learning-profile-screen';

const session = { 'GET /api/auth/get-session': () => json(null) };

/** the route hands in the result view; here a stand-in that shows what it was given */
function renderProfile() {
  return renderScreen(
    <LearningProfileScreen
      renderResult={({ result, text, textTitle }) => (
        <div data-testid="rendered-result">
          {result.grade} · {text} · {textTitle}
        </div>
      )}
    />,
  );
}

const table = () => screen.getByTestId('grades-table');
const stat = (testId: string) => within(screen.getByTestId(testId)).getByRole('definition').textContent;

describe('[LEARNING-PROFILE] Mein Lernprofil', () => {
  afterEach(() => vi.restoreAllMocks());

  it('filters the courses with a toggle group and shows cards with instructor, progress and next exam', async () => {
    stubFetch({ ...session, 'GET /api/learning-profile': () => json(profile) });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.intro)).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'Mathe 7b' });

    const group = screen.getByRole('group', { name: m.courseFilter });
    const all = within(group).getByRole('button', { name: m.filterAll });
    const active = within(group).getByRole('button', { name: m.filterActive });
    const completed = within(group).getByRole('button', { name: m.filterCompleted });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(active).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('course-card')).toHaveLength(2);

    const mathe = screen.getAllByTestId('course-card')[0]!;
    expect(within(mathe).getByText('Frau Berg')).toBeInTheDocument();
    expect(within(mathe).getByText(m.progress(1, 3))).toBeInTheDocument();
    const bar = within(mathe).getByRole('progressbar', { name: 'Mathe 7b' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(bar).toHaveAttribute('aria-valuetext', m.progress(1, 3));
    expect(within(mathe).getByText(m.nextExam('Geometrie', '03.12.2026'))).toBeInTheDocument();
    const deutsch = screen.getAllByTestId('course-card')[1]!;
    expect(within(deutsch).getByText(m.noExams)).toBeInTheDocument();
    expect(within(deutsch).getByText('7b, 7c')).toBeInTheDocument();

    fireEvent.click(active);
    expect(active).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('course-card')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Mathe 7b' })).toBeInTheDocument();

    fireEvent.click(completed);
    expect(screen.getAllByTestId('course-card')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Deutsch 7b' })).toBeInTheDocument();
    expect(within(screen.getByTestId('course-card')).getByText(m.statusCompleted)).toBeInTheDocument();
  });

  it('filters the grades by half-year and computes the four stat cards over the chosen term', async () => {
    stubFetch({ ...session, 'GET /api/learning-profile': () => json(profile) });
    renderProfile();
    const select = await screen.findByLabelText(m.term);
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      m.termAll,
      m.termCurrent('1. Halbjahr 2026/27'),
      m.termPrevious('2. Halbjahr 2025/26'),
    ]);

    // all: three teachers' grades (2,3 · 1,0 · 3,0) and the self-check, which does not count
    expect(within(table()).getAllByTestId('grade-row')).toHaveLength(4);
    expect(stat('stat-grade-average')).toBe('2,1');
    expect(stat('stat-score-average')).toBe('71,5 %');
    expect(stat('stat-tests-written')).toBe('3');
    expect(stat('stat-upcoming')).toBe('2');
    expect(screen.getByText(m.selfChecksNotCounted)).toBeInTheDocument();

    fireEvent.change(select, { target: { value: 'current' } });
    const rows = within(table()).getAllByTestId('grade-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(m.withoutCourse)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Selbsttest')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mathe 7b')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('05.10.2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('7,75 / 12')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2-')).toHaveAttribute('data-grade-class', 'good');
    expect(within(rows[0]!).getByText('5')).toHaveAttribute('data-grade-class', 'fail');
    expect(stat('stat-grade-average')).toBe('2,3');
    expect(stat('stat-score-average')).toBe('64,6 %');
    expect(stat('stat-tests-written')).toBe('1');
    expect(stat('stat-upcoming')).toBe('2');
    expect(screen.getByText(m.selfChecksNotCounted)).toBeInTheDocument();

    fireEvent.change(select, { target: { value: 'previous' } });
    const previous = within(table()).getAllByTestId('grade-row');
    expect(previous).toHaveLength(1);
    expect(within(previous[0]!).getByText('Deutsch 7b')).toBeInTheDocument();
    expect(within(previous[0]!).getByText('1')).toHaveAttribute('data-grade-class', 'excellent');
    expect(stat('stat-grade-average')).toBe('1,0');
    expect(stat('stat-score-average')).toBe('90,0 %');
    expect(stat('stat-tests-written')).toBe('1');
    expect(screen.queryByText(m.selfChecksNotCounted)).not.toBeInTheDocument();
  });

  it('shows both empty states with the spec texts', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-profile': () => json({ ...profile, courses: [], grades: [], upcomingExams: [] }),
    });
    renderProfile();
    expect(
      await screen.findByText(
        'Keine Kurse gefunden. Bitte wenden Sie sich an Ihren Administrator, wenn dies unerwartet ist.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Für die ausgewählte Laufzeit wurden keine Noten gefunden.')).toBeInTheDocument();
    expect(screen.queryByTestId('grades-table')).not.toBeInTheDocument();
    expect(stat('stat-grade-average')).toBe(m.statNone);
    expect(stat('stat-tests-written')).toBe('0');
  });

  it('says when the chosen term has no grades', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-profile': () => json({ ...profile, grades: profile.grades.slice(0, 2) }),
    });
    renderProfile();
    fireEvent.change(await screen.findByLabelText(m.term), { target: { value: 'previous' } });
    expect(screen.getByText(m.noGrades)).toBeInTheDocument();
  });

  it("keeps a grade whose work went with the teacher's account, without details or PDF", async () => {
    const [erased, ...rest] = profile.grades;
    stubFetch({
      ...session,
      'GET /api/learning-profile': () =>
        json({ ...profile, grades: [{ ...erased!, resultAvailable: false }, ...rest] }),
    });
    renderProfile();
    const row = within(await screen.findByTestId('grades-table'))
      .getByText(erased!.title)
      .closest('tr')!;
    expect(within(row).getByText(m.resultErased)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    // the others keep their buttons
    expect(screen.getAllByRole('button', { name: m.downloadPdf(rest[0]!.title) }).length).toBeGreaterThan(0);
  });

  it('opens the detail overlay, loads the graded work and returns the focus when it closes', async () => {
    const calls = stubFetch({
      ...session,
      'GET /api/learning-profile': () => json(profile),
      [`GET /api/grades/${ids.analysis(1)}`]: () => json(gradeDetail(1)),
    });
    renderProfile();
    await screen.findByTestId('grades-table');
    const details = within(table()).getByRole('button', { name: m.showDetails('Bruchrechnung') });
    details.focus();
    fireEvent.click(details);
    const dialog = await screen.findByRole('dialog', { name: m.detailTitle('Bruchrechnung') });
    expect(await within(dialog).findByTestId('rendered-result')).toHaveTextContent(
      `2- · 2/4 = 1/3 · ${m.detailGradedText}`,
    );
    expect(calls).toContain(`GET /api/grades/${ids.analysis(1)}`);

    // the corner's and the footer's
    fireEvent.click(within(dialog).getAllByRole('button', { name: m.close }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(details).toHaveFocus());
  });

  it('opens the grade a notification links to, once', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-profile': () => json(profile),
      [`GET /api/grades/${ids.analysis(1)}`]: () => json(gradeDetail(1)),
    });
    const { router } = renderRoutes(
      [
        {
          path: '/dashboard/mytests',
          element: <LearningProfileScreen renderResult={({ result }) => <p>{result.grade}</p>} />,
        },
      ],
      gradeLink(ids.analysis(1)),
    );
    expect(await screen.findByRole('dialog', { name: m.detailTitle('Bruchrechnung') })).toBeInTheDocument();
    // the link is used up: the address loses it, so a reload does not open the overlay again
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so in the overlay when the detail cannot be loaded', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-profile': () => json(profile),
      [`GET /api/grades/${ids.analysis(1)}`]: () => json({ error: { code: 'x', message: 'x' } }, 404),
    });
    renderProfile();
    await screen.findByTestId('grades-table');
    fireEvent.click(within(table()).getByRole('button', { name: m.showDetails('Bruchrechnung') }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(m.detailLoadFailed)).toBeInTheDocument();
  });

  it('downloads the PDF from the grade URL, and says so when it fails', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:grade');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Bruchrechnung.pdf');
      expect(this.href).toBe('blob:grade');
    });
    const calls = stubFetch({
      ...session,
      'GET /api/learning-profile': () => json(profile),
      [`GET /api/grades/${ids.analysis(1)}/pdf`]: () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Bruchrechnung.pdf"`,
          },
        }),
      [`GET /api/grades/${ids.analysis(2)}/pdf`]: () => json({ error: { code: 'x', message: 'x' } }, 500),
    });
    renderProfile();
    render(<Toaster />);
    await screen.findByTestId('grades-table');
    fireEvent.click(within(table()).getByRole('button', { name: m.downloadPdf('Bruchrechnung') }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(calls).toContain(`GET /api/grades/${ids.analysis(1)}/pdf`);
    expect(created.mock.calls[0]![0].type).toBe('application/pdf');
    expect(screen.queryByText(m.downloadFailed)).not.toBeInTheDocument();

    fireEvent.click(within(table()).getByRole('button', { name: m.downloadPdf('Erörterung') }));
    expect(await screen.findByText(m.downloadFailed)).toBeInTheDocument();
    expect(calls).toContain(`GET /api/grades/${ids.analysis(2)}/pdf`);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('shows skeletons while loading and a retry after a failure', async () => {
    let attempt = 0;
    stubFetch({
      ...session,
      'GET /api/learning-profile': () =>
        ++attempt === 1 ? json({ error: { code: 'internal', message: 'kaputt' } }, 500) : json(profile),
    });
    renderProfile();
    expect(await screen.findByTestId('learning-profile-loading')).toBeInTheDocument();
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Mathe 7b' })).toBeInTheDocument();
    expect(screen.queryByText(m.loadFailed)).not.toBeInTheDocument();
  });
});
