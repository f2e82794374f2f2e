import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  analysisMessages,
  analysisOptionsSchema,
  analysisScreenMessages,
  planMessages,
} from '@korrigo/domain';
import { json, renderRoutes, renderScreen, stubFetch } from '@/test/render';
import { AnalyseScreen } from './analyse-screen';

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada' };

describe('AnalyseScreen', () => {
  it('refuses an empty analysis and a missing test selection, and clears the text on a method switch', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/tests/u1': () => json([]),
    });
    renderScreen(<AnalyseScreen renderResult={() => null} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'AI test analysis' })).toBeInTheDocument();
    expect(screen.getByText('intelligent grading in seconds')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Analysieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(analysisMessages.emptyInput);

    fireEvent.change(screen.getByLabelText('Text der Schülerarbeit'), { target: { value: 'Antwort' } });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Vorhandenen Test wählen' }), { button: 0 });
    expect(await screen.findByText('Noch keine gespeicherten Tests')).toBeInTheDocument();
    expect(calls).toContain('GET /api/tests/u1');
    expect(screen.getByLabelText('Text der Schülerarbeit')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Text der Schülerarbeit'), { target: { value: 'Antwort' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analysieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(analysisMessages.selectTestFirst);
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('shows a teacher the class-set and saved-test tabs and a student neither, even when a link asks for it (issue 33 §5)', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }) });
    const teacher = renderScreen(
      <AnalyseScreen renderResult={() => null} plan={{ id: 'free', accountType: 'teacher' }} />,
    );
    expect(
      await screen.findByRole('tab', { name: analysisScreenMessages.methods.class }),
    ).toBeInTheDocument();
    teacher.unmount();

    renderRoutes(
      [
        {
          path: '/dashboard/analyse',
          element: <AnalyseScreen renderResult={() => null} plan={{ id: 'free', accountType: 'student' }} />,
        },
      ],
      '/dashboard/analyse?method=class',
    );
    expect(await screen.findByRole('tab', { name: analysisScreenMessages.methods.manual })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: analysisScreenMessages.methods.class })).toBeNull();
    // the saved tests are the test creator's, a teachers' tool too
    expect(screen.queryByRole('tab', { name: analysisScreenMessages.methods.select })).toBeNull();
    expect(screen.getByLabelText('Text der Schülerarbeit')).toBeInTheDocument();
  });

  it('says at once that a photo needs a plan with text recognition, and which one', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }) });
    const { container } = renderScreen(
      <AnalyseScreen renderResult={() => null} plan={{ id: 'free', accountType: 'teacher' }} />,
    );
    await screen.findByRole('heading', { level: 1, name: 'AI test analysis' });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'seite1.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(
      await screen.findByText(planMessages.featureNotInPlan('ocr', 'premium_teacher', 'teacher'), {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: analysisScreenMessages.toPricing })).toHaveAttribute(
      'href',
      '/pricing?plan=premium_teacher',
    );
  });

  it('reopens an analysis that waits for its transcription and sends the corrected text', async () => {
    let status = 'needs_transcription';
    const statusOf = () =>
      json({ id: 'a1', status, errorMessage: null, updatedAt: '2026-11-24T10:00:00.000Z' });
    const sent: unknown[] = [];
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1/status': statusOf,
      'GET /api/analyses/a1': () =>
        json({
          id: 'a1',
          status: 'needs_transcription',
          title: 'Bio',
          student_name: '',
          grade_level: 'Auto',
          subject: 'Auto',
          grade: null,
          achieved_points: null,
          total_points: null,
          reviewState: 'suggested',
          createdAt: '2026-11-24T10:00:00.000Z',
          test: 'Licht und Waser',
          inputText: '',
          extractedText: 'Licht und Waser',
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
          files: [{ id: 'f1', name: 'seite1.png', mimeType: 'image/png', size: 3 }],
          pages: [
            {
              fileIndex: 0,
              pageIndex: 0,
              text: 'Licht und Waser',
              source: 'ocr',
              confidence: 58,
              lowConfidenceWords: [{ text: 'Waser', confidence: 31 }],
              uncertainLines: [],
            },
          ],
        }),
      'GET /api/analyses/a1/files/f1': () => new Response(new Blob(['png'], { type: 'image/png' })),
      'PATCH /api/analyses/a1/transcription': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        status = 'processing';
        return statusOf();
      },
    });
    renderRoutes(
      [{ path: '/dashboard/analyse', element: <AnalyseScreen renderResult={() => null} /> }],
      '/dashboard/analyse?analysis=a1',
    );
    const text = await screen.findByLabelText(analysisScreenMessages.recognisedText(1));
    expect(text).toHaveValue('Licht und Waser');
    expect(screen.getByText('Waser')).toBeInTheDocument();
    // nothing is read twice: the text comes from the stored analysis, not from /api/extract-text
    expect(calls.some((call) => call.includes('extract-text'))).toBe(false);

    fireEvent.change(text, { target: { value: 'Licht und Wasser' } });
    fireEvent.click(screen.getByRole('button', { name: analysisScreenMessages.gradeCorrected }));
    await waitFor(() => expect(sent).toEqual([{ text: 'Licht und Wasser' }]));
    expect(await screen.findByText(analysisScreenMessages.uploaded)).toBeInTheDocument();
    expect(screen.queryByTestId('transcription-check')).not.toBeInTheDocument();
  });
});
