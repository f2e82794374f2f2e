import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  classEvaluationMessages as m,
  classEvaluationScreenMessages as t,
  classSetReviewMessages as r,
  type PageRef,
} from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { OverviewView } from './overview-view';
import { QuestionsView } from './questions-view';

const id = '00000000-0000-4000-8000-0000000000e1';
const session = {
  'GET /api/auth/get-session': () => json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
};
const answer = (
  n: number,
  name: string,
  points: number,
  placementUnsure = false,
  page: PageRef | null = null,
) => ({
  paperId: `00000000-0000-4000-8000-0000000000b${n}`,
  analysisId: `00000000-0000-4000-8000-0000000000c${n}`,
  studentName: name,
  points,
  errors: [],
  confirmed: false,
  placementUnsure,
  page,
});

const setDetail = {
  id,
  status: 'done',
  testName: 'Klassenarbeit 2',
  courseId: null,
  courseName: 'Mathe 7b',
  createdAt: '2026-11-24T10:00:00.000Z',
  progress: {
    papers: 3,
    processing: 0,
    needsTranscription: 0,
    done: 3,
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
  papers: [],
  students: [],
};

describe('class set when done (issue 16 §4, §5)', () => {
  it('changes the points of a whole answer group with one group review', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      ...session,
      [`GET /api/class-evaluations/${id}/questions`]: () =>
        json({
          questions: [
            {
              taskIndex: 0,
              subtaskIndex: 1,
              label: 'Aufgabe 1b',
              maxPoints: 2,
              averageShare: 0.5,
              groups: [
                {
                  answer: '180 Grad',
                  kind: 'identical',
                  answers: [answer(1, 'Mia', 2), answer(2, 'Lea', 2)],
                },
                { answer: '360 Grad', kind: 'single', answers: [answer(3, 'Ben', 0, true)] },
              ],
            },
          ],
        }),
      [`GET /api/class-evaluations/${id}`]: () => json(setDetail),
      [`POST /api/class-evaluations/${id}/group-review`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ updated: 2 });
      },
    });
    renderScreen(<QuestionsView evaluationId={id} />);
    const group = (await screen.findByText('180 Grad')).closest('li')!;
    expect(within(group).getByText(t.groupKinds.identical)).toBeInTheDocument();
    // each pupil's paper is one click away; a paper whose answers the engine could not place says so
    expect(within(group).getByRole('link', { name: t.openResultOf('Mia') })).toHaveAttribute(
      'href',
      `/analysis/${answer(1, 'Mia', 2).analysisId}?set=${id}`,
    );
    expect(within(group).queryByText(t.placementUnsure)).not.toBeInTheDocument();
    const other = screen.getByText('360 Grad').closest('li')!;
    expect(within(other).getByText(t.placementUnsure)).toBeInTheDocument();

    fireEvent.change(within(group).getByLabelText(t.groupPoints), { target: { value: '3' } });
    fireEvent.click(within(group).getByRole('button', { name: t.groupPointsApply }));
    expect(await within(group).findByText(t.groupPointsInvalid(2))).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // a group error's deduction is no more than the task is worth (issue 33 §3)
    fireEvent.change(within(group).getByLabelText(t.groupErrorTitle), { target: { value: 'Einheit fehlt' } });
    fireEvent.change(within(group).getByLabelText(t.groupErrorDeduction), { target: { value: '9' } });
    fireEvent.click(within(group).getByRole('button', { name: t.groupErrorAdd }));
    expect(await within(group).findAllByText(t.groupPointsInvalid(2))).not.toHaveLength(0);
    expect(bodies).toEqual([]);

    fireEvent.change(within(group).getByLabelText(t.groupPoints), { target: { value: '1,5' } });
    fireEvent.click(within(group).getByRole('button', { name: t.groupPointsApply }));
    expect(await within(group).findByText(t.groupUpdated(2))).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        analysisIds: [answer(1, 'Mia', 2).analysisId, answer(2, 'Lea', 2).analysisId],
        change: { type: 'set_points', taskIndex: 0, subtaskIndex: 1, points: 1.5 },
      },
    ]);
  });

  it('shows the page a scanned answer was read from beside its text, opened large on a click', async () => {
    const fileId = '00000000-0000-4000-8000-0000000000f1';
    const stackPage = (pageIndex: number) => ({ fileId, pageIndex });
    stubFetch({
      ...session,
      [`GET /api/class-evaluations/${id}/questions`]: () =>
        json({
          questions: [
            {
              taskIndex: 0,
              subtaskIndex: null,
              label: 'Aufgabe 1',
              maxPoints: 2,
              averageShare: 1,
              groups: [
                {
                  answer: '3 + 4 = 7',
                  kind: 'identical',
                  answers: [
                    answer(1, 'Mia', 2, false, stackPage(1)),
                    answer(2, 'Lea', 2, false, stackPage(2)),
                    answer(3, 'Ben', 2),
                  ],
                },
              ],
            },
          ],
        }),
      // the set's stack: its files and pages give each page its number (as the split check counts them)
      [`GET /api/class-evaluations/${id}`]: () =>
        json({
          ...setDetail,
          files: [{ id: fileId, name: 'stapel.pdf', mimeType: 'image/png', role: 'stack', pageCount: 3 }],
          pages: [0, 1, 2].map((pageIndex) => ({
            ...stackPage(pageIndex),
            text: '',
            source: 'ocr',
            confidence: 0.9,
            detectedName: null,
          })),
        }),
      [`GET /api/class-evaluations/${id}/files/${fileId}`]: () => new Response('png'),
    });
    renderScreen(<QuestionsView evaluationId={id} />);
    const group = (await screen.findByText('3 + 4 = 7')).closest('li')!;
    // beside the text, the page of the paper the text is taken from (Mia's, page 2 of the stack), and in her line
    expect(
      await within(group).findAllByRole('button', { name: r.openPage(r.answerPage('Mia', t.pageLabel(2))) }),
    ).toHaveLength(2);
    // each pupil's own page is one click away; Ben's paper was typed and has none
    const lea = within(group).getByRole('button', { name: r.openPage(r.answerPage('Lea', t.pageLabel(3))) });
    expect(
      within(group).queryByRole('button', { name: new RegExp(r.answerPage('Ben', '')) }),
    ).not.toBeInTheDocument();
    fireEvent.click(lea);
    const dialog = await screen.findByRole('dialog', { name: r.answerPage('Lea', t.pageLabel(3)) });
    expect(within(dialog).getByText(r.pageDialogDescription)).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the Notenspiegel as a table, marks the weakest task and gives the notice above the threshold', async () => {
    const patches: unknown[] = [];
    stubFetch({
      ...session,
      [`GET /api/class-evaluations/${id}/overview`]: () =>
        json({
          counted: 3,
          papers: 3,
          gradeDistribution: [1, 2, 3, 4, 5, 6].map((grade) => ({
            grade,
            count: grade >= 5 ? 1 : grade === 1 ? 1 : 0,
          })),
          averageGrade: 4,
          averagePoints: 3,
          totalPoints: 6,
          tasks: [
            { taskIndex: 0, title: 'Aufgabe 1', averageShare: 0.8, weakest: false },
            { taskIndex: 1, title: 'Aufgabe 2', averageShare: 0.2, weakest: true },
          ],
          frequentErrors: [{ title: 'Vorzeichenfehler', count: 2 }],
          failingShare: 2 / 3,
          failingShareThreshold: 1 / 3,
          exceedsThreshold: true,
        }),
      [`PATCH /api/class-evaluations/${id}`]: (init) => {
        patches.push(JSON.parse(String(init?.body)));
        return json({});
      },
    });
    renderScreen(<OverviewView evaluationId={id} />);
    expect(await screen.findByText(m.failingShareNotice('67 %', '33 %'))).toBeInTheDocument();
    const table = screen.getByRole('table', { name: t.gradeDistributionTable });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '0', '0', '0', '1', '1']);
    expect(screen.getByText('Aufgabe 2').parentElement).toHaveTextContent(t.weakest);
    expect(screen.getByText('Vorzeichenfehler')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(t.thresholdLabel), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: t.thresholdSave }));
    expect(await screen.findByText(t.thresholdInvalid)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(t.thresholdLabel), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: t.thresholdSave }));
    await waitFor(() => expect(patches).toEqual([{ failingShareThreshold: 0.5 }]));
  });
});
