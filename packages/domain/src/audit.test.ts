import { describe, expect, it } from 'vitest';
import { auditDateTime, auditEventDetails, auditFiguresText, describeChange, quotedText } from './audit';

const names = {
  tasks: [
    { title: 'Brüche', subtasks: [{ subtask_label: 'a' }, { subtask_label: 'b' }] },
    { title: '', subtasks: [] },
  ],
};

const error = {
  title: 'Kommafehler',
  point_deduction: 1,
  details: '',
  suggestion: '',
  severity: 'minor',
  message: '',
  location: null,
};

describe('[AUDIT] describeChange', () => {
  it('names the teacher’s check of the alignment, and nothing when there was none to check', () => {
    expect(describeChange({ type: 'confirm_alignment', before: 'nicht sicher zugeordnet' })).toEqual([
      { what: 'Zuordnung der Antworten geprüft', from: null, to: null },
    ]);
    expect(describeChange({ type: 'confirm_alignment', before: null })).toEqual([]);
  });

  it('names the points of a subtask with the values before and after', () => {
    expect(
      describeChange({ type: 'set_points', taskIndex: 0, subtaskIndex: 1, points: 2.5, before: 4 }, names),
    ).toEqual([{ what: 'Aufgabe 1 „Brüche“, Teilaufgabe b: Punkte', from: '4 Punkte', to: '2,5 Punkte' }]);
  });

  it('names a task without subtasks by number, and a maximum set with the points', () => {
    expect(
      describeChange({ type: 'set_points', taskIndex: 1, points: 1, maxPoints: 3, before: null }, names),
    ).toEqual([{ what: 'Aufgabe 2: Punkte', from: '–', to: '1 Punkt von 3' }]);
  });

  it('leaves out a task title that only repeats its number', () => {
    const [entry] = describeChange(
      { type: 'set_points', taskIndex: 0, points: 1, before: 2 },
      { tasks: [{ title: 'Aufgabe 1:', subtasks: [] }] },
    );
    expect(entry!.what).toBe('Aufgabe 1: Punkte');
  });

  it('does not put the label twice before a title that starts with it (issue 34 §8)', () => {
    const named = (title: string, taskIndex = 1) =>
      describeChange(
        { type: 'set_points', taskIndex, points: 1, before: 2 },
        {
          tasks: [
            { title: 'Aufgabe 1', subtasks: [] },
            { title, subtasks: [] },
          ],
        },
      )[0]!.what;
    expect(named('Aufgabe 2 Brüche kürzen')).toBe('Aufgabe 2 „Brüche kürzen“: Punkte');
    expect(named('Aufgabe 2: Brüche kürzen')).toBe('Aufgabe 2 „Brüche kürzen“: Punkte');
    expect(named('Aufgabe 2b – Kürzen')).toBe('Aufgabe 2b „Kürzen“: Punkte');
    // the paper's own numbering wins over the position
    expect(named('Aufgabe 3: Erweitern')).toBe('Aufgabe 3 „Erweitern“: Punkte');
    expect(named('Aufgaben zum Kürzen')).toBe('Aufgabe 2 „Aufgaben zum Kürzen“: Punkte');
  });

  it('counts a group change for one paper in the singular (issue 34 §8)', () => {
    const [entry] = describeChange({
      type: 'set_points',
      taskIndex: 0,
      points: 1,
      before: 2,
      group: { classEvaluationId: 'x', papers: 1 },
    });
    expect(entry!.what).toBe('Aufgabe 1: Punkte (gemeinsam für 1 Arbeit der Klassenarbeit)');
  });

  it('falls back to numbers without the result', () => {
    expect(
      describeChange({ type: 'set_points', taskIndex: 2, subtaskIndex: 0, points: 0, before: 1 }),
    ).toEqual([{ what: 'Aufgabe 3, Teilaufgabe 1: Punkte', from: '1 Punkt', to: '0 Punkte' }]);
  });

  it('quotes the whole texts of a feedback change and marks an empty one', () => {
    const long = 'Sehr gut gegliedert. '.repeat(10);
    const [overall] = describeChange({ type: 'set_feedback', target: 'overall', text: long, before: '' });
    expect(overall!.what).toBe('Gesamtrückmeldung');
    expect(overall!.from).toBe('(leer)');
    expect(overall!.to).toBe(`„${long.trim()}“`);
    const [task] = describeChange(
      { type: 'set_feedback', target: 'subtask', taskIndex: 0, subtaskIndex: 0, text: 'Neu', before: 'Alt' },
      names,
    );
    expect(task).toEqual({
      what: 'Aufgabe 1 „Brüche“, Teilaufgabe a: Rückmeldung',
      from: '„Alt“',
      to: '„Neu“',
    });
  });

  it('names an added error with its title, and the points it moved', () => {
    expect(
      describeChange(
        {
          type: 'add_error',
          taskIndex: 0,
          subtaskIndex: 0,
          error,
          before: null,
          points: { before: 3, after: 2 },
        },
        names,
      ),
    ).toEqual([
      {
        what: 'Aufgabe 1 „Brüche“, Teilaufgabe a: Fehler „Kommafehler“ hinzugefügt, Abzug 1 Punkt; Punkte',
        from: '3 Punkte',
        to: '2 Punkte',
      },
    ]);
    expect(
      describeChange({
        type: 'add_error',
        taskIndex: 0,
        subtaskIndex: 0,
        error: { ...error, point_deduction: 0 },
      }),
    ).toEqual([{ what: 'Aufgabe 1, Teilaufgabe 1: Fehler „Kommafehler“ hinzugefügt', from: null, to: null }]);
  });

  it('names a removed error by the error it replaced', () => {
    expect(
      describeChange(
        { type: 'dismiss_error', taskIndex: 0, subtaskIndex: 1, errorIndex: 0, before: error },
        names,
      ),
    ).toEqual([
      {
        what: 'Aufgabe 1 „Brüche“, Teilaufgabe b: Fehler „Kommafehler“ entfernt, Abzug 1 Punkt',
        from: null,
        to: null,
      },
    ]);
  });

  it('lists each detail of a history edit, grade and points included', () => {
    expect(
      describeChange({
        type: 'edit_details',
        grade: '2',
        achieved_points: 17,
        before: { grade: '3+', achieved_points: 15 },
      }),
    ).toEqual([
      { what: 'Note', from: '3+', to: '2' },
      { what: 'Erreichte Punkte', from: '15 Punkte', to: '17 Punkte' },
    ]);
  });

  it("says a class set's group change was made for several papers", () => {
    const [entry] = describeChange({
      type: 'set_points',
      taskIndex: 0,
      points: 1,
      before: 2,
      group: { classEvaluationId: 'x', papers: 5 },
    });
    expect(entry!.what).toBe('Aufgabe 1: Punkte (gemeinsam für 5 Arbeiten der Klassenarbeit)');
  });

  it('makes no change of a confirmation or a reopening (they are events of their own)', () => {
    expect(describeChange({ type: 'confirm' })).toEqual([]);
    // nor of a value sent twice; a text that differs only after the shortening still counts
    expect(describeChange({ type: 'set_points', taskIndex: 0, points: 2, before: 2 })).toEqual([]);
    expect(describeChange({ type: 'set_feedback', target: 'overall', text: 'Gut.', before: 'Gut.' })).toEqual(
      [],
    );
    const long = 'x'.repeat(100);
    expect(
      describeChange({ type: 'set_feedback', target: 'overall', text: `${long}a`, before: `${long}b` }),
    ).toHaveLength(1);
    expect(describeChange({ type: 'reopen', before: {}, after: {} })).toEqual([]);
  });

  it('reads an unknown shape neutrally with its field names, never crashing', () => {
    expect(describeChange({ type: 'rotate_page', page: 2, before: 0 })).toEqual([
      { what: 'Bewertung geändert', from: null, to: 'Felder: page' },
    ]);
    expect(describeChange({})).toEqual([{ what: 'Bewertung geändert', from: null, to: null }]);
    expect(describeChange({ type: 'set_points', taskIndex: 'x', points: 'y' })).toEqual([
      { what: 'Gesamt: Punkte', from: '–', to: '–' },
    ]);
    expect(describeChange({ type: 'edit_details', before: null })).toEqual([
      { what: 'Bewertung geändert', from: null, to: 'edit_details' },
    ]);
  });
});

