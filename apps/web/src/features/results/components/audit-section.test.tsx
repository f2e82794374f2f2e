import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { auditLabels, type AnalysisAudit, type AnalysisDetail, type AnalysisResult } from '@korrigo/domain';
import { SessionGate } from '@/app/session-gate';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/test/render';
import { ResultView } from './result-view';

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada' };

const result: AnalysisResult = {
  title: 'Erörterung',
  grade: '2',
  achieved_points: 15,
  total_points: 20,
  metadata: { subject: 'Deutsch', student_name: 'Lena Schmidt', grade_level: '7', date: '2026-11-22' },
  tasks: [],
  overall_feedback: 'Solide.',
  strengths: [],
  weaknesses: [],
  general_improvement_suggestions: [],
  evaluation_criteria: { rubrics: [], competencies: [] },
  engine: 'builtin',
  engine_version: '1',
  status: 'suggested',
  review_flags: [],
};

const detail: AnalysisDetail = {
  id: 'a1',
  status: 'done',
  title: 'Erörterung',
  student_name: 'Lena Schmidt',
  grade_level: '7',
  subject: 'Deutsch',
  grade: '2',
  achieved_points: 15,
  total_points: 20,
  reviewState: 'confirmed',
  createdAt: '2026-11-22T10:00:00.000Z',
  courseLink: null,
  test: 'Text',
  inputText: 'Text',
  extractedText: null,
  pages: [],
  files: [],
  options: {
    subject: 'Deutsch',
    gradeLevel: 'Auto',
    depth: 'Auto',
    feedback: [],
    temperature: 0.1,
    customInstructions: '',
  },
  answerKeyTestId: null,
  answerKeyText: null,
  result,
  suggestedResult: { ...result, grade: '3', achieved_points: 13 },
  reviewLabel: null,
  confirmedAt: '2026-11-22T11:00:00.000Z',
  errorMessage: null,
  completedAt: '2026-11-22T10:00:01.000Z',
  filesDeletedAt: null,
  release: { possible: true, studentName: 'Lena Schmidt', releasedAt: '2026-11-22T12:00:00.000Z' },
  changes: [],
};

const audit: AnalysisAudit = {
  analysisId: 'a1',
  title: 'Erörterung',
  studentName: 'Lena Schmidt',
  subject: 'Deutsch',
  createdAt: '2026-11-22T10:00:00.000Z',
  reviewState: 'confirmed',
  final: { grade: '2', achievedPoints: 15, totalPoints: 20 },
  suggested: { grade: '3', achievedPoints: 13, totalPoints: 20 },
  events: [
    { kind: 'submitted', at: '2026-11-22T10:00:00.000Z', by: 'Ada' },
    {
      kind: 'graded',
      at: '2026-11-22T10:00:01.000Z',
      engine: 'builtin',
      engineVersion: '1.4.0',
      model: null,
      outcome: 'success',
      durationMs: 800,
    },
    {
      kind: 'changed',
      at: '2026-11-22T10:30:00.000Z',
      by: 'Ada',
      what: 'Aufgabe 2: Punkte',
      from: '3 Punkte',
      to: '5 Punkte',
    },
    { kind: 'confirmed', at: '2026-11-22T11:00:00.000Z', by: 'Ada' },
    {
      kind: 'released',
      at: '2026-11-22T12:00:00.000Z',
      to: 'Lena Schmidt',
      type: 'Korrektur',
      by: 'Ada',
      grade: '2',
      achievedPoints: 17,
      totalPoints: 20,
    },
  ],
};

function renderResult() {
  const router = createMemoryRouter([{ path: '/', element: <ResultView analysisId="a1" /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <Toaster />
    </QueryClientProvider>,
  );
}

const showButton = () => screen.findByRole('button', { name: auditLabels.show });

afterEach(() => vi.restoreAllMocks());

describe('Verlauf of an analysis (issue 19 point 3)', () => {
  it('loads the trail only when opened and lists the events with times and old → new', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
      'GET /api/analyses/a1/audit': () => json(audit),
    });
    renderResult();
    const show = await showButton();
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(calls).not.toContain('GET /api/analyses/a1/audit');

    fireEvent.click(show);
    const list = await screen.findByRole('list', { name: auditLabels.listLabel });
    expect(calls).toContain('GET /api/analyses/a1/audit');
    expect(screen.getByRole('button', { name: auditLabels.hide })).toHaveAttribute('aria-expanded', 'true');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.querySelector('time')?.getAttribute('datetime'))).toEqual(
      audit.events.map((event) => event.at),
    );
    expect(items[0]).toHaveTextContent('22.11.2026, 11:00:00 Uhr');
    expect(items[1]).toHaveTextContent('builtin 1.4.0: Vorschlag erstellt');
    expect(items[2]).toHaveTextContent('Aufgabe 2: Punkte');
    expect(within(items[2]!).getByText('3 Punkte')).toHaveClass('line-through');
    expect(items[2]).toHaveTextContent('bisher: 3 Punkte → neu: 5 Punkte');
    expect(items[4]).toHaveTextContent('an Lena Schmidt (Korrektur, Note 2, 17 von 20 Punkten) durch Ada');
    expect(
      screen.getByText(
        auditLabels.closingSuggestion('Note 3, 13 von 20 Punkten', 'Note 2, 15 von 20 Punkten', true),
      ),
    ).toBeInTheDocument();
  });

  it('calls the teacher’s changed result final only once she has confirmed it (issue 34 §8)', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json({ ...detail, reviewState: 'suggested', confirmedAt: null }),
      'GET /api/analyses/a1/audit': () =>
        json({ ...audit, reviewState: 'suggested', events: audit.events.slice(0, 3) }),
    });
    renderResult();
    fireEvent.click(await showButton());
    const closing = await screen.findByText(/Der Vorschlag der Bewertungshilfe ist unverändert gespeichert/);
    expect(closing).toHaveTextContent(
      'Note 3, 13 von 20 Punkten. Vorläufig, noch nicht bestätigt: Note 2, 15 von 20 Punkten.',
    );
    expect(closing).not.toHaveTextContent('Endgültig');
  });

  it('says when the trail cannot be loaded and tries again on request', async () => {
    let fail = true;
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
      'GET /api/analyses/a1/audit': () =>
        fail
          ? json({ error: { code: 'internal', message: 'Ein Fehler ist aufgetreten.' } }, 500)
          : json({ ...audit, events: [] }),
    });
    renderResult();
    fireEvent.click(await showButton());
    expect(await screen.findByText(auditLabels.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: auditLabels.retry }));
    expect(await screen.findByText(auditLabels.empty)).toBeInTheDocument();
  });

  it('downloads the trail as a PDF', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
      'GET /api/analyses/a1/audit.pdf': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="Verlauf-Eroerterung.pdf"',
          },
        }),
    });
    const created = vi.fn((_blob: Blob) => 'blob:verlauf');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderResult();
    fireEvent.click(await screen.findByRole('button', { name: auditLabels.download }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toContain('GET /api/analyses/a1/audit.pdf');
    expect(calls).not.toContain('GET /api/analyses/a1/audit');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Verlauf-Eroerterung.pdf');
    expect(created.mock.calls[0]![0].type).toBe('application/pdf');
  });
});
