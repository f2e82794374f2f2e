import { describe, expect, it } from 'vitest';
import { classEvaluationMessages, type AnalysisResult } from '@korrigo/domain';
import {
  overviewOf,
  pageOfAnswer,
  questionsOf,
  wholeGrade,
  type PaperResult,
} from './class-evaluations.overview';
import { asciiFileName, csvCell } from '../../platform/csv';
import { buildCsv } from './class-evaluations.csv';
import { notenlisteDocument, paperDocument, printDocument } from './class-evaluations.pdf';
import { sheetOf, type SheetPaper } from './class-evaluations.sheet';

const error = (title: string) => ({
  title,
  point_deduction: 0,
  details: '',
  suggestion: '',
  severity: 'minor',
  message: title,
  location: null,
});

/** A result of two tasks: task 1 with subtasks a and b (2 points each), task 2 without subtasks (4 points). */
function result(
  points: [number, number, number],
  grade: string | null,
  answers: [string | undefined, string | undefined, string | undefined],
  errors: string[] = [],
): AnalysisResult {
  const withAnswer = (answer: string | undefined) => (answer === undefined ? {} : { answer_text: answer });
  return {
    title: 'Test',
    grade,
    achieved_points: points[0] + points[1] + points[2],
    total_points: 8,
    metadata: { subject: 'Mathematik', student_name: '', grade_level: '', date: '' },
    tasks: [
      {
        title: 'Aufgabe 1',
        achieved_points: points[0] + points[1],
        max_points: 4,
        overall_feedback: '',
        subtasks: (['a', 'b'] as const).map((label, index) => ({
          subtask_label: label,
          description: '',
          achieved_points: points[index]!,
          max_points: 2,
          feedback: '',
          improvement_suggestion: '',
          errors: index === 0 ? errors.map(error) : [],
          ...withAnswer(answers[index]),
        })),
      },
      {
        title: 'Aufgabe 2',
        achieved_points: points[2],
        max_points: 4,
        overall_feedback: '',
        subtasks: [],
        ...withAnswer(answers[2]),
      },
    ],
    overall_feedback: '',
    strengths: ['Sauber gerechnet'],
    weaknesses: [],
    general_improvement_suggestions: [],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: 'test',
    status: 'suggested',
    review_flags: [],
  };
}

let counter = 0;
const paper = (name: string, r: AnalysisResult, confirmed = true): PaperResult => {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return { paperId: id, analysisId: id, studentName: name, confirmed, result: r };
};

describe('wholeGrade', () => {
  it('reads plus and minus, decimals and Notenpunkte as whole grades by the grade classes of spec 000 §9', () => {
    expect(
      ['1+', '1', '1-', '2-', '3+', '2,5', '2,6', '5-', '6', '11 Punkte (2)', '0 Punkte'].map(wholeGrade),
    ).toEqual([1, 1, 1, 2, 3, 2, 3, 5, 6, 2, 6]);
    expect(wholeGrade(null)).toBeNull();
    expect(wholeGrade('sehr gut')).toBeNull();
  });
});

