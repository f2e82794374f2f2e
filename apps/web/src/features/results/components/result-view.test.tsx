import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  analysisScreenMessages,
  gradingScales,
  type AnalysisDetail,
  type AnalysisResult,
} from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { ResultView } from './result-view';

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada' };

function makeResult(points: number, grade: string): AnalysisResult {
  return {
    title: 'Bruchrechnung',
    grade,
    achieved_points: points,
    total_points: 4,
    metadata: { subject: 'Mathematik', student_name: 'Max', grade_level: 'Mittelstufe', date: '2026-11-22' },
    tasks: [
      {
        title: 'Aufgabe 1',
        achieved_points: points,
        max_points: 4,
        overall_feedback: '',
        subtasks: [
          {
            subtask_label: '1a',
            description: 'Kürzen',
            achieved_points: points,
            max_points: 4,
            feedback: 'Teilweise richtig.',
            improvement_suggestion: '',
            errors: [
              {
                title: 'Rechenfehler',
                point_deduction: 1,
                details: '',
                suggestion: '',
                severity: 'severe',
                message: 'Falsch gekürzt',
                location: { type: 'text', start: 0, end: 3, quoted_text: '2/4' },
              },
            ],
          },
        ],
      },
    ],
    overall_feedback: 'Solide.',
    strengths: ['Sauber'],
    weaknesses: [],
    general_improvement_suggestions: [],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: '1',
    status: 'suggested',
    review_flags: [{ code: 'low_ocr_confidence', message: 'Bitte Transkription prüfen' }],
  };
}

