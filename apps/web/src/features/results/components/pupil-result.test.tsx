import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { learningAssistantMessages as t, type AnalysisDetail } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { PupilResultScreen } from './pupil-result';

const sessionUser = { id: 'u1', email: 'mia@example.org', name: 'Mia' };

/** Her own checked text as the server answers it: graded, a suggestion, one error the engine found. */
function selfCheck(status: AnalysisDetail['status'] = 'done'): AnalysisDetail {
  const result: NonNullable<AnalysisDetail['result']> = {
    title: 'Mein Aufsatz',
    grade: '3',
    achieved_points: 7,
    total_points: 10,
    metadata: { subject: 'Deutsch', student_name: '', grade_level: '7', date: '2026-11-22' },
    tasks: [
      {
        title: 'Aufgabe 1',
        achieved_points: 7,
        max_points: 10,
        overall_feedback: '',
        subtasks: [
          {
            subtask_label: '1a',
            description: 'Aufsatz',
            achieved_points: 7,
            max_points: 10,
            feedback: 'Gut gegliedert.',
            improvement_suggestion: '',
            errors: [
              {
                title: 'Rechtschreibung',
                point_deduction: 1,
                details: '',
                suggestion: 'dass',
                severity: 'minor',
                message: '„das“ statt „dass“',
                location: { type: 'text', start: 10, end: 13, quoted_text: 'das' },
              },
            ],
          },
        ],
      },
    ],
    overall_feedback: 'Du schreibst lebendig.',
    strengths: ['Klare Gliederung'],
    weaknesses: ['Kommasetzung'],
    general_improvement_suggestions: [],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: '1',
    status: 'suggested',
    review_flags: [{ code: 'no_answer_key', message: 'Bitte prüfen Sie die Punkte.' }],
  };
  return {
    id: 'a1',
    status,
    title: 'Mein Aufsatz',
    student_name: '',
    grade_level: '7',
    subject: 'Deutsch',
    grade: '3',
    achieved_points: 7,
    total_points: 10,
    reviewState: 'suggested',
    createdAt: '2026-11-22T10:00:00.000Z',
    courseLink: null,
    test: 'Ich glaube das es stimmt.',
    inputText: 'Ich glaube das es stimmt.',
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
    result: status === 'done' ? result : null,
    suggestedResult: status === 'done' ? result : null,
    reviewLabel: 'KI-Vorschlag',
    confirmedAt: null,
    errorMessage: null,
    completedAt: status === 'done' ? '2026-11-22T10:00:01.000Z' : null,
    filesDeletedAt: null,
    release: { possible: false, studentName: null, releasedAt: null },
    changes: [],
  };
}

describe('PupilResultScreen', () => {
  it('shows her result in du with her name, and nothing of the teacher’s review', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(selfCheck()),
    });
    renderScreen(<PupilResultScreen analysisId="a1" name="Mia" />);
    const view = await screen.findByTestId('pupil-result');
    expect(screen.getByRole('heading', { level: 1, name: t.resultTitle })).toBeInTheDocument();
    expect(within(view).getByText(t.resultGreeting('Mia'))).toBeInTheDocument();
    expect(within(view).getByTestId('result-grade')).toHaveTextContent('3');
    expect(within(view).getByText('„das“ statt „dass“')).toBeInTheDocument();
    expect(within(view).getByText('Du schreibst lebendig.')).toBeInTheDocument();
    expect(within(view).getByRole('heading', { name: t.resultYourText })).toBeInTheDocument();
    // no confirmation, no points to set, no error to dismiss, no feedback to edit, no flags meant for teachers
    expect(within(view).queryByRole('button')).toBeNull();
    expect(within(view).queryByRole('spinbutton')).toBeNull();
    expect(within(view).queryByRole('textbox')).toBeNull();
    expect(within(view).queryByText('Bitte prüfen Sie die Punkte.')).toBeNull();
    expect(screen.queryByText(/Sie\b/)).toBeNull();
    const back = screen.getByRole('link', { name: t.resultBack });
    expect(back).toHaveAttribute('href', '/dashboard/essayfeed');
  });

  it('says that her text is being checked while it is graded', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(selfCheck('processing')),
      'GET /api/analyses/a1/events': () => new Response('', { status: 503 }),
      'GET /api/analyses/a1/status': () => json({ id: 'a1', status: 'processing', errorMessage: null }),
    });
    renderScreen(<PupilResultScreen analysisId="a1" name="Mia" />);
    expect(await screen.findByText(t.resultChecking)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.resultBack })).toBeInTheDocument();
  });
});
