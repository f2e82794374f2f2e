import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router';
import { classSetReviewMessages as t, type ClassEvaluationDetail } from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { SetNavigation } from './set-navigation';

const id = '00000000-0000-4000-8000-0000000000e1';
const student = (n: number) => `00000000-0000-4000-8000-0000000000a${n}`;
const paperId = (n: number) => `00000000-0000-4000-8000-0000000000b${n}`;
const analysis = (n: number) => `00000000-0000-4000-8000-0000000000c${n}`;
const paper = (n: number, status: 'done' | 'processing' | 'needs_transcription') => ({
  id: paperId(n),
  position: n,
  studentId: student(n),
  studentName: '',
  match: 'upload' as const,
  confidence: 1,
  detectedName: null,
  pages: [],
  analysisId: analysis(n),
  status,
  reviewState: 'suggested' as const,
  grade: null,
  achievedPoints: null,
  totalPoints: null,
  errorMessage: null,
  releasedAt: null,
});

// the papers table sorts by name: Ben (1), Lea (2, still being graded: no result to open), Mia (3), Zoe (4)
const detail: ClassEvaluationDetail = {
  id,
  status: 'grading',
  testName: 'Klassenarbeit 2',
  courseId: null,
  courseName: 'Mathe 7b',
  createdAt: '2026-11-24T10:00:00.000Z',
  progress: {
    papers: 4,
    processing: 1,
    needsTranscription: 1,
    done: 2,
    failed: 0,
    confirmed: 0,
    released: 0,
  },
  errorMessage: null,
  schoolId: null,
  classId: null,
  failingShareThreshold: 1 / 3,
  answerKeyTestId: null,
  hasAnswerKeyText: true,
  pagesPerPaper: null,
  files: [],
  pages: [],
  papers: [paper(1, 'done'), paper(2, 'processing'), paper(3, 'needs_transcription'), paper(4, 'done')],
  students: [
    { id: student(3), name: 'Mia Kowalski', hasAccount: false, paperId: paperId(3), absent: false },
    { id: student(4), name: 'Zoe Arndt', hasAccount: false, paperId: paperId(4), absent: false },
    { id: student(1), name: 'Ben Yilmaz', hasAccount: false, paperId: paperId(1), absent: false },
    { id: student(2), name: 'Lea Schmidt', hasAccount: false, paperId: paperId(2), absent: false },
    { id: student(5), name: 'Ada Roth', hasAccount: false, paperId: null, absent: true },
  ],
};

const session = {
  'GET /api/auth/get-session': () => json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
};

function Result() {
  const { analysisId = '' } = useParams();
  return (
    <div>
      <SetNavigation
        evaluationId={id}
        analysisId={analysisId}
        fallback={<a href="/dashboard/analyse">Zurück zur Testanalyse</a>}
      />
      <label>
        Punkte
        <input />
      </label>
      <p data-testid="shown">{analysisId}</p>
    </div>
  );
}

function renderWalk(start: number, answer = () => json(detail)) {
  stubFetch({ ...session, [`GET /api/class-evaluations/${id}`]: answer });
  return renderRoutes(
    [
      { path: '/analysis/:analysisId', element: <Result /> },
      { path: '/dashboard/class-evaluations/:id', element: <h1>Klassensatz</h1> },
    ],
    `/analysis/${analysis(start)}?set=${id}`,
  );
}

describe('SetNavigation (issue 34 §7)', () => {
  it('offers the previous and next paper in the papers table order, and the way back to the set', async () => {
    renderWalk(3);
    // Mia is the second result that can be opened: Ben before her, Zoe after (Lea has none yet)
    expect(await screen.findByText(t.position(2, 3, 'Mia Kowalski'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.previous })).toHaveAttribute(
      'href',
      `/analysis/${analysis(1)}?set=${id}`,
    );
    expect(screen.getByRole('link', { name: t.next })).toHaveAttribute(
      'href',
      `/analysis/${analysis(4)}?set=${id}`,
    );
    expect(screen.getByRole('link', { name: t.backToSet })).toHaveAttribute(
      'href',
      `/dashboard/class-evaluations/${id}`,
    );
    // the keys are written on the screen and announced with the controls
    expect(screen.getByTestId('set-shortcuts')).toHaveTextContent('← vorherige Arbeit');
    expect(screen.getByRole('link', { name: t.next })).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');

    fireEvent.click(screen.getByRole('link', { name: t.next }));
    expect(await screen.findByText(t.position(3, 3, 'Zoe Arndt'))).toBeInTheDocument();
    expect(screen.getByTestId('shown')).toHaveTextContent(analysis(4));
    // the last paper has no next one
    expect(screen.getByRole('button', { name: t.next })).toBeDisabled();
    fireEvent.click(screen.getByRole('link', { name: t.previous }));
    expect(await screen.findByText(t.position(2, 3, 'Mia Kowalski'))).toBeInTheDocument();
  });

  it('walks by keyboard: → next, ← previous, Z back to the set; never while typing in a field', async () => {
    const { router } = renderWalk(1);
    expect(await screen.findByText(t.position(1, 3, 'Ben Yilmaz'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.previous })).toBeDisabled();

    // typed into a field, the keys belong to the field
    const field = screen.getByLabelText('Punkte');
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(field, { key: 'z' });
    expect(router.state.location.pathname).toBe(`/analysis/${analysis(1)}`);
    // with a modifier they are the browser's (Alt+← is its own way back)
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    expect(router.state.location.pathname).toBe(`/analysis/${analysis(1)}`);

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/analysis/${analysis(3)}`));
    expect(router.state.location.search).toBe(`?set=${id}`);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/analysis/${analysis(4)}`));
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/analysis/${analysis(3)}`));
    fireEvent.keyDown(document.body, { key: 'z' });
    expect(await screen.findByRole('heading', { name: 'Klassensatz' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/class-evaluations/${id}`);
  });

  it('leaves the screen its own way back when the set cannot be read or does not hold the paper', async () => {
    renderWalk(3, () => json({ error: { code: 'not_found', message: 'Nicht gefunden' } }, 404));
    expect(await screen.findByRole('link', { name: 'Zurück zur Testanalyse' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.backToSet })).not.toBeInTheDocument();
  });

  it('does not walk from a paper the set does not hold', async () => {
    renderWalk(2);
    // Lea's paper has no result to open: it is not a stop of the walk, and the keys do nothing
    expect(await screen.findByRole('link', { name: 'Zurück zur Testanalyse' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: t.navigationLabel })).not.toBeInTheDocument();
  });
});
