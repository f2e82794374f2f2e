import { describe, expect, it } from 'vitest';
import { chatMessages, type AnalysisResult, type GradingError } from '@korrigo/domain';
import { answerFromResult, builtinCompanion, quoteInContext } from './builtin-companion';
import { findTaskRef } from './result-lookup';

const studentText = [
  'Aufgabe 1: 3/4 + 1/4 = 5/4',
  'Aufgabe 2: Beim Kürzen teilt man Zähler und Nenner. Das ist voll einfach.',
  'Aufgabe 3: Der Bruch wird grösser.',
].join('\n');

function at(quoted: string): GradingError['location'] {
  const start = studentText.indexOf(quoted);
  return { type: 'text', start, end: start + quoted.length, quoted_text: quoted };
}

function error(overrides: Partial<GradingError>): GradingError {
  return {
    title: 'Fehler',
    point_deduction: 0,
    details: '',
    suggestion: '',
    severity: 'moderate',
    message: '',
    location: null,
    ...overrides,
  };
}

/** A result as the engines write it: three tasks, deductions with located errors, rubrics and competencies. */
const result: AnalysisResult = {
  title: 'Bruchrechnung',
  grade: '4-',
  achieved_points: 5.5,
  total_points: 10,
  metadata: { subject: 'Mathematik', student_name: 'Mia', grade_level: '6. Klasse', date: '2026-03-01' },
  tasks: [
    {
      title: 'Aufgabe 1',
      achieved_points: 1,
      max_points: 3,
      overall_feedback: 'Die Summe ist falsch berechnet.',
      subtasks: [
        {
          subtask_label: '1',
          description: 'Addiere 3/4 + 1/4.',
          achieved_points: 1,
          max_points: 3,
          feedback: 'Der Ansatz stimmt, das Ergebnis nicht.',
          improvement_suggestion: 'Zähler addieren, Nenner beibehalten.',
          errors: [
            error({
              title: 'Rechenfehler',
              point_deduction: 2,
              message: 'Falsches Ergebnis: 5/4 statt 1',
              details: '3/4 + 1/4 = 4/4 = 1.',
              suggestion: '1',
              severity: 'severe',
              location: at('5/4'),
              category: 'maths',
            }),
          ],
        },
      ],
    },
    {
      title: 'Aufgabe 2: Beim Kürzen teilt man Zähler und Nenner. Das ist voll einfach.',
      achieved_points: 2.5,
      max_points: 4,
      overall_feedback: '2,5 von 4 Punkten.',
      subtasks: [
        {
          subtask_label: '2a',
          description: 'Erkläre das Kürzen.',
          achieved_points: 2,
          max_points: 2,
          feedback: 'Richtig erklärt.',
          improvement_suggestion: '',
          errors: [
            error({
              title: 'Umgangssprache',
              message: '„voll“ ist umgangssprachlich.',
              suggestion: 'sehr',
              severity: 'improvement',
              location: at('voll'),
              category: 'style',
            }),
          ],
        },
        {
          subtask_label: '2b',
          description: 'Was bleibt beim Kürzen gleich?',
          achieved_points: 0.5,
          max_points: 2,
          feedback: 'Dass der Wert gleich bleibt, fehlt.',
          improvement_suggestion: 'Den Wert des Bruchs nennen.',
          errors: [],
        },
      ],
    },
    {
      title: 'Aufgabe 3',
      achieved_points: 2,
      max_points: 3,
      overall_feedback: '',
      subtasks: [
        {
          subtask_label: '3',
          description: 'Was passiert beim Erweitern?',
          achieved_points: 2,
          max_points: 3,
          feedback: 'Teilweise richtig.',
          improvement_suggestion: '',
          errors: [
            error({
              title: 'Rechtschreibfehler',
              point_deduction: 1,
              message: '„grösser“ ist falsch geschrieben.',
              suggestion: 'größer',
              severity: 'minor',
              location: at('grösser'),
              category: 'spelling',
            }),
          ],
        },
      ],
    },
  ],
  overall_feedback: 'Solide Grundlagen, aber Fehler beim Addieren.',
  strengths: ['Das Kürzen ist richtig erklärt.'],
  weaknesses: ['Addition von Brüchen unsicher.'],
  general_improvement_suggestions: ['Brüche mit gleichem Nenner addieren üben.'],
  evaluation_criteria: {
    rubrics: [{ criterion_name: 'Inhalt', score: 0.55, description: '5,5 von 10', weight: 0.5 }],
    competencies: [
      { competency: 'Rechenfertigkeit', level: 'noch unsicher', description: 'Addition fehlerhaft.' },
      { competency: 'Fachwissen', level: 'sicher', description: 'Kürzen verstanden.' },
    ],
  },
  engine: 'builtin',
  engine_version: 'test',
  status: 'suggested',
  review_flags: [],
};