function makeDetail(points: number, grade: string): AnalysisDetail {
  const result = makeResult(points, grade);
  return {
    id: 'a1',
    status: 'done',
    title: 'Bruchrechnung',
    student_name: 'Max',
    grade_level: 'Mittelstufe',
    subject: 'Mathematik',
    grade,
    achieved_points: points,
    total_points: 4,
    reviewState: 'suggested',
    createdAt: '2026-11-22T10:00:00.000Z',
    courseLink: null,
    test: '2/4 = 1/3',
    inputText: '2/4 = 1/3',
    extractedText: null,
    pages: [],
    files: [],
    options: {
      subject: 'Auto',
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
    reviewLabel: 'KI-Vorschlag',
    confirmedAt: null,
    errorMessage: null,
    completedAt: '2026-11-22T10:00:01.000Z',
    filesDeletedAt: null,
    release: { possible: false, studentName: null, releasedAt: null },
    changes: [],
  };
}

describe('ResultView', () => {
  it('shows the suggestion, its flags and the highlighted error', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
    });
    renderScreen(<ResultView analysisId="a1" />);
    expect(await screen.findByTestId('review-label')).toHaveTextContent('KI-Vorschlag');
    expect(screen.getByText('Bitte Transkription prüfen')).toBeInTheDocument();
    expect(screen.getByTestId('grade-card')).toHaveAttribute('data-grade-class', 'sufficient');
    const mark = within(screen.getByTestId('highlighted-text')).getByText('2/4');
    expect(mark.tagName).toBe('MARK');
    expect(mark).toHaveAttribute('data-highlight', 'critical');
  });

  it('marks the feedback written to the pupil (du) as hers on the teacher’s screen (issue 34 §8)', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
    });
    renderScreen(<ResultView analysisId="a1" />);
    const subtask = await screen.findByRole('group', {
      name: `${analysisScreenMessages.pupilFeedback}: 1a`,
    });
    expect(subtask).toHaveTextContent(analysisScreenMessages.pupilFeedback);
    expect(within(subtask).getByText('Teilweise richtig.')).toBeInTheDocument();
    const lists = screen.getByRole('group', { name: analysisScreenMessages.pupilFeedback });
    expect(within(lists).getByText('Sauber')).toBeInTheDocument();
    // the teacher's own lines (the overall feedback) stay outside it
    expect(within(lists).queryByText('Solide.')).toBeNull();
  });

  it('says calmly that the original was deleted after the retention period, and keeps the result', async () => {
    const detail = { ...makeDetail(2, '4-'), files: [], filesDeletedAt: '2026-08-01T01:30:00.000Z' };
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
    });
    renderScreen(<ResultView analysisId="a1" />);
    expect(await screen.findByTestId('files-deleted')).toHaveTextContent(
      'Die hochgeladene Originalarbeit wurde am 01.08.2026 nach Ablauf der Aufbewahrungsfrist gelöscht. Das Ergebnis bleibt erhalten.',
    );
    expect(screen.getByTestId('grade-card')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('names the Notenschlüssel near the grade, Oberstufe points included', async () => {
    const detail = makeDetail(3, '11 Punkte (2)');
    detail.result = { ...detail.result!, grading_scale: gradingScales.oberstufe };
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
    });
    renderScreen(<ResultView analysisId="a1" />);
    expect(await screen.findByTestId('result-grade')).toHaveTextContent('11 Punkte (2)');
    expect(screen.getByTestId('result-grading-scale')).toHaveTextContent(
      'Notenschlüssel: Oberstufe (15–0 Notenpunkte)',
    );
    // the grade class follows the grade the points stand for (11 Punkte = 2)
    expect(screen.getByTestId('grade-card')).toHaveAttribute('data-grade-class', 'good');
  });

  it('shows how far the grading got while some tasks are open', async () => {
    const detail = makeDetail(2, '4-');
    detail.result = {
      ...detail.result!,
      grade: null,
      achieved_points: null,
      total_points: 12,
      scored_points: 5.5,
      open_points: 4,
    };
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
    });
    renderScreen(<ResultView analysisId="a1" />);
    expect(await screen.findByTestId('result-points')).toHaveTextContent(
      '5,5 / 8 Punkte in den bewerteten Aufgaben',
    );
    expect(screen.getByTestId('result-open-points')).toHaveTextContent('8 von 12 Punkten bewertet, 4 offen');
    expect(screen.getByTestId('result-grade')).toHaveTextContent('Keine Note');
  });

  it('shows no Notenschlüssel for a result stored without one', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
    });
    renderScreen(<ResultView analysisId="a1" />);
    expect(await screen.findByTestId('result-grade')).toHaveTextContent('4-');
    expect(screen.queryByTestId('result-grading-scale')).not.toBeInTheDocument();
  });

  it('shows the passages read while the placement is unsure, places an answer on lines and confirms the placement', async () => {
    const flagged = makeDetail(2, '4-');
    const text = 'Name: Max\n2/4 = 1/2\nDer Bruch wird gekürzt.';
    Object.assign(flagged, { inputText: text, test: text });
    Object.assign(flagged.result!, {
      grade: null,
      status: 'needs_review',
      review_flags: [
        {
          code: 'alignment_uncertain',
          message: 'Die Antwort zu Aufgabe 1 konnte nicht sicher zugeordnet werden.',
        },
      ],
    });
    flagged.result!.tasks[0]!.subtasks[0]!.answer_text = 'Der Bruch wird gekürzt.';
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(flagged),
      'PATCH /api/analyses/a1/review': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(makeDetail(4, '1+'));
      },
    });
    renderScreen(<ResultView analysisId="a1" />);
    // the passage read is shown open, so the teacher can check it
    const passage = await screen.findByTestId('subtask-passage');
    expect(passage).toHaveAttribute('open');
    expect(within(passage).getByText('Der Bruch wird gekürzt.')).toBeInTheDocument();

    fireEvent.click(within(passage).getByRole('button', { name: 'Andere Zeilen zuordnen' }));
    const form = screen.getByRole('form', { name: 'Antwort zu 1a zuordnen' });
    // starts from the lines the engine read
    expect(within(form).getByLabelText('Von Zeile')).toHaveValue('3');
    fireEvent.change(within(form).getByLabelText('Von Zeile'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zuordnen und neu bewerten' }));
    await waitFor(() =>
      expect(bodies[0]).toEqual({
        changes: [{ type: 'place_answer', taskIndex: 0, subtaskIndex: 0, lines: [2, 3] }],
      }),
    );
  });

  it('confirms the placement as it is with one button beside the flag', async () => {
    const flagged = makeDetail(2, '4-');
    Object.assign(flagged.result!, {
      grade: null,
      review_flags: [{ code: 'alignment_uncertain', message: 'nicht sicher zugeordnet' }],
    });
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(flagged),
      'PATCH /api/analyses/a1/review': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(makeDetail(2, '4-'));
      },
    });
    renderScreen(<ResultView analysisId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Zuordnung ist geprüft' }));
    await waitFor(() => expect(bodies[0]).toEqual({ changes: [{ type: 'confirm_alignment' }] }));
    expect(await screen.findByText('4-')).toBeInTheDocument();
  });

  it('sends changed points and shows the totals and grade the server recomputed', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
      'PATCH /api/analyses/a1/review': () => json(makeDetail(4, '1+')),
    });
    renderScreen(<ResultView analysisId="a1" />);
    const input = await screen.findByLabelText('Punkte für 1a (höchstens 4)');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.blur(input);
    expect(
      await screen.findByText('Bitte eine Zahl zwischen 0 und 4 eingeben (z. B. 1,5).'),
    ).toBeInTheDocument();
    expect(calls).not.toContain('PATCH /api/analyses/a1/review');

    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('1+')).toBeInTheDocument();
    expect(screen.getByTestId('result-points')).toHaveTextContent('4 / 4 Punkte');
    expect(screen.getByTestId('grade-card')).toHaveAttribute('data-grade-class', 'excellent');
    expect(calls).toContain('PATCH /api/analyses/a1/review');
  });

  it('adds a missed error with its deduction (the server lowers the points) and checks the quoted passage', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
      'PATCH /api/analyses/a1/review': () => json(makeDetail(1, '6')),
    });
    const stubbed = globalThis.fetch;
    const bodies: unknown[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') bodies.push(JSON.parse(String(init.body)));
      return stubbed(input, init);
    }) as typeof fetch;
    renderScreen(<ResultView analysisId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fehler hinzufügen: 1a' }));
    const form = screen.getByRole('form', { name: 'Fehler hinzufügen: 1a' });
    fireEvent.click(within(form).getByRole('button', { name: 'Fehler speichern' }));
    expect(await within(form).findByText('Bitte geben Sie eine Bezeichnung ein.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/Bezeichnung/), { target: { value: 'Ergebnis falsch' } });
    fireEvent.change(within(form).getByLabelText('Punktabzug'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Textstelle (optional)'), { target: { value: '1/5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Fehler speichern' }));
    expect(
      await within(form).findByText('Diese Textstelle kommt in der Schülerarbeit nicht vor.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Textstelle (optional)'), { target: { value: '1/3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Fehler speichern' }));
    await waitFor(() => expect(screen.getByTestId('result-points')).toHaveTextContent('1 / 4 Punkte'));
    expect(bodies).toEqual([
      {
        changes: [
          {
            type: 'add_error',
            taskIndex: 0,
            subtaskIndex: 0,
            error: expect.objectContaining({
              title: 'Ergebnis falsch',
              point_deduction: 1,
              severity: 'moderate',
              location: { type: 'text', start: 6, end: 9, quoted_text: '1/3' },
            }),
          },
        ],
      },
    ]);
  });

  /** the PATCH bodies sent, on top of a stubbed fetch */
  function recordBodies() {
    const stubbed = globalThis.fetch;
    const bodies: { url: string; body: unknown }[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH' || init?.method === 'POST') {
        bodies.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : null });
      }
      return stubbed(input, init);
    }) as typeof fetch;
    return bodies;
  }

  it('reads points with the German decimal comma and says the range for anything else', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
      'PATCH /api/analyses/a1/review': (init) => {
        const { changes } = JSON.parse(String(init?.body)) as { changes: { points: number }[] };
        return json(makeDetail(changes[0]!.points, '4'));
      },
    });
    const bodies = recordBodies();
    renderScreen(<ResultView analysisId="a1" />);
    const input = await screen.findByLabelText('Punkte für 1a (höchstens 4)');
    expect(input).toHaveValue('2');

    fireEvent.change(input, { target: { value: '15' } });
    fireEvent.blur(input);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte eine Zahl zwischen 0 und 4 eingeben (z. B. 1,5).',
    );
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte eine Zahl zwischen 0 und 4');
    expect(bodies).toEqual([]);

    fireEvent.change(input, { target: { value: '1,5' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input).toHaveValue('1,5'));
    await waitFor(() => expect(screen.getByTestId('result-points')).toHaveTextContent('1,5 / 4 Punkte'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByTestId('result-points')).toHaveTextContent('0 / 4 Punkte'));
    expect(bodies.map((request) => request.body)).toEqual([
      { changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 1.5 }] },
      { changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 0 }] },
    ]);
  });

  it('shows points the engine left open as open and takes them per subtask and per task', async () => {
    const detail = makeDetail(2, '4-');
    const base = detail.result!;
    const open: AnalysisResult = {
      ...base,
      grade: null,
      achieved_points: null,
      total_points: 7,
      tasks: [
        {
          ...base.tasks[0]!,
          achieved_points: null,
          subtasks: [{ ...base.tasks[0]!.subtasks[0]!, achieved_points: null }],
        },
        { title: 'Aufgabe 2', achieved_points: null, max_points: 3, overall_feedback: '', subtasks: [] },
      ],
    };
    detail.result = open;
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
      'PATCH /api/analyses/a1/review': () => json(detail),
    });
    const bodies = recordBodies();
    renderScreen(<ResultView analysisId="a1" />);
    const subtaskInput = await screen.findByLabelText('Punkte für 1a (höchstens 4)');
    expect(subtaskInput).toHaveValue('');
    expect(subtaskInput).toHaveAttribute('placeholder', 'offen');
    // the task with open subtasks says so
    const [firstTask] = screen.getAllByTestId('task');
    expect(within(firstTask!).getByText('offen / 4')).toBeInTheDocument();

    // leaving an open field empty sends nothing and complains about nothing
    fireEvent.blur(subtaskInput);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(subtaskInput, { target: { value: '2,5' } });
    fireEvent.keyDown(subtaskInput, { key: 'Enter' });
    const taskInput = screen.getByLabelText('Punkte für Aufgabe 2 (höchstens 3)');
    fireEvent.change(taskInput, { target: { value: '3' } });
    fireEvent.keyDown(taskInput, { key: 'Enter' });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((request) => request.body)).toEqual([
      { changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 2.5 }] },
      { changes: [{ type: 'set_points', taskIndex: 1, points: 3 }] },
    ]);
  });

  it('takes points and their maximum where the result has neither (graded without a key)', async () => {
    const detail = makeDetail(2, '4-');
    const base = detail.result!;
    const subtask = { ...base.tasks[0]!.subtasks[0]!, achieved_points: null, max_points: null };
    detail.result = {
      ...base,
      grade: null,
      achieved_points: null,
      total_points: null,
      tasks: [{ ...base.tasks[0]!, achieved_points: null, max_points: null, subtasks: [subtask] }],
    };
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(detail),
      'PATCH /api/analyses/a1/review': () => json(makeDetail(1.5, '4')),
    });
    const bodies = recordBodies();
    renderScreen(<ResultView analysisId="a1" />);
    expect(await screen.findByTestId('result-points')).toHaveTextContent('Punkte noch offen');
    const points = screen.getByLabelText('Punkte für 1a');
    const max = screen.getByLabelText('Höchstpunkte für 1a');
    fireEvent.change(points, { target: { value: '1,5' } });
    fireEvent.keyDown(points, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte die erreichten Punkte und die Höchstpunkte eingeben (z. B. 1,5 von 2).',
    );
    fireEvent.change(max, { target: { value: '1' } });
    fireEvent.blur(max);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bitte eine Zahl zwischen 0 und 1 eingeben (z. B. 1,5).',
    );
    expect(bodies).toEqual([]);

    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.blur(max);
    await waitFor(() => expect(screen.getByTestId('result-points')).toHaveTextContent('1,5 / 4 Punkte'));
    expect(bodies.map((request) => request.body)).toEqual([
      { changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 1.5, maxPoints: 2 }] },
    ]);
  });

  it("asks once before 'Bewertung bestätigen' and then shows the grading as confirmed, without inputs", async () => {
    const confirmed = { ...makeDetail(2, '4-'), reviewState: 'confirmed' as const, reviewLabel: null };
    confirmed.confirmedAt = '2026-11-22T11:00:00.000Z';
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(makeDetail(2, '4-')),
      'POST /api/analyses/a1/confirm': () => json(confirmed),
    });
    renderScreen(<ResultView analysisId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bewertung bestätigen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bewertung bestätigen?');
    expect(calls).not.toContain('POST /api/analyses/a1/confirm');

    // cancelling confirms nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).not.toContain('POST /api/analyses/a1/confirm');

    fireEvent.click(screen.getByRole('button', { name: 'Bewertung bestätigen' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bewertung bestätigen' }),
    );
    expect(await screen.findByRole('button', { name: 'Bewertung wieder öffnen' })).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /api/analyses/a1/confirm')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('review-label')).toHaveTextContent('Von der Lehrkraft bestätigt');
    expect(screen.queryByLabelText('Punkte für 1a (höchstens 4)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fehler verwerfen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bewertung bestätigen' })).not.toBeInTheDocument();
  });

  it("changes a confirmed grading only after 'Bewertung wieder öffnen' (POST /reopen)", async () => {
    const confirmed = { ...makeDetail(2, '4-'), reviewState: 'confirmed' as const, reviewLabel: null };
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(confirmed),
      'POST /api/analyses/a1/reopen': () => json(makeDetail(2, '4-')),
    });
    renderScreen(<ResultView analysisId="a1" />);
    expect(
      await screen.findByText('Die Bewertung ist bestätigt. Um etwas zu ändern, öffnen Sie sie wieder.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Punkte für 1a (höchstens 4)')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Bewertung wieder öffnen' }));
    expect(await screen.findByLabelText('Punkte für 1a (höchstens 4)')).toBeInTheDocument();
    expect(screen.getByTestId('review-label')).toHaveTextContent('KI-Vorschlag');
    expect(calls).toContain('POST /api/analyses/a1/reopen');
  });

  it('after a refused reopen reads the analysis again and stays confirmed', async () => {
    const confirmed = { ...makeDetail(2, '4-'), reviewState: 'confirmed' as const, reviewLabel: null };
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/analyses/a1': () => json(confirmed),
      'POST /api/analyses/a1/reopen': () =>
        json({ error: { code: 'conflict', message: 'Diese Bewertung ist nicht bestätigt.' } }, 409),
    });
    renderScreen(<ResultView analysisId="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bewertung wieder öffnen' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Bewertung wieder öffnen' })).not.toBeDisabled(),
    );
    expect(screen.queryByLabelText('Punkte für 1a (höchstens 4)')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/analyses/a1')).toHaveLength(2));
  });
});
