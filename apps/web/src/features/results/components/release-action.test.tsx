import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { gradeReleaseMessages, messages, type AnalysisDetail, type AnalysisResult } from '@korrigo/domain';
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

function confirmedDetail(release: AnalysisDetail['release']): AnalysisDetail {
  return {
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
    suggestedResult: result,
    reviewLabel: null,
    confirmedAt: '2026-11-22T11:00:00.000Z',
    errorMessage: null,
    completedAt: '2026-11-22T10:00:01.000Z',
    filesDeletedAt: null,
    release,
    changes: [],
  };
}

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

const releaseButton = () => screen.findByRole('button', { name: gradeReleaseMessages.release });

describe('An Schüler:in zurückgeben (issue 17)', () => {
  it('releases a confirmed result, tells the teacher and then shows to whom and when', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () =>
        json(confirmedDetail({ possible: true, studentName: 'Lena Schmidt', releasedAt: null })),
      'POST /api/analyses/a1/release': () =>
        json({ releasedAt: '2026-11-24T09:00:00.000Z', studentName: 'Lena Schmidt' }),
    });
    renderResult();
    fireEvent.click(await releaseButton());
    expect(await screen.findByText(gradeReleaseMessages.releasedToast('Lena Schmidt'))).toBeInTheDocument();
    expect(await screen.findByTestId('release-note')).toHaveTextContent(
      gradeReleaseMessages.released('Lena Schmidt', '24.11.2026'),
    );
    expect(screen.getByText(gradeReleaseMessages.updatesStudent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: gradeReleaseMessages.release })).not.toBeInTheDocument();
    expect(calls).toContain('POST /api/analyses/a1/release');
  });

  it("shows the server's reason when the release is refused", async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () =>
        json(confirmedDetail({ possible: true, studentName: 'Lena Schmidt', releasedAt: null })),
      'POST /api/analyses/a1/release': () =>
        json({ error: { code: 'conflict', message: gradeReleaseMessages.notConfirmed } }, 409),
    });
    renderResult();
    fireEvent.click(await releaseButton());
    expect(await screen.findByText(gradeReleaseMessages.notConfirmed)).toBeInTheDocument();
  });

  it('offers no release without a pupil with an account, and shows an earlier release', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () =>
        json(confirmedDetail({ possible: false, studentName: null, releasedAt: null })),
    });
    renderResult();
    expect(await screen.findByTestId('result-view')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: gradeReleaseMessages.release })).not.toBeInTheDocument();
    expect(screen.queryByTestId('release-note')).not.toBeInTheDocument();
  });

  it('shows the note instead of the button once released', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () =>
        json(
          confirmedDetail({
            possible: true,
            studentName: 'Lena Schmidt',
            releasedAt: '2026-11-23T09:00:00.000Z',
          }),
        ),
    });
    renderResult();
    await waitFor(() =>
      expect(screen.getByTestId('release-note')).toHaveTextContent(
        gradeReleaseMessages.released('Lena Schmidt', '23.11.2026'),
      ),
    );
    expect(screen.queryByRole('button', { name: gradeReleaseMessages.release })).not.toBeInTheDocument();
  });

  it('shows beside the note how far the result reached the LMS gradebook (issue 35 §2)', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () =>
        json(
          confirmedDetail({
            possible: true,
            studentName: 'Lena Schmidt',
            releasedAt: '2026-11-23T09:00:00.000Z',
          }),
        ),
      'GET /api/lti/deliveries?analysisId=a1': () =>
        json({
          total: 1,
          sent: 1,
          pending: 0,
          failed: 0,
          lastError: null,
          summary: messages.lti.deliveriesSummary({ total: 1, sent: 1, pending: 0, failed: 0 }),
        }),
    });
    renderResult();
    expect(await screen.findByText('An die Lernplattform übertragen: 1 von 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.lti.retryDeliveries })).toBeNull();
  });
});