const ask = (question: string, history: { role: 'user' | 'assistant'; content: string }[] = []) =>
  answerFromResult({ result, studentText, question, history });

describe('builtin chat companion', () => {
  it('explains why points were lost in a task, quoting the error and the passage', () => {
    const answer = ask('Warum wurden in Aufgabe 1 Punkte abgezogen?');
    expect(answer).toContain('Aufgabe 1: 1 von 3 Punkten, also 2 Punkte Abzug.');
    expect(answer).toContain('Rechenfehler (−2 Punkte): Falsches Ergebnis: 5/4 statt 1');
    expect(answer).toContain('Stelle in der Arbeit: „Aufgabe 1: 3/4 + 1/4 = 5/4“');
    expect(answer).toContain('Verbesserung: 1');
    expect(answer).toContain('Vorschlag zur Verbesserung: Zähler addieren, Nenner beibehalten.');
    expect(answer).toContain('Rückmeldung im Ergebnis: „Die Summe ist falsch berechnet.“');
    expect(answer).not.toContain('Aufgabe 3');
  });

  it('names lost points that no single error explains with the feedback, per subtask', () => {
    const answer = ask('Was ist in Aufgabe 2 schiefgelaufen?');
    expect(answer).toContain('Aufgabe 2: 2,5 von 4 Punkten, also 1,5 Punkte Abzug.');
    expect(answer).toContain('Teilaufgabe 2b (Was bleibt beim Kürzen gleich?): 0,5 von 2 Punkten');
    expect(answer).toContain('Die Rückmeldung dazu: „Dass der Wert gleich bleibt, fehlt.“');
    expect(answer).toContain('Hinweise ohne Punktabzug:');
    // the task's feedback only repeats its points: not quoted a second time
    expect(answer).not.toContain('„2,5 von 4 Punkten.“');
  });

  it('finds a subtask by its letter and a task by an ordinal or as the last one', () => {
    const answer = ask('Und in Aufgabe 2b?');
    expect(answer).toContain('Teilaufgabe 2b');
    expect(answer).not.toContain('Teilaufgabe 2a');
    expect(ask('Was war bei der dritten Aufgabe los?')).toContain('Aufgabe 3: 2 von 3 Punkten');
    expect(ask('Erkläre die letzte Aufgabe')).toContain('Aufgabe 3: 2 von 3 Punkten');
    expect(findTaskRef('Nr. 4')).toEqual({ number: 4 });
    expect(findTaskRef('aufgabe zwei')).toEqual({ number: 2 });
    expect(findTaskRef('Wie viele Punkte gab es?')).toBeNull();
  });

  it('says so when the task asked about does not exist, and lists the tasks there are', () => {
    const answer = ask('Warum Abzug in Aufgabe 7?');
    expect(answer).toContain('Im Ergebnis gibt es Aufgabe 7 nicht.');
    expect(answer).toContain('• Aufgabe 1 (1 von 3 Punkten)');
    expect(answer).toContain('• Aufgabe 3 (2 von 3 Punkten)');
  });

  it('explains how the grade came about from points, percent and the grade scale', () => {
    const answer = ask('Wie kam die Note zustande?');
    expect(answer).toContain('Die Note 4- ergibt sich aus 5,5 von 10 Punkten (55 %).');
    expect(answer).toContain(
      'Nach dem Notenschlüssel „Standard“ gibt es die 4- ab 50 %; für die 4 wären 56 % nötig',
    );
    expect(answer).toContain('also 5,6 von 10 Punkten');
    expect(answer).toContain('• Aufgabe 1 – Rechenfehler (−2 Punkte)');
  });

  it('explains what an error means and how to fix it, by its name or the quoted word', () => {
    const answer = ask('Was bedeutet der Rechenfehler?');
    expect(answer).toContain('„Rechenfehler“ in Aufgabe 1');
    expect(answer).toContain('Bedeutung im Ergebnis: 3/4 + 1/4 = 4/4 = 1.');
    expect(answer).toContain('Stelle: „Aufgabe 1: 3/4 + 1/4 = 5/4“ → Verbesserung: 1');
    expect(answer).toContain('So lässt es sich vermeiden: Jeden Rechenschritt mit einer Probe');
    expect(answer).toContain('Abzug dafür: 2 Punkte.');

    const byWord = ask('Was ist an „grösser“ falsch?');
    expect(byWord).toContain('„Rechtschreibfehler“ in Aufgabe 3');
    expect(byWord).toContain('→ Verbesserung: größer');

    const byKind = ask('Was heißt der Hinweis zum Ausdruck?');
    expect(byKind).toContain('„Umgangssprache“ in Aufgabe 2');
    expect(byKind).toContain('Dafür wurden keine Punkte abgezogen.');
  });

  it('says honestly that an error asked about is not in the result', () => {
    const answer = ask('Was bedeutet der Kommafehler?');
    expect(answer).toMatch(/^Einen Fehler „Kommafehler“ verzeichnet das Ergebnis nicht\./);
    expect(answer).toContain('Rechenfehler (−2 Punkte)');
  });

  it('says what to practise from suggestions, error kinds and weak competencies', () => {
    const answer = ask('Was sollte Mia üben?');
    expect(answer).toContain('• Brüche mit gleichem Nenner addieren üben.');
    expect(answer).toContain('• Zähler addieren, Nenner beibehalten.');
    expect(answer).toContain('Häufigste Fehlerarten:');
    expect(answer).toContain('• Rechenfertigkeit (noch unsicher): Addition fehlerhaft.');
    expect(answer).not.toContain('Fachwissen (sicher)');
  });

  it('lists every deduction by task for a general question about lost points', () => {
    const answer = ask('Wo wurden Punkte abgezogen?');
    expect(answer).toContain('Aufgabe 1 (1 von 3 Punkten):');
    expect(answer).toContain('• Rechenfehler (−2 Punkte)');
    expect(answer).toContain('• Umgangssprache (ohne Abzug)');
    expect(answer).toContain('• Rechtschreibfehler (−1 Punkt)');
  });

  it('answers strengths and a summary from the result', () => {
    expect(ask('Was war gut?')).toContain('• Das Kürzen ist richtig erklärt.');
    expect(ask('Was war gut?')).toContain('Sicher: Fachwissen.');
    const summary = ask('Fasse das Ergebnis zusammen');
    expect(summary).toContain('„Solide Grundlagen, aber Fehler beim Addieren.“');
    expect(summary).toContain('Stand: Note 4-, 5,5 von 10 Punkten.');
  });

  it('keeps the task of an earlier question for a follow-up', () => {
    const history = [
      { role: 'user' as const, content: 'Warum Abzug in Aufgabe 3?' },
      { role: 'assistant' as const, content: '…' },
    ];
    expect(ask('Und was bedeutet der Fehler dort?', history)).toContain('Aufgabe 3: 2 von 3 Punkten');
  });

  it('never offers to change the grade', () => {
    for (const question of [
      'Kannst du die Note auf 2 ändern?',
      'Gib ihr bitte volle Punkte',
      'Erhöhe die Punkte in Aufgabe 1',
    ]) {
      const answer = ask(question);
      expect(answer, question).toMatch(/^Ich kann die Bewertung nicht ändern/);
    }
    // a question about improving is no request to change anything
    expect(ask('Wie kann sie ihre Note verbessern?')).toContain('Laut Ergebnis lohnt es sich');
  });

  it('says honestly when it cannot answer, with examples from this result', () => {
    const answer = ask('Wie wird das Wetter morgen?');
    expect(answer).toMatch(/^Darauf kann ich keine verlässliche Antwort geben\./);
    expect(answer).toContain('„Was bedeutet der Fehler „Rechenfehler“?“');
  });

  it('explains a result without points: the teacher sets them', () => {
    const open: AnalysisResult = {
      ...result,
      grade: null,
      achieved_points: null,
      total_points: null,
      tasks: result.tasks.map((task) => ({
        ...task,
        achieved_points: null,
        max_points: null,
        subtasks: task.subtasks.map((subtask) => ({ ...subtask, achieved_points: null, max_points: null })),
      })),
      review_flags: [{ code: 'no_answer_key', message: 'Ohne Erwartungshorizont …' }],
    };
    const grade = answerFromResult({ result: open, studentText, question: 'Welche Note?' });
    expect(grade).toContain('Dieses Ergebnis hat noch keine Note.');
    expect(grade).toContain('• Ohne Erwartungshorizont …');
    // the question the panel suggests for a result without a grade gets the same answer
    expect(
      answerFromResult({ result: open, studentText, question: chatMessages.suggestionsWithoutGrade[0]! }),
    ).toBe(grade);
    const task = answerFromResult({ result: open, studentText, question: 'Aufgabe 1?' });
    expect(task).toContain('Für Aufgabe 1 vergibt das Ergebnis keine Punkte');
  });

  it('quotes the passage with whole words around it, or the quote alone when the offsets do not fit', () => {
    const located = error({ location: at('voll') });
    expect(quoteInContext(studentText, located)).toBe('„…man Zähler und Nenner. Das ist voll einfach.“');
    const moved = error({ location: { type: 'text', start: 0, end: 4, quoted_text: 'voll' } });
    expect(quoteInContext(studentText, moved)).toBe('„voll“');
    expect(quoteInContext(studentText, error({}))).toBeNull();
  });

  it('yields its whole answer as one piece through the Companion interface', async () => {
    const pieces: string[] = [];
    for await (const piece of builtinCompanion.reply({ result, studentText, question: 'Note?' })) {
      pieces.push(piece);
    }
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toBe(ask('Note?'));
  });
});