describe('pageOfAnswer (issue 34 §7)', () => {
  const fileId = '00000000-0000-4000-8000-0000000000f1';
  const pages = [
    { fileId, pageIndex: 4, text: 'Name: Mia Kowalski\nAufgabe 1: 3 + 4 = 7' },
    { fileId, pageIndex: 5, text: 'Aufgabe 2: Der Winkel hat 180 Grad,\nweil die Gerade gestreckt ist.' },
  ];

  it('finds the page whose text holds the answer, however its lines and signs were read', () => {
    expect(pageOfAnswer('Der Winkel hat 180 Grad, weil die Gerade', pages)).toEqual({ fileId, pageIndex: 5 });
    expect(pageOfAnswer('3 + 4 = 7', pages)).toEqual({ fileId, pageIndex: 4 });
  });

  it('takes the page with most of its words when the teacher corrected the text, else the first page', () => {
    expect(pageOfAnswer('Ein gestreckter Winkel: 180 Grad', pages)).toEqual({ fileId, pageIndex: 5 });
    expect(pageOfAnswer('', pages)).toEqual({ fileId, pageIndex: 4 });
    expect(pageOfAnswer('nichts davon', pages)).toEqual({ fileId, pageIndex: 4 });
  });

  it('has no page for a paper without a scanned stack, and questionsOf passes it on', () => {
    expect(pageOfAnswer('3 + 4 = 7', [])).toBeNull();
    const graded = result([2, 2, 4], '1', ['3 + 4 = 7', 'b', 'Der Winkel hat 180 Grad']);
    const [first, , last] = questionsOf([{ ...paper('Mia', graded), pages }]);
    expect(first!.groups[0]!.answers[0]!.page).toEqual({ fileId, pageIndex: 4 });
    expect(last!.groups[0]!.answers[0]!.page).toEqual({ fileId, pageIndex: 5 });
    expect(questionsOf([paper('Ben', graded)])[0]!.groups[0]!.answers[0]!.page).toBeNull();
  });
});

describe('questionsOf', () => {
  it('labels a question by its task alone where the subtask label repeats it', () => {
    const single = result([2, 2, 4], '1', ['a', 'b', 'c']);
    single.tasks[0] = {
      ...single.tasks[0]!,
      subtasks: [{ ...single.tasks[0]!.subtasks[0]!, subtask_label: '1' }],
    };
    single.tasks[1] = {
      ...single.tasks[1]!,
      subtasks: ['2', 'b'].map((label) => ({ ...single.tasks[0]!.subtasks[0]!, subtask_label: label })),
    };
    expect(questionsOf([paper('Anna', single)]).map((q) => q.label)).toEqual([
      'Aufgabe 1',
      'Aufgabe 2',
      'Aufgabe 2 b',
    ]);
  });

  it('gives one question per subtask or task without subtasks, answers grouped, old results standing alone', () => {
    const papers = [
      paper('Anna', result([2, 1, 4], '1', ['x = 4', 'Weil 2·2 = 4.', 'Die Summe ist 10'])),
      paper('Ben', result([2, 0, 2], '3', ['X = 4.', '', 'Die Summe ist 10'])),
      paper('Cem', result([0, 2, 0], '5', ['x = 5', '', undefined]), false),
    ];
    const questions = questionsOf(papers);
    expect(questions.map((q) => [q.label, q.taskIndex, q.subtaskIndex, q.maxPoints, q.averageShare])).toEqual(
      [
        ['Aufgabe 1 a', 0, 0, 2, 0.67],
        ['Aufgabe 1 b', 0, 1, 2, 0.5],
        ['Aufgabe 2', 1, null, 4, 0.5],
      ],
    );
    const [a, b, task2] = questions;
    expect(a!.groups.map((g) => [g.kind, g.answers.map((x) => x.studentName)])).toEqual([
      ['identical', ['Anna', 'Ben']],
      ['single', ['Cem']],
    ]);
    expect(a!.groups[1]!.answers[0]).toMatchObject({ confirmed: false, points: 0 });
    // empty answers the engine kept are grouped, shown with the words for no answer
    expect(b!.groups[0]).toMatchObject({ kind: 'identical', answer: classEvaluationMessages.noAnswerText });
    expect(b!.groups[0]!.answers.map((x) => x.studentName)).toEqual(['Ben', 'Cem']);
    // a result without answer_text is never grouped with anything
    expect(task2!.groups.map((g) => [g.kind, g.answer, g.answers.length])).toEqual([
      ['identical', 'Die Summe ist 10', 2],
      ['single', classEvaluationMessages.noAnswerText, 1],
    ]);
  });
});

