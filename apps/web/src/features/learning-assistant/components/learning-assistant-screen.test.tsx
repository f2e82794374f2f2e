import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  planMessages,
  type LearningOverview,
  type PracticeCheck,
  type PracticeSession,
} from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { LearningAssistantScreen } from './learning-assistant-screen';

const session = {
  'GET /api/auth/get-session': () =>
    json({ session: {}, user: { id: 'u1', email: 'mia@schule.de', name: 'Mia', accountType: 'student' } }),
};
const analysisId = '00000000-0000-4000-8000-0000000000a1';
const sessionId = '00000000-0000-4000-8000-0000000000c1';

const empty = (subject: string) => ({ subject, results: 0, progress: null, strengths: [], weaknesses: [] });

const overview: LearningOverview = {
  hasResults: true,
  subjects: [
    empty('Mathematik'),
    empty('Physik'),
    empty('Biologie'),
    empty('Chemie'),
    {
      subject: 'Deutsch',
      results: 2,
      progress: 72.5,
      strengths: [
        {
          label: 'Aufgabe 1: Inhalt',
          score: 90,
          suggestion: 'Mach weiter so.',
          evidence: '9 von 10 Punkten in „Erörterung“',
          analysisIds: [analysisId],
        },
      ],
      weaknesses: [
        {
          label: 'Rechtschreibung',
          score: 40,
          suggestion: 'Übe die Schreibung von „wiederum“.',
          evidence: '3 Fehler in 2 Arbeiten',
          analysisIds: [analysisId],
        },
      ],
    },
    empty('Englisch'),
  ],
  mistakes: [
    {
      id: `${analysisId}:0:0:0`,
      analysisId,
      subject: 'Deutsch',
      title: 'Erörterung',
      error: 'Rechtschreibung',
      category: 'spelling',
      quoted: 'wiederrum',
      correction: 'wiederum',
    },
  ],
  stats: {
    overallPercent: 72.5,
    currentGrade: '2-',
    studyMinutes: 12,
    nextTest: { name: 'Klassenarbeit 3', date: '2026-12-03', courseName: 'Deutsch 8a' },
  },
};

const practice: PracticeSession = {
  id: sessionId,
  subject: 'Deutsch',
  difficulty: 'mittel',
  source: 'templates',
  items: [
    {
      id: 'i1',
      type: 'multiple-choice',
      text: 'Wie schreibt man es richtig?',
      points: 1,
      options: [
        { id: 'a', text: 'wiederrum' },
        { id: 'b', text: 'wiederum' },
      ],
      matchingLeft: [],
      matchingRight: [],
      trains: 'Übt: Rechtschreibung – „wiederum“',
    },
    {
      id: 'i2',
      type: 'cloze',
      text: 'Er kam [..] zu spät, und [..] schon.',
      points: 2,
      options: [],
      matchingLeft: [],
      matchingRight: [],
      trains: 'Übt: Rechtschreibung',
    },
    {
      id: 'i3',
      type: 'matching',
      text: 'Ordne zu.',
      points: 2,
      options: [],
      matchingLeft: ['Hund', 'Katze'],
      matchingRight: ['miaut', 'bellt'],
      trains: 'Übt: Wortschatz',
    },
    {
      id: 'i4',
      type: 'open',
      text: 'Erkläre die Regel.',
      points: 1.5,
      options: [],
      matchingLeft: [],
      matchingRight: [],
      trains: 'Übt: Grammatik',
    },
  ],
};

const check: PracticeCheck = {
  achieved: 4,
  total: 6.5,
  items: [
    { itemId: 'i1', achieved: 1, max: 1, correct: true, feedback: 'Gut gemacht.', solution: 'wiederum' },
    {
      itemId: 'i2',
      achieved: 1,
      max: 2,
      correct: false,
      feedback: 'Eine Lücke fehlt.',
      solution: 'wieder|wie',
    },
    {
      itemId: 'i3',
      achieved: 2,
      max: 2,
      correct: true,
      feedback: '',
      solution: 'Hund – bellt; Katze – miaut',
    },
    { itemId: 'i4', achieved: 0, max: 1.5, correct: false, feedback: 'Zu kurz.', solution: 'Die Regel …' },
  ],
};

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as unknown;