describe('[AUDIT] texts of the trail', () => {
  it('writes time in German time with seconds', () => {
    expect(auditDateTime('2026-11-25T13:03:12.000Z')).toBe('25.11.2026, 14:03:12 Uhr');
    expect(auditDateTime('2026-07-01T10:00:00.000Z')).toBe('01.07.2026, 12:00:00 Uhr');
  });

  it('writes the figures and the details of each event', () => {
    expect(auditFiguresText({ grade: '2-', achievedPoints: 15.5, totalPoints: 20 })).toBe(
      'Note 2-, 15,5 von 20 Punkten',
    );
    expect(auditFiguresText({ grade: null, achievedPoints: null, totalPoints: null })).toBe('Note –');
    const at = '2026-11-25T13:03:12.000Z';
    expect(
      auditEventDetails({
        kind: 'graded',
        at,
        engine: 'builtin',
        engineVersion: '1.4.0',
        model: null,
        outcome: 'success',
        durationMs: 1234,
      }),
    ).toBe('builtin 1.4.0: Vorschlag erstellt, Dauer 1,2 s');
    expect(
      auditEventDetails({
        kind: 'graded',
        at,
        engine: 'builtin',
        engineVersion: 'builtin-2.3.1',
        model: null,
        outcome: 'needs_review',
        durationMs: 12,
      }),
    ).toBe('builtin-2.3.1: Vorschlag erstellt, Prüfung empfohlen, Dauer 12 ms');
    expect(
      auditEventDetails({ kind: 'changed', at, by: 'Frau Weber', what: 'Note', from: '3', to: '2' }),
    ).toBe('Note – bisher: 3, neu: 2 (durch Frau Weber)');
    expect(
      auditEventDetails({
        kind: 'released',
        at,
        to: 'Lena Schmidt',
        type: 'Korrektur',
        by: 'Frau Weber',
        grade: '2',
        achievedPoints: 17.5,
        totalPoints: 20,
      }),
    ).toBe('an Lena Schmidt (Korrektur, Note 2, 17,5 von 20 Punkten) durch Frau Weber');
    expect(
      auditEventDetails({
        kind: 'release_updated',
        at,
        to: 'gelöschtes Konto',
        grade: '3+',
        achievedPoints: null,
        totalPoints: null,
      }),
    ).toBe('gelöschtes Konto erhält das neu bestätigte Ergebnis (Note 3+)');
    expect(quotedText(42)).toBe('(leer)');
  });
});
