import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  classEvaluationMessages as m,
  classEvaluationScreenMessages as t,
  classSetReviewMessages as r,
  type ClassEvaluationDetail,
} from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { SplitCheck } from './split-check';

const id = '00000000-0000-4000-8000-0000000000e1';
const fileId = '00000000-0000-4000-8000-0000000000f1';
const mia = '00000000-0000-4000-8000-0000000000a1';
const ben = '00000000-0000-4000-8000-0000000000a2';
const lea = '00000000-0000-4000-8000-0000000000a3';
const page = (pageIndex: number) => ({ fileId, pageIndex });
const paper = (
  n: number,
  studentId: string | null,
  pages: number[],
  confidence: number | null,
  detectedName: string | null,
) => ({
  id: `00000000-0000-4000-8000-0000000000b${n}`,
  position: n - 1,
  studentId,
  studentName: '',
  match: studentId ? ('name' as const) : ('none' as const),
  confidence,
  detectedName,
  pages: pages.map(page),
  analysisId: null,
  status: null,
  reviewState: null,
  grade: null,
  achievedPoints: null,
  totalPoints: null,
  errorMessage: null,
  releasedAt: null,
});

const detail: ClassEvaluationDetail = {
  id,
  status: 'needs_review',
  testName: 'Klassenarbeit 2',
  courseId: '00000000-0000-4000-8000-00000000000a',
  courseName: 'Mathe 7b',
  createdAt: '2026-11-24T10:00:00.000Z',
  progress: {
    papers: 3,
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
  files: [{ id: fileId, name: 'stack_001_scan.png', mimeType: 'image/png', role: 'stack', pageCount: 5 }],
  pages: [0, 1, 2, 3, 4].map((index) => ({
    ...page(index),
    text: `Text ${index + 1}`,
    source: 'ocr',
    confidence: 0.9,
    detectedName: index === 0 ? 'Mia Kowalski' : null,
  })),
  papers: [
    paper(1, mia, [0, 1], 0.95, 'Mia Kowalski'),
    paper(2, null, [2], null, 'B. Yilm'),
    paper(3, ben, [3], 0.7, 'Ben Yilmaz'),
  ],
  students: [
    { id: mia, name: 'Mia Kowalski', hasAccount: true, paperId: null, absent: false },
    { id: ben, name: 'Ben Yilmaz', hasAccount: false, paperId: null, absent: false },
    { id: lea, name: 'Lea Schmidt', hasAccount: true, paperId: null, absent: false },
  ],
};

const pageCard = (container: HTMLElement, number: number) =>
  container.querySelector<HTMLElement>(`[data-page="${number}"]`)!;

describe('SplitCheck (ADR 0012 §3)', () => {
  it('shows confidence labels and the unassigned pages, and sends the edited split (merge, split, move, discard, absent)', async () => {
    const puts: unknown[] = [];
    const calls = stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
      [`GET /api/class-evaluations/${id}/files/${fileId}`]: () => new Response('not an image'),
      [`PUT /api/class-evaluations/${id}/papers`]: (init) => {
        puts.push(JSON.parse(String(init?.body)));
        return json(detail);
      },
      [`POST /api/class-evaluations/${id}/start`]: () => json({ ...detail, status: 'grading' }),
    });
    const { container } = renderScreen(<SplitCheck detail={detail} />);

    const papers = () =>
      within(screen.getByRole('list', { name: t.splitTitle })).getAllByRole('heading', { level: 3 });
    expect(await screen.findByText(t.confidence.sure)).toBeInTheDocument();
    expect(screen.getByText(t.confidence.none)).toBeInTheDocument();
    expect(screen.getByText(t.confidence.check)).toBeInTheDocument();
    expect(screen.getByText(t.detectedName('B. Yilm'))).toBeInTheDocument();
    // the page nobody holds is listed, never hidden
    const unassigned = screen.getByRole('region', { name: `${t.unassignedTitle} (1)` });
    expect(within(unassigned).getByText(t.pageLabel(5))).toBeInTheDocument();

    // merge paper 1 with paper 2, then split the merged paper after page 2 again
    fireEvent.click(screen.getAllByRole('button', { name: t.mergeNext })[0]!);
    expect(papers()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: t.splitAfter(2) }));
    expect(papers()).toHaveLength(3);

    // the new paper has no student: starting says which one
    fireEvent.click(screen.getByRole('button', { name: t.startGrading }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.unassignedPages);
    fireEvent.click(within(pageCard(container, 5)).getByRole('button', { name: new RegExp(t.discardPage) }));
    fireEvent.click(screen.getByRole('button', { name: t.startGrading }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.studentMissing(2));

    // page 3 goes to Ben's paper (paper 3); the emptied paper disappears
    const third = pageCard(container, 3);
    fireEvent.change(within(third).getByRole('combobox', { name: `${t.pageLabel(3)}: ${t.movePage}` }), {
      target: { value: detail.papers[2]!.id },
    });
    fireEvent.click(within(third).getByRole('button', { name: new RegExp(t.moveButton) }));
    expect(papers()).toHaveLength(2);

    fireEvent.click(screen.getByRole('checkbox', { name: t.absentLabel('Lea Schmidt') }));
    fireEvent.click(screen.getByRole('button', { name: t.startGrading }));

    await waitFor(() => expect(calls).toContain(`POST /api/class-evaluations/${id}/start`));
    expect(puts).toEqual([
      {
        papers: [
          { studentId: mia, pages: [page(0), page(1)] },
          { studentId: ben, pages: [page(2), page(3)] },
        ],
        discardedPages: [page(4)],
        absentStudentIds: [lea],
      },
    ]);
  });

  it('offers more credits when they do not reach at the start', async () => {
    stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
      [`GET /api/class-evaluations/${id}/files/${fileId}`]: () => new Response('x'),
      [`PUT /api/class-evaluations/${id}/papers`]: () => json(detail),
      [`POST /api/class-evaluations/${id}/start`]: () =>
        json({ error: { code: 'insufficient_credits', message: m.notEnoughCredits(3, 1) } }, 402),
    });
    const { container } = renderScreen(<SplitCheck detail={detail} />);
    await screen.findByText(t.confidence.none);
    fireEvent.click(within(pageCard(container, 5)).getByRole('button', { name: new RegExp(t.discardPage) }));
    // the unmatched paper 2 is Lea's
    fireEvent.change(screen.getAllByRole('combobox', { name: new RegExp(t.paperStudent) })[1]!, {
      target: { value: lea },
    });
    fireEvent.click(screen.getByRole('button', { name: t.startGrading }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.notEnoughCredits(3, 1));
    expect(within(alert).getByRole('link', { name: t.toPricing })).toHaveAttribute('href', '/pricing');
  });

  it('refuses one student on two papers with the contract’s message', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
      [`GET /api/class-evaluations/${id}/files/${fileId}`]: () => new Response('x'),
    });
    const { container } = renderScreen(<SplitCheck detail={detail} />);
    await screen.findByText(t.confidence.none);
    fireEvent.click(within(pageCard(container, 5)).getByRole('button', { name: new RegExp(t.discardPage) }));
    const selects = screen.getAllByRole('combobox', { name: new RegExp(t.paperStudent) });
    fireEvent.change(selects[1]!, { target: { value: mia } });
    fireEvent.click(screen.getByRole('button', { name: t.startGrading }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.studentTwice('Mia Kowalski'));
    expect(calls.some((call) => call.startsWith('PUT'))).toBe(false);
  });

  describe('a page opened large (issue 34 §7)', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('opens a dialog with the whole page on a click or Enter; Escape and ✕ close it', async () => {
      // jsdom draws no pictures: each photo becomes an object URL, as in the browser
      let drawn = 0;
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:page-${++drawn}` }));
      stubFetch({
        'GET /api/auth/get-session': () =>
          json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
        // the set's file is a photo (image/png): its bytes become the picture as they are
        [`GET /api/class-evaluations/${id}/files/${fileId}`]: () => new Response('png'),
      });
      const { container } = renderScreen(<SplitCheck detail={detail} />);
      await screen.findByText(t.confidence.none);
      const open = within(pageCard(container, 2)).getByRole('button', { name: r.openPage(t.pageLabel(2)) });
      expect(await within(open).findByRole('img', { name: t.pageLabel(2) })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      );

      fireEvent.click(open);
      const dialog = await screen.findByRole('dialog', { name: t.pageLabel(2) });
      const large = await within(dialog).findByRole('img', { name: t.pageLabel(2) });
      expect(large).toHaveAttribute('src', expect.stringMatching(/^blob:/));
      // the whole page, not the thumbnail's top cut to an A4 frame
      expect(large.className).not.toContain('object-cover');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(open).toHaveFocus());

      // Enter on the focused thumbnail is a click of its button; the ✕ closes as well
      fireEvent.click(open);
      const again = await screen.findByRole('dialog', { name: t.pageLabel(2) });
      fireEvent.click(within(again).getByRole('button', { name: 'Schließen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
