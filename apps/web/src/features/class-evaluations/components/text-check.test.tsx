import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  analysisOptionsSchema,
  analysisScreenMessages,
  classEvaluationScreenMessages as t,
  type ClassEvaluationDetail,
} from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { ClassSetScreen } from './class-set-screen';

const id = '00000000-0000-4000-8000-0000000000e1';
const fileId = '00000000-0000-4000-8000-0000000000f1';
const pupils = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Mia Kowalski',
    text: 'Name: Mia Kowalski\n3 - 4 = 12',
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    name: 'Ben Yilmaz',
    text: 'Name: Ben Yilmaz\nDie Pflanze braucht Waser.',
  },
  { id: '00000000-0000-4000-8000-0000000000a3', name: 'Lea Schmidt', text: '' },
];
const analysisOf = (n: number) => `00000000-0000-4000-8000-0000000000c${n}`;

/** Mia and Ben wait for the text check; Lea's paper is graded already. */
const detail: ClassEvaluationDetail = {
  id,
  status: 'grading',
  testName: 'Klassenarbeit 2',
  courseId: '00000000-0000-4000-8000-00000000000a',
  courseName: 'Mathe 7b',
  createdAt: '2026-11-24T10:00:00.000Z',
  progress: {
    papers: 3,
    processing: 0,
    needsTranscription: 2,
    done: 1,
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
  files: [{ id: fileId, name: 'scan.pdf', mimeType: 'application/pdf', role: 'stack', pageCount: 3 }],
  pages: [],
  papers: pupils.map((pupil, index) => ({
    id: `00000000-0000-4000-8000-0000000000b${index + 1}`,
    position: index,
    studentId: pupil.id,
    studentName: pupil.name,
    match: 'name' as const,
    confidence: 1,
    detectedName: pupil.name,
    pages: [{ fileId, pageIndex: index }],
    analysisId: analysisOf(index + 1),
    status: index < 2 ? ('needs_transcription' as const) : ('done' as const),
    reviewState: 'suggested' as const,
    grade: index < 2 ? null : '2',
    achievedPoints: index < 2 ? null : 4,
    totalPoints: index < 2 ? null : 6,
    errorMessage: null,
    releasedAt: null,
  })),
  students: pupils.map((pupil, index) => ({
    id: pupil.id,
    name: pupil.name,
    hasAccount: false,
    paperId: `00000000-0000-4000-8000-0000000000b${index + 1}`,
    absent: false,
  })),
};

function analysis(n: number) {
  const pupil = pupils[n - 1]!;
  return {
    id: analysisOf(n),
    status: 'needs_transcription',
    title: 'Klassenarbeit 2',
    student_name: pupil.name,
    grade_level: 'Auto',
    subject: 'Mathematik',
    grade: null,
    achieved_points: null,
    total_points: null,
    reviewState: 'suggested',
    createdAt: '2026-11-24T10:00:00.000Z',
    test: '',
    inputText: '',
    extractedText: pupil.text,
    options: analysisOptionsSchema.parse({}),
    answerKeyTestId: null,
    answerKeyText: null,
    result: null,
    suggestedResult: null,
    reviewLabel: null,
    confirmedAt: null,
    errorMessage: null,
    completedAt: null,
    filesDeletedAt: null,
    release: { possible: false, studentName: null, releasedAt: null },
    changes: [],
    courseLink: null,
    files: [{ id: 'f1', name: 'scan.pdf', mimeType: 'application/pdf', size: 3 }],
    pages: [
      {
        fileIndex: 0,
        pageIndex: n - 1,
        text: pupil.text,
        source: 'ocr',
        confidence: 84,
        lowConfidenceWords: n === 2 ? [{ text: 'Waser', confidence: 31 }] : [],
        uncertainLines:
          n === 1
            ? [
                {
                  text: '3 - 4 = 12',
                  tokens: ['-'],
                  note: '„-“ könnte „·“ sein (mit „·“ wäre die Rechnung richtig)',
                },
              ]
            : [],
      },
    ],
  };
}

function stub() {
  const sent: { id: string; text: string }[] = [];
  const transcription = (n: number) => (init?: RequestInit) => {
    sent.push({ id: analysisOf(n), text: (JSON.parse(String(init?.body)) as { text: string }).text });
    return json({
      id: analysisOf(n),
      status: 'processing',
      errorMessage: null,
      updatedAt: '2026-11-24T10:01:00.000Z',
    });
  };
  stubFetch({
    'GET /api/auth/get-session': () =>
      json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
    [`GET /api/class-evaluations/${id}`]: () => json(detail),
    [`GET /api/class-evaluations/${id}/files/${fileId}`]: () =>
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    [`GET /api/analyses/${analysisOf(1)}`]: () => json(analysis(1)),
    [`GET /api/analyses/${analysisOf(2)}`]: () => json(analysis(2)),
    [`PATCH /api/analyses/${analysisOf(1)}/transcription`]: transcription(1),
    [`PATCH /api/analyses/${analysisOf(2)}/transcription`]: transcription(2),
  });
  return sent;
}

const at = (search: string) =>
  renderRoutes([{ path: '/', element: <ClassSetScreen evaluationId={id} /> }], `/${search}`);

describe('the class set’s text check (issue 34 §1, §2)', () => {
  it('walks the waiting papers by keyboard: correct, Ctrl+Enter, the next paper focused, until all are sent', async () => {
    const sent = stub();
    const user = userEvent.setup();
    const { router } = at('?check=first');

    const view = await screen.findByTestId('class-set-text-check');
    expect(
      await within(view).findByRole('heading', { name: t.textCheck.paperOf(1, 2, 'Mia Kowalski') }),
    ).toBeVisible();
    expect(within(view).getByText(t.textCheck.remaining(2))).toBeInTheDocument();
    // the doubtful calculation line is marked and said why
    const line = view.querySelector('mark[data-doubt="line"]');
    expect(line).toHaveTextContent('3 - 4 = 12');
    expect(
      within(view).getByText(
        analysisScreenMessages.uncertainLine(
          '3 - 4 = 12',
          '„-“ könnte „·“ sein (mit „·“ wäre die Rechnung richtig)',
        ),
      ),
    ).toBeInTheDocument();

    // the text is focused: she corrects it and confirms from the keyboard
    const mia = within(view).getByRole('textbox', { name: analysisScreenMessages.recognisedText(1) });
    await waitFor(() => expect(mia).toHaveFocus());
    await user.clear(mia);
    await user.type(mia, 'Name: Mia Kowalski{Enter}3 · 4 = 12');
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() =>
      expect(sent).toEqual([{ id: analysisOf(1), text: 'Name: Mia Kowalski\n3 · 4 = 12' }]),
    );
    expect(
      await within(view).findByRole('heading', { name: t.textCheck.paperOf(2, 2, 'Ben Yilmaz') }),
    ).toBeVisible();
    expect(router.state.location.search).toBe(`?check=${analysisOf(2)}`);
    // a doubtful word of Ben's page is marked; his text has the focus now
    expect(view.querySelector('mark[data-doubt="word"]')).toHaveTextContent('Waser');
    const ben = within(view).getByRole('textbox', { name: analysisScreenMessages.recognisedText(1) });
    await waitFor(() => expect(ben).toHaveFocus());
    expect(
      within(view).getByRole('button', { name: new RegExp(t.textCheck.confirmLast) }),
    ).toBeInTheDocument();

    // Tab reaches the confirming button, Enter presses it
    await user.tab();
    expect(within(view).getByRole('button', { name: new RegExp(t.textCheck.confirmLast) })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent.map((one) => one.id)).toEqual([analysisOf(1), analysisOf(2)]));
    expect(sent[1]!.text).toBe(pupils[1]!.text);

    expect(await within(view).findByText(t.textCheck.allDone)).toBeInTheDocument();
    const back = within(view).getByRole('button', { name: t.textCheck.back });
    await waitFor(() => expect(back).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('row', { name: /Lea Schmidt/ })).toBeInTheDocument();
  });

  it('opens at the paper the table’s „Text prüfen“ names; Alt+← and Alt+→ move without sending', async () => {
    const sent = stub();
    const user = userEvent.setup();
    const table = at('');

    const row = await screen.findByRole('row', { name: /Ben Yilmaz/ });
    const open = within(row).getByRole('link', { name: t.textCheck.openOf('Ben Yilmaz') });
    expect(open).toHaveAttribute('href', `/?check=${analysisOf(2)}`);
    // a graded paper still opens its result; a waiting one no longer leads out of the set
    expect(within(row).queryByRole('link', { name: t.openResultOf('Ben Yilmaz') })).not.toBeInTheDocument();
    await user.click(open);

    const view = await screen.findByTestId('class-set-text-check');
    expect(
      await within(view).findByRole('heading', { name: t.textCheck.paperOf(2, 2, 'Ben Yilmaz') }),
    ).toBeVisible();
    await waitFor(() => expect(within(view).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(
      await within(view).findByRole('heading', { name: t.textCheck.paperOf(1, 2, 'Mia Kowalski') }),
    ).toBeVisible();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(
      await within(view).findByRole('heading', { name: t.textCheck.paperOf(2, 2, 'Ben Yilmaz') }),
    ).toBeVisible();
    expect(table.router.state.location.search).toBe(`?check=${analysisOf(2)}`);
    expect(sent).toEqual([]);
  });
});
