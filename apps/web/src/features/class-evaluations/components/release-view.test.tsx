import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { classEvaluationScreenMessages as t, messages, type ClassEvaluationDetail } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { ReleaseView } from './release-view';

const id = '00000000-0000-4000-8000-0000000000e1';
const ben = '00000000-0000-4000-8000-0000000000a2';
const session = {
  'GET /api/auth/get-session': () => json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
};

const detail = (status: 'done' | 'processing'): ClassEvaluationDetail => ({
  id,
  status: 'done',
  testName: 'Klassenarbeit 2',
  courseId: '00000000-0000-4000-8000-00000000000a',
  courseName: 'Mathe 7b',
  createdAt: '2026-11-24T10:00:00.000Z',
  progress: {
    papers: 1,
    processing: 0,
    needsTranscription: 0,
    done: 1,
    failed: 0,
    confirmed: 1,
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
  papers: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      position: 0,
      studentId: ben,
      studentName: 'Ben Yilmaz',
      match: 'upload',
      confidence: 1,
      detectedName: null,
      pages: [],
      analysisId: '00000000-0000-4000-8000-0000000000c1',
      status,
      reviewState: 'confirmed',
      grade: '2',
      achievedPoints: 5,
      totalPoints: 6,
      errorMessage: null,
      releasedAt: null,
    },
  ],
  students: [{ id: ben, name: 'Ben Yilmaz', hasAccount: false, paperId: null, absent: false }],
});

const deliveries = `GET /api/lti/deliveries?classEvaluationId=${id}`;
const nothingToLms = {
  [deliveries]: () => json({ total: 0, sent: 0, pending: 0, failed: 0, lastError: null, summary: '' }),
};

describe('ReleaseView (issue 34 §6)', () => {
  it('offers all pupils’ PDFs as one ZIP and as one print file once a paper is graded', async () => {
    stubFetch({ ...session, ...nothingToLms });
    const { unmount } = renderScreen(<ReleaseView detail={detail('done')} />);
    expect(await screen.findByRole('link', { name: t.downloadAllZip })).toHaveAttribute(
      'href',
      `/api/class-evaluations/${id}/paper-pdfs.zip`,
    );
    expect(screen.getByRole('link', { name: t.downloadAllPrint })).toHaveAttribute(
      'href',
      `/api/class-evaluations/${id}/paper-pdfs.pdf`,
    );
    unmount();
    // nothing graded yet: nothing to put in them
    renderScreen(<ReleaseView detail={detail('processing')} />);
    expect(await screen.findByRole('link', { name: t.downloadNotenliste })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.downloadAllZip })).toBeNull();
  });

  it('shows how far the results reached the LMS gradebook and sends the failed ones again (issue 35 §2)', async () => {
    const failed = {
      total: 25,
      sent: 23,
      pending: 0,
      failed: 2,
      lastError: messages.lti.gradesRejected(503),
      summary: messages.lti.deliveriesSummary({ total: 25, sent: 23, pending: 0, failed: 2 }),
    };
    const calls = stubFetch({
      ...session,
      [deliveries]: () => json(failed),
      'POST /api/lti/deliveries/retry': () =>
        json({
          ...failed,
          pending: 2,
          failed: 0,
          lastError: null,
          summary: 'An die Lernplattform übertragen: 23 von 25 · 2 ausstehend',
        }),
    });
    renderScreen(<ReleaseView detail={detail('done')} />);
    expect(
      await screen.findByText('An die Lernplattform übertragen: 23 von 25 · 2 fehlgeschlagen'),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.lti.gradesRejected(503))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.lti.retryDeliveries }));
    expect(
      await screen.findByText('An die Lernplattform übertragen: 23 von 25 · 2 ausstehend'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.lti.retryDeliveries })).toBeNull();
    expect(calls).toContain('POST /api/lti/deliveries/retry');
  });

  it('says nothing of an LMS when no result goes to one', async () => {
    stubFetch({ ...session, ...nothingToLms });
    renderScreen(<ReleaseView detail={detail('done')} />);
    expect(await screen.findByRole('link', { name: t.downloadNotenliste })).toBeInTheDocument();
    expect(screen.queryByTestId('lms-delivery-state')).toBeNull();
  });
});