describe('overviewOf', () => {
  it('counts confirmed papers only: Notenspiegel, averages, weakest tasks, frequent errors, failing share', () => {
    const papers = [
      paper('Anna', result([2, 2, 4], '1', ['', '', ''], ['Vorzeichenfehler'])),
      paper('Ben', result([1, 0, 1], '5', ['', '', ''], ['Vorzeichenfehler', 'Einheit fehlt'])),
      paper('Cem', result([0, 0, 0], '6', ['', '', ''], ['Einheit fehlt', 'Vorzeichenfehler'])),
      paper('Dora', result([2, 2, 4], '1+', ['', '', '']), false),
    ];
    const overview = overviewOf(papers, 5, 1 / 3);
    expect(overview).toMatchObject({
      counted: 3,
      papers: 5,
      averageGrade: 4,
      averagePoints: 3.33,
      totalPoints: 8,
      failingShare: 0.67,
      failingShareThreshold: 1 / 3,
      exceedsThreshold: true,
    });
    expect(overview.gradeDistribution.map((entry) => entry.count)).toEqual([1, 0, 0, 0, 1, 1]);
    // task 1: (1 + 0.25 + 0) / 3 = 0.42; task 2: (1 + 0.25 + 0) / 3 = 0.42: both below one half
    expect(overview.tasks).toEqual([
      { taskIndex: 0, title: 'Aufgabe 1', averageShare: 0.42, weakest: true },
      { taskIndex: 1, title: 'Aufgabe 2', averageShare: 0.42, weakest: true },
    ]);
    expect(overview.frequentErrors).toEqual([
      { title: 'Vorzeichenfehler', count: 3 },
      { title: 'Einheit fehlt', count: 2 },
    ]);
  });

  it('leaves out the deductions the teacher overrode with her own points: counts and the pupil PDF (issue 33 §3)', () => {
    const overridden = (r: AnalysisResult) => {
      const unit = r.tasks[0]!.subtasks[0]!;
      unit.errors = unit.errors.map((e) => ({ ...e, point_deduction: 1, overridden: true }));
      return r;
    };
    const papers = [
      paper('Anna', overridden(result([2, 2, 4], '1', ['', '', ''], ['Aspekt fehlt']))),
      paper('Ben', result([1, 0, 1], '5', ['', '', ''], ['Vorzeichenfehler'])),
    ];
    expect(overviewOf(papers, 2, 1 / 3).frequentErrors).toEqual([{ title: 'Vorzeichenfehler', count: 1 }]);
    expect(questionsOf(papers)[0]!.groups.flatMap((g) => g.answers.flatMap((a) => a.errors))).toEqual([
      { title: 'Vorzeichenfehler', severity: 'minor' },
    ]);
    const doc = JSON.stringify(
      paperDocument(
        { testName: 'Brüche', courseName: 'Mathe 7b', date: new Date('2026-11-24T10:00:00Z') },
        { studentName: 'Anna', grade: '1' },
        papers[0]!.result,
        '',
      ),
    );
    expect(doc).not.toContain('Aspekt fehlt');
    expect(doc).not.toContain('Abzug');
  });

  it('marks no task weak when every task reaches one half, and no notice at exactly the threshold', () => {
    const papers = [
      paper('Anna', result([2, 2, 4], '1', ['', '', ''])),
      paper('Ben', result([1, 1, 2], '4', ['', '', ''])),
      paper('Cem', result([1, 1, 2], '5', ['', '', ''])),
    ];
    const overview = overviewOf(papers, 3, 1 / 3);
    expect(overview.tasks.every((task) => !task.weakest)).toBe(true);
    expect(overview.failingShare).toBe(0.33);
    expect(overview.exceedsThreshold).toBe(false);
  });

  it('has no figures before anything is confirmed', () => {
    const overview = overviewOf([paper('Anna', result([2, 2, 4], '1', ['', '', '']), false)], 1, 1 / 3);
    expect(overview).toMatchObject({
      counted: 0,
      averageGrade: null,
      averagePoints: null,
      failingShare: null,
      exceedsThreshold: false,
      tasks: [],
      frequentErrors: [],
    });
  });
});