const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

describe('LearningAssistantScreen', () => {
  it('without results shows what to do first, not empty charts, and keeps the text check', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () =>
        json({
          ...overview,
          hasResults: false,
          subjects: overview.subjects.map((subject) => empty(subject.subject)),
          mistakes: [],
          stats: { overallPercent: null, currentGrade: null, studyMinutes: 0, nextTest: null },
        }),
    });
    renderScreen(<LearningAssistantScreen />);
    expect(await screen.findByText(t.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(t.emptyText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.emptyAction })).toHaveAttribute('href', '/dashboard/analyse');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: t.toolPractice })).not.toBeInTheDocument();
    expect(screen.queryByText(t.statsHeading)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.analyzeSubmit })).toBeInTheDocument();
  });

  it('shows an error with retry when the overview cannot be read', async () => {
    let attempts = 0;
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () => {
        attempts += 1;
        return attempts === 1 ? json({ error: { code: 'x', message: 'Kaputt.' } }, 500) : json(overview);
      },
    });
    renderScreen(<LearningAssistantScreen />);
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('button', { name: /Deutsch/, pressed: true })).toBeInTheDocument();
  });

  it('tells a teacher the screen is for students, without a retry', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () =>
        json({ error: { code: 'forbidden', message: t.studentsOnly } }, 403),
    });
    renderScreen(<LearningAssistantScreen />);
    expect(await screen.findByText(t.studentsOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.retry })).not.toBeInTheDocument();
  });

  it('selects the first subject with results and shows each subject’s strengths and weaknesses', async () => {
    stubFetch({ ...session, 'GET /api/learning-assistant': () => json(overview) });
    renderScreen(<LearningAssistantScreen />);
    const deutsch = await screen.findByRole('button', { name: /Deutsch/ });
    expect(deutsch).toHaveAttribute('aria-pressed', 'true');
    expect(within(deutsch).getByText(t.resultsInSubject(2))).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: s.subjectProgress('Deutsch') });
    expect(bar).toHaveAttribute('aria-valuenow', '72.5');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByRole('button', { name: /Mathematik/ })).toHaveAttribute('aria-pressed', 'false');

    const strengths = screen.getByTestId('strengths');
    expect(within(strengths).getByText('Aufgabe 1: Inhalt')).toBeInTheDocument();
    expect(within(strengths).getByText('90 %')).toBeInTheDocument();
    expect(within(strengths).getByText('9 von 10 Punkten in „Erörterung“')).toBeInTheDocument();
    const weaknesses = screen.getByTestId('weaknesses');
    expect(within(weaknesses).getByText('Rechtschreibung')).toBeInTheDocument();
    expect(within(weaknesses).getByText('Übe die Schreibung von „wiederum“.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Mathematik/ }));
    expect(screen.getByRole('button', { name: /Mathematik/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(t.noStrengths)).toBeInTheDocument();
    expect(screen.getByText(t.noWeaknesses)).toBeInTheDocument();

    // the stats: German percent, the grade, minutes, the next test with its German date
    expect(screen.getAllByText('72,5 %').length).toBeGreaterThan(0);
    expect(screen.getByText('2-')).toBeInTheDocument();
    expect(screen.getByText(t.minutes(12))).toBeInTheDocument();
    expect(screen.getByText('03.12.2026 · Deutsch 8a')).toBeInTheDocument();
  });

  it('on the free plan, explanations and the chat name Premium Student instead of a tool the server refuses', async () => {
    stubFetch({ ...session, 'GET /api/learning-assistant': () => json(overview) });
    renderScreen(<LearningAssistantScreen plan="free" />);
    await screen.findByRole('tab', { name: t.toolExplain });
    const hint = planMessages.featureNotInPlan('learningFeedback', 'premium_student', 'student');
    openTab(t.toolExplain);
    expect(await screen.findAllByText(hint, { exact: false })).not.toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'Tarife ansehen' })[0]).toHaveAttribute(
      'href',
      '/pricing?plan=premium_student',
    );
    // practice stays hers on every plan
    openTab(t.toolPractice);
    expect(screen.getByRole('button', { name: t.practiceStart })).toBeInTheDocument();
  });

  it('practises: defaults 3 and Mittel, limits 1..10, the four item types, the answers’ encoding and the check', async () => {
    const requests: unknown[] = [];
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () => json(overview),
      'POST /api/learning-assistant/practice': (init) => {
        requests.push(bodyOf(init));
        return json(practice);
      },
      [`POST /api/learning-assistant/practice/${sessionId}/answers`]: (init) => {
        requests.push(bodyOf(init));
        return json(check);
      },
    });
    const user = userEvent.setup();
    renderScreen(<LearningAssistantScreen />);
    const count = await screen.findByRole('combobox', { name: t.practiceCount });
    expect(count).toHaveValue('3');
    const options = within(count)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const difficulty = screen.getByRole('group', { name: t.practiceDifficulty });
    expect(within(difficulty).getByRole('radio', { name: 'Mittel' })).toBeChecked();
    expect(within(difficulty).getAllByRole('radio')).toHaveLength(3);

    await user.selectOptions(count, '5');
    await user.click(within(difficulty).getByRole('radio', { name: 'Schwer' }));
    await user.click(screen.getByRole('button', { name: t.practiceStart }));
    await screen.findByText(t.practiceFromTemplates);
    expect(requests[0]).toEqual({ subject: 'Deutsch', count: 5, difficulty: 'schwer' });

    expect(screen.getAllByTestId('practice-item')).toHaveLength(4);
    expect(screen.getByText('Übt: Rechtschreibung – „wiederum“')).toBeInTheDocument();
    // multiple choice: a radio group of the options
    const mc = screen.getByRole('group', { name: 'Wie schreibt man es richtig?' });
    await user.click(within(mc).getByRole('radio', { name: 'wiederum' }));
    // cloze: an input per [..]
    await user.type(screen.getByRole('textbox', { name: s.blank(1) }), 'wieder');
    await user.type(screen.getByRole('textbox', { name: s.blank(2) }), 'a|b');
    // matching: a select of the right entries per left entry
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hund' }), 'bellt');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Katze' }), 'miaut');
    // open: a textarea
    await user.type(screen.getByRole('textbox', { name: 'Erkläre die Regel.' }), 'Mit einem e.');

    await user.click(screen.getByRole('button', { name: t.practiceCheck }));
    await screen.findByTestId('practice-total');
    expect(requests[1]).toEqual({
      answers: [
        { itemId: 'i1', answer: 'b' },
        // a '|' typed into a blank would shift the next blanks: it becomes a space
        { itemId: 'i2', answer: 'wieder|a b' },
        { itemId: 'i3', answer: 'bellt|miaut' },
        { itemId: 'i4', answer: 'Mit einem e.' },
      ],
    });
    expect(screen.getByTestId('practice-total')).toHaveTextContent(t.practiceScore('4', '6,5'));
    const results = screen.getAllByTestId('practice-result');
    expect(results).toHaveLength(4);
    expect(within(results[0]!).getByText(t.correct)).toBeInTheDocument();
    expect(within(results[1]!).getByText(t.incorrect)).toBeInTheDocument();
    expect(within(results[1]!).getByText('Eine Lücke fehlt.')).toBeInTheDocument();
    expect(within(results[1]!).getByText(t.practiceScore('1', '2'))).toBeInTheDocument();
    // a cloze solution per blank, not as the answer key's 'wieder|wie'
    expect(within(results[1]!).getByText('(1) wieder (2) wie')).toBeInTheDocument();
    expect(within(results[3]!).getByText('Die Regel …')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.practiceAgain }));
    expect(screen.getByRole('button', { name: t.practiceStart })).toBeInTheDocument();
  });

  it('shows the server’s message when no practice can be made', async () => {
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () => json(overview),
      'POST /api/learning-assistant/practice': () =>
        json({ error: { code: 'no-material', message: t.practiceNoMaterial } }, 409),
    });
    renderScreen(<LearningAssistantScreen />);
    fireEvent.click(await screen.findByRole('button', { name: t.practiceStart }));
    expect(await screen.findByText(t.practiceNoMaterial)).toBeInTheDocument();
  });

  it('explains one of her mistakes with its correct form and a tip', async () => {
    const requests: unknown[] = [];
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () => json(overview),
      'POST /api/learning-assistant/explain': (init) => {
        requests.push(bodyOf(init));
        return json({
          mistakeId: `${analysisId}:0:0:0`,
          explanation: '„wiederum“ schreibt man mit einem e.',
          correctForm: 'wiederum',
          tip: 'Denk an „wieder“ ohne doppeltes r.',
          source: 'templates',
        });
      },
    });
    renderScreen(<LearningAssistantScreen />);
    await screen.findByRole('tab', { name: t.toolExplain });
    openTab(t.toolExplain);
    const pick = screen.getByRole('combobox', { name: t.explainPick });
    expect(
      within(pick).getByRole('option', { name: 'Rechtschreibung – „wiederrum“ (Erörterung)' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.explainButton }));
    const explanation = await screen.findByTestId('explanation');
    expect(requests[0]).toEqual({ mistakeId: `${analysisId}:0:0:0` });
    expect(within(explanation).getByText('„wiederum“ schreibt man mit einem e.')).toBeInTheDocument();
    expect(within(explanation).getByText(`${t.explainCorrectForm}:`)).toBeInTheDocument();
    expect(within(explanation).getByText('wiederum')).toBeInTheDocument();
    expect(within(explanation).getByText('Denk an „wieder“ ohne doppeltes r.')).toBeInTheDocument();
  });

  it('says so when she has no mistake to explain', async () => {
    stubFetch({ ...session, 'GET /api/learning-assistant': () => json({ ...overview, mistakes: [] }) });
    renderScreen(<LearningAssistantScreen />);
    await screen.findByRole('tab', { name: t.toolExplain });
    openTab(t.toolExplain);
    expect(screen.getByText(t.explainNone)).toBeInTheDocument();
  });

  it('chats: sends the whole conversation, shows the disclosure by the reply’s source, keeps a failed message', async () => {
    const requests: unknown[] = [];
    let fail = false;
    stubFetch({
      ...session,
      'GET /api/learning-assistant': () => json(overview),
      'POST /api/learning-assistant/chat': (init) => {
        requests.push(bodyOf(init));
        if (fail) return json({ error: { code: 'x', message: 'Kaputt.' } }, 502);
        return json({ reply: `Antwort ${requests.length}`, source: 'templates' });
      },
    });
    const user = userEvent.setup();
    renderScreen(<LearningAssistantScreen />);
    await screen.findByRole('tab', { name: t.toolChat });
    openTab(t.toolChat);
    expect(screen.getByText(t.chatDisclosure)).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');

    const input = screen.getByRole('textbox', { name: s.chatInput });
    await user.type(input, 'Was soll ich üben?');
    await user.click(screen.getByRole('button', { name: t.chatSend }));
    expect(await within(log).findByText('Antwort 1')).toBeInTheDocument();
    expect(requests[0]).toEqual({
      messages: [{ role: 'user', content: 'Was soll ich üben?' }],
      subject: 'Deutsch',
    });
    expect(screen.getByText(t.chatDisclosureBuiltin)).toBeInTheDocument();
    expect(input).toHaveValue('');

    await user.type(input, 'Und dann?');
    await user.click(screen.getByRole('button', { name: t.chatSend }));
    expect(await within(log).findByText('Antwort 2')).toBeInTheDocument();
    expect(requests[1]).toEqual({
      messages: [
        { role: 'user', content: 'Was soll ich üben?' },
        { role: 'assistant', content: 'Antwort 1' },
        { role: 'user', content: 'Und dann?' },
      ],
      subject: 'Deutsch',
    });

    fail = true;
    await user.type(input, 'Noch etwas');
    await user.click(screen.getByRole('button', { name: t.chatSend }));
    expect(await screen.findByText(t.chatFailed)).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue('Noch etwas'));
    expect(within(log).queryByText('Noch etwas')).not.toBeInTheDocument();
  });
});
