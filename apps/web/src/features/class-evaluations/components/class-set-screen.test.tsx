import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { classEvaluationScreenMessages as t, type ClassEvaluationDetail } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { ClassSetScreen } from './class-set-screen';

const id = '00000000-0000-4000-8000-0000000000e1';
const mia = '00000000-0000-4000-8000-0000000000a1';
const ben = '00000000-0000-4000-8000-0000000000a2';
const session = {
  'GET /api/auth/get-session': () => json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
};

const base: ClassEvaluationDetail = {
  id,
  status: 'preparing',
  testName: 'Klassenarbeit 2',
  courseId: '00000000-0000-4000-8000-00000000000a',
  courseName: 'Mathe 7b',
  createdAt: '2026-11-24T10:00:00.000Z',
  progress: {
    papers: 0,
    processing: 0,
    needsTranscription: 0,
    done: 0,
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
  files: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      name: 'stack_001_scan.pdf',
      mimeType: 'application/pdf',
      role: 'stack',
      pageCount: null,
    },
  ],
  pages: [],
  papers: [],
  students: [],
};

const paper = (n: number, studentId: string, patch: Partial<ClassEvaluationDetail['papers'][number]>) => ({
  id: `00000000-0000-4000-8000-0000000000b${n}`,
  position: n - 1,
  studentId,
  studentName: '',
  match: 'upload' as const,
  confidence: 1,
  detectedName: null,
  pages: [],
  analysisId: `00000000-0000-4000-8000-0000000000c${n}`,
  status: 'done' as const,
  reviewState: 'suggested' as const,
  grade: '2',
  achievedPoints: 5,
  totalPoints: 6,
  errorMessage: null,
  releasedAt: null,
  ...patch,
});

describe('ClassSetScreen', () => {
  it('says the stack is being read while the set is prepared', async () => {
    stubFetch({ ...session, [`GET /api/class-evaluations/${id}`]: () => json(base) });
    renderScreen(<ClassSetScreen evaluationId={id} />);
    expect(await screen.findByText(t.preparing)).toBeInTheDocument();
    expect(screen.getByText(t.statuses.preparing)).toBeInTheDocument();
  });

  it('shows the set’s progress and a row per pupil, a failed paper with its reason and a link to each result', async () => {
    const grading: ClassEvaluationDetail = {
      ...base,
      status: 'grading',
      progress: {
        papers: 3,
        processing: 1,
        needsTranscription: 0,
        done: 1,
        failed: 1,
        confirmed: 0,
        released: 0,
      },
      papers: [
        paper(1, mia, {}),
        paper(2, ben, {
          status: 'failed',
          grade: null,
          achievedPoints: null,
          errorMessage: 'Die Datei enthält keinen lesbaren Text.',
        }),
      ],
      students: [
        { id: mia, name: 'Mia Kowalski', hasAccount: true, paperId: paper(1, mia, {}).id, absent: false },
        { id: ben, name: 'Ben Yilmaz', hasAccount: false, paperId: paper(2, ben, {}).id, absent: false },
        {
          id: '00000000-0000-4000-8000-0000000000a3',
          name: 'Lea Schmidt',
          hasAccount: true,
          paperId: null,
          absent: true,
        },
      ],
    };
    stubFetch({ ...session, [`GET /api/class-evaluations/${id}`]: () => json(grading) });
    renderScreen(<ClassSetScreen evaluationId={id} />);

    expect(await screen.findByText(new RegExp(t.progressText(1, 3)))).toHaveTextContent(t.progressFailed(1));
    const miaRow = screen.getByRole('row', { name: /Mia Kowalski/ });
    expect(within(miaRow).getByText('5 / 6')).toBeInTheDocument();
    expect(within(miaRow).getByRole('link', { name: t.openResultOf('Mia Kowalski') })).toHaveAttribute(
      'href',
      `/analysis/${paper(1, mia, {}).analysisId}?set=${id}`,
    );
    const benRow = screen.getByRole('row', { name: /Ben Yilmaz/ });
    expect(within(benRow).getByText('Die Datei enthält keinen lesbaren Text.')).toBeInTheDocument();
    expect(within(benRow).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Lea Schmidt/ })).getByText(t.absent)).toBeInTheDocument();
    // no confirming before the set is done
    expect(screen.queryByRole('button', { name: t.confirmAll })).not.toBeInTheDocument();
  });

  it('says a scored paper’s grade is open where the engine proposed none, and why in the result', async () => {
    const done: ClassEvaluationDetail = {
      ...base,
      status: 'grading',
      progress: { ...base.progress, papers: 2, done: 2 },
      papers: [paper(1, mia, {}), paper(2, ben, { grade: null })],
      students: [
        { id: mia, name: 'Mia Kowalski', hasAccount: true, paperId: paper(1, mia, {}).id, absent: false },
        { id: ben, name: 'Ben Yilmaz', hasAccount: false, paperId: paper(2, ben, {}).id, absent: false },
      ],
    };
    stubFetch({ ...session, [`GET /api/class-evaluations/${id}`]: () => json(done) });
    renderScreen(<ClassSetScreen evaluationId={id} />);

    const benRow = await screen.findByRole('row', { name: /Ben Yilmaz/ });
    expect(within(benRow).getByText('5 / 6')).toBeInTheDocument();
    expect(within(benRow).getByText(t.gradeOpen, { exact: false })).toHaveAttribute('title', t.gradeOpenHint);
    expect(within(screen.getByRole('row', { name: /Mia Kowalski/ })).getByText('2')).toBeInTheDocument();
  });

  it('asks before it confirms, naming the pupil or how many, as for one result (issue 33 §4)', async () => {
    const done: ClassEvaluationDetail = {
      ...base,
      status: 'done',
      progress: {
        papers: 2,
        processing: 0,
        needsTranscription: 0,
        done: 2,
        failed: 0,
        confirmed: 0,
        released: 0,
      },
      papers: [paper(1, mia, {}), paper(2, ben, {})],
      students: [
        { id: mia, name: 'Mia Kowalski', hasAccount: true, paperId: paper(1, mia, {}).id, absent: false },
        { id: ben, name: 'Ben Yilmaz', hasAccount: true, paperId: paper(2, ben, {}).id, absent: false },
      ],
    };
    const bodies: unknown[] = [];
    stubFetch({
      ...session,
      [`GET /api/class-evaluations/${id}`]: () => json(done),
      [`POST /api/class-evaluations/${id}/confirm`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ confirmed: 2, placementUnsure: 0 });
      },
    });
    renderScreen(<ClassSetScreen evaluationId={id} />);

    fireEvent.click(await screen.findByRole('button', { name: t.confirmOf('Ben Yilmaz') }));
    const one = await screen.findByRole('alertdialog', { name: t.confirmOneTitle('Ben Yilmaz') });
    fireEvent.click(within(one).getByRole('button', { name: 'Abbrechen' }));
    expect(bodies).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: t.confirmAll }));
    const all = await screen.findByRole('alertdialog', { name: t.confirmManyTitle(2) });
    expect(within(all).getByText(t.confirmManyQuestion(2))).toBeInTheDocument();
    fireEvent.click(within(all).getByRole('button', { name: t.confirm }));
    await waitFor(() =>
      expect(bodies).toEqual([{ analysisIds: [paper(1, mia, {}).analysisId, paper(2, ben, {}).analysisId] }]),
    );
    expect(await screen.findByText(t.confirmed(2))).toBeInTheDocument();
  });
});