describe('CSV', () => {
  it('defuses formulas and quotes what needs quoting', () => {
    expect(csvCell('=SUMME(A1:A9)')).toBe("'=SUMME(A1:A9)");
    expect(csvCell('+49 170')).toBe("'+49 170");
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('Müller; Anna')).toBe('"Müller; Anna"');
    expect(csvCell('Anna "Ann" B.')).toBe('"Anna ""Ann"" B."');
    expect(csvCell('Anna')).toBe('Anna');
  });

  const sheetPaper = (
    name: string,
    r: AnalysisResult | null,
    extra: Partial<SheetPaper> = {},
  ): SheetPaper => ({
    classStudentId: null,
    studentName: name,
    status: r ? 'done' : 'processing',
    reviewState: 'suggested',
    result: r,
    grade: r?.grade ?? null,
    achievedPoints: r?.achieved_points ?? null,
    totalPoints: r?.total_points ?? null,
    releasedAt: null,
    ...extra,
  });

  it('writes a BOM, the header, decimal commas, the points per task and absent pupils', () => {
    const anna = result([2, 0.5, 4], '3-', ['', '', '']);
    const sheet = sheetOf(
      [
        sheetPaper('Anna', anna, {
          classStudentId: 'anna',
          reviewState: 'confirmed',
          releasedAt: new Date('2026-11-24T10:00:00Z'),
        }),
        sheetPaper('Ben', null, { classStudentId: 'ben' }),
      ],
      [
        { id: 'anna', name: 'Anna' },
        { id: 'ben', name: 'Ben' },
        { id: 'cem', name: 'Cem' },
      ],
    );
    const [table, scale] = buildCsv(sheet).split('\r\n\r\n');
    expect(table).toBe(
      '\uFEFFName;Punkte;Maximalpunkte;Note;Bestätigt;Zurückgegeben;Aufgabe 1 (max. 4);Aufgabe 2 (max. 4)\r\n' +
        'Anna;6,5;8;3-;ja;ja (24.11.2026);2,5;4\r\n' +
        'Ben;;;nicht bewertet;nein;nein;;\r\n' +
        'Cem;;;abwesend;;;;',
    );
    // the default Notenschlüssel (the result names none), its limits in percent and in points of 8
    const lines = scale!.split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Notenschlüssel;Standard',
      'Note;ab Prozent;ab Punkten',
      '1+;ab 97 %;ab 7,76 P.',
    ]);
    expect(lines).toContain('4-;ab 50 %;ab 4 P.');
    expect(lines.at(-2)).toBe('6;ab 0 %;ab 0 P.');
    expect(buildCsv(sheet)).not.toContain('Schulleitung');
  });

  it("adds the lines for the head's approval when its notice is due", () => {
    const sheet = sheetOf([sheetPaper('Anna', result([0, 0, 0], '6', ['', '', '']))], []);
    const notice = classEvaluationMessages.failingShareNotice('100 %', '33 %');
    const lines = buildCsv(sheet, notice).split('\r\n');
    expect(lines.slice(-6)).toEqual([
      '',
      'Genehmigung durch die Schulleitung',
      notice,
      'Datum;',
      'Unterschrift der Schulleitung;',
      '',
    ]);
  });

  it('lists every pupil of the course: a pupil without a paper is absent whether or not the split named her', () => {
    const sheet = sheetOf(
      [sheetPaper('Anna', result([1, 1, 1], '5', ['', '', '']), { classStudentId: 'anna' })],
      [
        { id: 'anna', name: 'Anna' },
        { id: 'dora', name: 'Dora' },
      ],
    );
    expect(sheet.rows.map((row) => [row.name, row.absent])).toEqual([
      ['Anna', false],
      ['Dora', true],
    ]);
    expect(sheet.rows[1]!.taskPoints).toEqual([null, null]);
    // nothing graded yet: no task columns and no Notenschlüssel to name
    expect(sheetOf([sheetPaper('Anna', null)], [])).toMatchObject({
      tasks: [],
      scale: null,
      totalPoints: null,
    });
  });

  it('makes an ASCII file name of the test name', () => {
    expect(asciiFileName('Brüche & Kürzen – 7b', 'Klassensatz')).toBe('Brueche-Kuerzen-7b');
    expect(asciiFileName('Größe "Test"/../x', 'Klassensatz')).toBe('Groesse-Test-x');
    expect(asciiFileName('€€€', 'Klassensatz')).toBe('Klassensatz');
  });
});

describe('PDF documents', () => {
  const set = { testName: 'Brüche', courseName: 'Mathe 7b', date: new Date('2026-11-24T10:00:00Z') };

  it('puts the failing-share notice and the approval lines on the Notenliste only when the threshold is exceeded', () => {
    const papers = [paper('Anna', result([0, 0, 0], '6', ['', '', '']))];
    const sheet = sheetOf(
      [
        {
          classStudentId: 'anna',
          studentName: 'Anna',
          status: 'done',
          reviewState: 'confirmed',
          result: papers[0]!.result,
          grade: '6',
          achievedPoints: 0,
          totalPoints: 8,
          releasedAt: null,
        },
      ],
      [
        { id: 'anna', name: 'Anna' },
        { id: 'ben', name: 'Ben' },
      ],
    );
    const text = (threshold: number) =>
      JSON.stringify(notenlisteDocument(set, sheet, overviewOf(papers, 1, threshold)));
    expect(text(1 / 3)).toContain(classEvaluationMessages.failingShareNotice('100 %', '33 %'));
    expect(text(1 / 3)).toContain('Genehmigung durch die Schulleitung');
    expect(text(1 / 3)).toContain('Unterschrift der Schulleitung');
    expect(text(1)).not.toContain('Schulleitung');
    expect(text(1)).toContain('abwesend');
    expect(text(1)).toContain('24.11.2026');
    expect(text(1)).toContain('A2: Aufgabe 2 (max. 4 P.)');
    expect(text(1)).toContain('Notenschlüssel: Standard');
  });

  it('prints every pupil of the print file in a section of her own, her pages counted in its footer', () => {
    const r = result([1, 2, 3], '2-', ['', '', '']);
    type Section = { section: unknown[]; footer: (page: number) => { text: string } };
    const doc = printDocument(set, [
      { studentName: 'Anna', grade: '2-', result: r, studentText: 'A' },
      { studentName: 'Ben', grade: '2-', result: r, studentText: 'B' },
    ]) as { content: Section[] };
    expect(doc.content).toHaveLength(2);
    expect(JSON.stringify(doc.content[1]!.section)).toContain('Bewertete Arbeit: Ben');
    // Anna on pages 1 and 2, Ben from page 3: each counts from her own first page
    const [anna, ben] = doc.content;
    expect([anna!.footer(1).text, anna!.footer(2).text]).toEqual(['Anna – Seite 1', 'Anna – Seite 2']);
    expect([ben!.footer(3).text, ben!.footer(4).text]).toEqual(['Ben – Seite 1', 'Ben – Seite 2']);
  });

  it("lays out a student's work with points, errors, strengths and the text", () => {
    const r = result([1, 2, 3], '2-', ['', '', ''], ['Vorzeichenfehler']);
    const doc = JSON.stringify(paperDocument(set, { studentName: 'Anna', grade: '2-' }, r, 'Meine Lösung'));
    for (const part of [
      'Anna',
      'Note: 2-',
      '6 von 8 Punkten',
      'Vorzeichenfehler',
      'gering',
      'Sauber gerechnet',
      'Meine Lösung',
    ]) {
      expect(doc).toContain(part);
    }
    expect(doc).toContain('"pageSize":"A4"');
  });
});
