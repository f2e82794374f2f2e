import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGrade, type AnalyticsOverview, type QuestionAnalysis } from '@korrigo/domain';
import { extractText } from '@korrigo/grading';
import { classEvaluationPapers, classEvaluations } from '../src/db/schema';
import { seedTask } from '../src/modules/history/analysis-seed';
import { buildTestApp, databaseKinds, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildClass, buildCourse, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** Pearson's r, written out as in a statistics book, to check the database's corr() against. */
function pearson(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xi, i) => {
    sxy += (xi - mx) * (y[i]! - my);
    sxx += (xi - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe.each(databaseKinds)('[ANALYTICS] teacher analytics on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let stranger: User;
  let pupil: User;
  let schoolClass: Awaited<ReturnType<typeof buildClass>>;
  let course: Awaited<ReturnType<typeof buildCourse>>;
  let strangeClass: Awaited<ReturnType<typeof buildClass>>;
  let strangeCourse: Awaited<ReturnType<typeof buildCourse>>;
  let setId: string;
  let strangeSetId: string;

  const get = (user: User, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });
  async function overview(user: User, query: string): Promise<AnalyticsOverview> {
    const response = await get(user, `/api/analytics/overview?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => NOW });
    teacher = await createUser(t, { accountType: 'teacher' });
    stranger = await createUser(t, { accountType: 'teacher' });
    pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    schoolClass = await buildClass(t, { ownerId: teacher.id, name: '7a' });
    course = await buildCourse(t, {
      ownerId: teacher.id,
      schoolClass,
      name: 'Deutsch 7a',
      subject: 'Deutsch',
    });
    strangeClass = await buildClass(t, { ownerId: stranger.id, name: '9c' });
    strangeCourse = await buildCourse(t, { ownerId: stranger.id, schoolClass: strangeClass });
    const lena = schoolClass.students.find((s) => s.name === 'Lena Schmidt')!;
    const inClass = { classId: schoolClass.id, courseId: course.id, schoolId: schoolClass.schoolId };
    const spelling = { title: 'Rechtschreibfehler', category: 'spelling' };

    // Lena (roster entry): grades 4, 3, 2 at 70, 40 and 10 days ago: one grade better per 30 days. The
    // first paper has only her typed name in her class: it is hers all the same.
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: 'Deutsch',
      studentName: ' lena schmidt',
      grade: '4',
      achievedPoints: 8,
      totalPoints: 20,
      createdAt: daysAgo(70),
      row: inClass,
    });
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: 'Deutsch',
      grade: '3',
      achievedPoints: 12,
      totalPoints: 20,
      createdAt: daysAgo(40),
      tasks: [seedTask('Aufsatz', 12, 20, [spelling])],
      row: { ...inClass, classStudentId: lena.id },
    });
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: 'Deutsch',
      grade: '2',
      achievedPoints: 16,
      totalPoints: 20,
      createdAt: daysAgo(10),
      tasks: [
        seedTask('Aufsatz', 16, 20, [spelling, spelling, spelling, { title: 'Komma', category: 'grammar' }]),
      ],
      row: { ...inClass, classStudentId: lena.id },
    });
    // Ali by typed name only, written two ways: one pupil
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: 'Mathematik',
      studentName: 'Ali Demir',
      grade: '2-',
      achievedPoints: 15,
      totalPoints: 20,
      createdAt: daysAgo(5),
      tasks: [seedTask('Brüche', 15, 20, [spelling, { title: 'Ohne Art' }])],
      row: inClass,
    });
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: 'Deutsch',
      studentName: ' ali demir ',
      grade: '1',
      achievedPoints: 20,
      totalPoints: 20,
      createdAt: daysAgo(45),
      row: inClass,
    });
    // without class and subject; one without a grade value and without a name
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: '',
      studentName: 'Tom',
      grade: '5+',
      achievedPoints: 6,
      totalPoints: 20,
      createdAt: daysAgo(3),
    });
    await buildAnalysis(t, {
      ownerId: teacher.id,
      subject: 'Mathematik',
      studentName: '',
      grade: 'bestanden',
      achievedPoints: 10,
      totalPoints: 20,
      createdAt: daysAgo(2),
    });
    // not counted: a failed analysis, another teacher's
    await buildAnalysis(t, { ownerId: teacher.id, status: 'failed', createdAt: daysAgo(1) });
    await buildAnalysis(t, { ownerId: stranger.id, grade: '6', createdAt: daysAgo(1) });

    // a class set of 6 papers 100 days ago (outside the month): task 1 [2,4,6,8,10,10] of 10, task 2 of 10,
    // task 3 of 10 with no points on the first paper
    const [set] = await t.context.database.db
      .insert(classEvaluations)
      .values({
        userId: teacher.id,
        status: 'needs_review',
        testName: 'Klassenarbeit Optik',
        courseName: 'Physik 7a',
        options: {
          subject: 'Physik',
          gradeLevel: '7',
          depth: 'Auto',
          feedback: [],
          temperature: 0.1,
          customInstructions: '',
        },
        failingShareThreshold: 1 / 3,
        createdAt: daysAgo(100),
      })
      .returning();
    setId = set!.id;
    const task1 = [2, 4, 6, 8, 10, 10];
    const task2 = [5, 3, 8, 6, 9, 7];
    const task3 = [null, 1, 1, 1, 1, 1];
    for (let i = 0; i < 6; i += 1) {
      const achieved = task1[i]! + task2[i]! + (task3[i] ?? 0);
      const paper = await buildAnalysis(t, {
        ownerId: teacher.id,
        subject: 'Physik',
        studentName: `Kind ${i + 1}`,
        grade: String(1 + (i % 5)),
        achievedPoints: achieved,
        totalPoints: 30,
        createdAt: daysAgo(100),
        tasks: [
          seedTask(
            'Lichtbrechung',
            task1[i]!,
            10,
            i < 4 ? [{ title: 'Vorzeichenfehler', category: 'maths' }] : [],
          ),
          seedTask('Linsen', task2[i]!, 10, i < 2 ? [{ title: 'Einheit fehlt', category: 'maths' }] : []),
          seedTask('Spiegel', task3[i]!, 10),
        ],
      });
      // the first two papers also carry a second error in task 1
      if (i < 2) {
        await t.context.database.db.execute(sql`
          UPDATE analyses SET result = jsonb_set(result, '{tasks,0,subtasks,0,errors}',
            (result #> '{tasks,0,subtasks,0,errors}') || '[{"title":"Einheit fehlt","point_deduction":1,"details":"","suggestion":"","severity":"minor","message":"","location":null}]'::jsonb)
          WHERE id = ${paper.id}`);
      }
      await t.context.database.db
        .insert(classEvaluationPapers)
        .values({ evaluationId: setId, position: i, match: 'upload', analysisId: paper.id });
    }
    const [strangeSet] = await t.context.database.db
      .insert(classEvaluations)
      .values({
        userId: stranger.id,
        courseName: 'Fremd',
        options: {
          subject: 'Physik',
          gradeLevel: '7',
          depth: 'Auto',
          feedback: [],
          temperature: 0.1,
          customInstructions: '',
        },
        failingShareThreshold: 1 / 3,
      })
      .returning();
    strangeSetId = strangeSet!.id;
  }, 120_000);
  afterAll(() => t?.close());

  it('counts the current and the previous month of her graded analyses only', async () => {
    const month = await overview(teacher, 'timeframe=month');
    expect(month.from).toBe(daysAgo(30).toISOString());
    expect(month.previousFrom).toBe(daysAgo(60).toISOString());
    expect(month.stats.papers).toEqual({ current: 4, previous: 2 });
    // grades 2, 2-, 5+ and one without a value now; 3 and 1 before
    expect(month.stats.averageGrade).toEqual({ current: 3, previous: 2 });
    expect(month.stats.averageScore.current).toBeCloseTo((80 + 75 + 30 + 50) / 4, 1);
    expect(month.stats.averageScore.previous).toBeCloseTo(80, 5);
    expect(month.stats.hoursSaved).toEqual({ current: 1, previous: 0.5 });
  });

  it('distributes the grades per class and per subject by their whole number', async () => {
    const month = await overview(teacher, 'timeframe=month');
    expect(month.byClass).toEqual([
      { key: schoolClass.id, label: '7a', counts: [0, 2, 0, 0, 0, 0], papers: 2, averageGrade: 2.15 },
      { key: '', label: 'Ohne Klasse', counts: [0, 0, 0, 0, 1, 0], papers: 2, averageGrade: 4.7 },
    ]);
    expect(month.bySubject).toEqual([
      { key: 'Deutsch', label: 'Deutsch', counts: [0, 1, 0, 0, 0, 0], papers: 1, averageGrade: 2 },
      { key: 'Mathematik', label: 'Mathematik', counts: [0, 1, 0, 0, 0, 0], papers: 2, averageGrade: 2.3 },
      { key: '', label: 'Ohne Fach', counts: [0, 0, 0, 0, 1, 0], papers: 1, averageGrade: 4.7 },
    ]);
  });

  it("follows each pupil's grades with the least-squares trend per month", async () => {
    const quarter = await overview(teacher, 'timeframe=quarter');
    const lena = quarter.students.find((s) => s.name === 'Lena Schmidt')!;
    expect(lena).toMatchObject({ papers: 3, firstGrade: 4, lastGrade: 2, averageGrade: 3, groupName: '7a' });
    expect(lena.trendPerMonth).toBeCloseTo(-1, 5);
    expect(lena.points.map((p) => [p.grade, p.date])).toEqual([
      [4, daysAgo(70).toISOString()],
      [3, daysAgo(40).toISOString()],
      [2, daysAgo(10).toISOString()],
    ]);
    // typed twice in different case and spacing, never linked: his roster entry all the same, as it is
    // the one 'Ali Demir' of the class; 1 (45 days) then 2.3 (5 days)
    const ali = quarter.students.find((s) => s.name === 'Ali Demir')!;
    const aliEntry = schoolClass.students.find((s) => s.name === 'Ali Demir')!;
    expect(ali).toMatchObject({ key: aliEntry.id, papers: 2, firstGrade: 1, lastGrade: 2.3 });
    // 1.3 grades in 40 days; the API rounds to two decimals
    expect(ali.trendPerMonth).toBeCloseTo((1.3 / 40) * 30, 1);
    const tom = quarter.students.find((s) => s.name === 'Tom')!;
    expect(tom).toMatchObject({ papers: 1, trendPerMonth: null, groupName: '' });
    // a paper without any name belongs to nobody
    expect(quarter.students.map((s) => s.name).sort()).toEqual(['Ali Demir', 'Lena Schmidt', 'Tom']);
    expect(quarter.insights.map((i) => i.text)).toContain(
      'Bei Ali Demir hat sich die Note über 2 Arbeiten um durchschnittlich 1,0 Notenstufen pro Monat verschlechtert.',
    );
  });

  it('finds the error categories that grew, from the counts the trigger keeps', async () => {
    const month = await overview(teacher, 'timeframe=month');
    expect(month.improvementAreas).toEqual([
      {
        category: 'spelling',
        label: 'Rechtschreibung',
        errorsCurrent: 4,
        errorsPrevious: 1,
        perPaperCurrent: 1,
        perPaperPrevious: 0.5,
      },
      {
        category: 'grammar',
        label: 'Grammatik und Zeichensetzung',
        errorsCurrent: 1,
        errorsPrevious: 0,
        perPaperCurrent: 0.25,
        perPaperPrevious: 0,
      },
      {
        category: 'other',
        label: 'Sonstiges',
        errorsCurrent: 1,
        errorsPrevious: 0,
        perPaperCurrent: 0.25,
        perPaperPrevious: 0,
      },
    ]);
    const texts = month.insights.map((i) => i.text);
    expect(texts).toContain('Rechtschreibung: Die Fehler je Arbeit sind von 0,5 auf 1,0 gestiegen.');
    expect(texts).toContain(
      'Die Durchschnittsnote hat sich gegenüber dem Zeitraum davor von 2,0 auf 3,0 verschlechtert.',
    );
    for (const insight of month.insights)
      expect(insight.evidence.href).toMatch(/^\/dashboard\/analytics\?timeframe=month/);

    // narrowed to the class: its two papers now (4 spelling errors), two before (1)
    const ofClass = await overview(teacher, `timeframe=month&classId=${schoolClass.id}`);
    expect(ofClass.stats.papers).toEqual({ current: 2, previous: 2 });
    expect(ofClass.improvementAreas[0]).toMatchObject({
      category: 'spelling',
      perPaperCurrent: 2,
      perPaperPrevious: 0.5,
    });
    const ofCourse = await overview(teacher, `timeframe=month&courseId=${course.id}`);
    expect(ofCourse.stats.papers).toEqual({ current: 2, previous: 2 });
    expect(ofCourse.filters.classes).toEqual([{ id: schoolClass.id, name: '7a' }]);
    expect(ofCourse.filters.courses).toEqual([{ id: course.id, name: 'Deutsch 7a' }]);
  });

  it('writes no comparison where there is nothing to compare', async () => {
    const week = await overview(stranger, 'timeframe=week');
    expect(week.stats.papers).toEqual({ current: 1, previous: 0 });
    expect(week.insights).toEqual([]);
    const empty = await overview(await createUser(t, { accountType: 'teacher' }), 'timeframe=year');
    expect(empty.stats.papers).toEqual({ current: 0, previous: 0 });
    expect(empty.stats.averageGrade).toEqual({ current: null, previous: null });
    expect(empty.insights).toEqual([]);
  });

  it('analyses the questions of a class set: Schwierigkeitsindex, Trennschärfe, distribution, errors', async () => {
    const year = await overview(teacher, 'timeframe=year');
    expect(year.tests[0]).toMatchObject({ id: `set:${setId}`, title: 'Klassenarbeit Optik', papers: 6 });
    const response = await get(teacher, `/api/analytics/questions?test=set:${setId}`);
    expect(response.statusCode, response.body).toBe(200);
    const analysis: QuestionAnalysis = response.json();
    expect(analysis.test).toMatchObject({ title: 'Klassenarbeit Optik', papers: 6 });
    const [first, second, third] = analysis.questions;
    const task1 = [2, 4, 6, 8, 10, 10];
    const task2 = [5, 3, 8, 6, 9, 7];
    const task3 = [0, 1, 1, 1, 1, 1];
    const rest1 = task2.map((p, i) => p + task3[i]!);
    expect(first).toMatchObject({ index: 0, title: 'Lichtbrechung', maxPoints: 10, papers: 6, warnings: [] });
    expect(first!.difficulty).toBeCloseTo(40 / 60, 3);
    expect(first!.meanPoints).toBeCloseTo(40 / 6, 2);
    // by hand: r = 29.33 / sqrt(53.33 * 26.83) = 0.775
    expect(first!.discrimination).toBeCloseTo(pearson(task1, rest1), 3);
    expect(first!.discrimination).toBeCloseTo(0.775, 2);
    expect(first!.distribution).toEqual([
      { points: 2, count: 1 },
      { points: 4, count: 1 },
      { points: 6, count: 1 },
      { points: 8, count: 1 },
      { points: 10, count: 2 },
    ]);
    expect(first!.topErrors).toEqual([
      { title: 'Vorzeichenfehler', count: 4 },
      { title: 'Einheit fehlt', count: 2 },
    ]);
    expect(second!.difficulty).toBeCloseTo(38 / 60, 3);
    expect(second!.discrimination).toBeCloseTo(
      pearson(
        task2,
        task1.map((p, i) => p + task3[i]!),
      ),
      3,
    );
    expect(second!.topErrors).toEqual([{ title: 'Einheit fehlt', count: 2 }]);
    // the first paper has no points for task 3: five papers of 1 point of 10, the same for all (no r)
    expect(third).toMatchObject({ papers: 5, discrimination: null, warnings: ['too_hard'] });
    expect(third!.difficulty).toBeCloseTo(0.1, 5);
    expect(analysis.averageGrade).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 1) / 6, 2);
    // the newest test's warned task becomes an insight linking to the question analysis
    expect(year.insights).toContainEqual({
      id: 'question-2-too_hard',
      text: 'In „Klassenarbeit Optik“ war „Spiegel“ sehr schwer: Im Mittel wurden nur 10 % der Punkte erreicht.',
      evidence: {
        label: 'Zur Aufgabenanalyse',
        href: `/dashboard/analytics?timeframe=year&test=set%3A${setId}#fragen`,
      },
    });
  });

  it('keeps grade_value() in step with parseGrade', async () => {
    const inputs = [
      '1',
      '1+',
      '1-',
      '2',
      '2+',
      '2-',
      '3-',
      '5+',
      '6',
      '6-',
      '6+',
      ' 4 ',
      '2,3',
      '2.3',
      '1.0',
      '0.7',
      '0.5',
      '6.5',
      '7',
      '15 Punkte',
      '0 Punkte',
      '11 Punkte (2)',
      '13 NP',
      '10 punkte',
      '1 Punkt',
      '16 Punkte',
      'bestanden',
      '',
      'sehr gut',
      '\t2',
      '2\n',
      '2 -',
      '3 +',
      '12',
      '2,25',
    ];
    for (const input of inputs) {
      const { rows } = await t.context.database.db.execute(sql`SELECT grade_value(${input}) AS v`);
      const value = (rows[0] as { v: number | null }).v;
      expect(value === null ? null : Number(value), JSON.stringify(input)).toBe(parseGrade(input));
    }
  });

  it('is the teachers’: a student gets 403, both filters 400', async () => {
    const student = await get(pupil, '/api/analytics/overview');
    expect(student.statusCode).toBe(403);
    expect(student.json().error.message).toContain('Mein Lernprofil');
    const both = await get(
      teacher,
      `/api/analytics/overview?classId=${schoolClass.id}&courseId=${course.id}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe(
      'Bitte wählen Sie entweder eine Klasse oder einen Kurs, nicht beides.',
    );
  });

  it("answers 404 for another teacher's class, course or test", async () => {
    for (const url of [
      `/api/analytics/overview?classId=${strangeClass.id}`,
      `/api/analytics/overview?courseId=${strangeCourse.id}`,
      `/api/analytics/questions?test=set:${strangeSetId}`,
      `/api/analytics/questions?test=set:${crypto.randomUUID()}`,
      '/api/analytics/questions?test=key:unbekannt',
      '/api/analytics/questions?test=irgendwas',
      `/api/analytics/export.csv?classId=${strangeClass.id}`,
      `/api/analytics/report.pdf?courseId=${strangeCourse.id}`,
    ]) {
      const response = await get(teacher, url);
      expect(response.statusCode, url).toBe(404);
    }
    // and the stranger cannot read the teacher's set
    expect((await get(stranger, `/api/analytics/questions?test=set:${setId}`)).statusCode).toBe(404);
  });

  it('exports CSV with a BOM and German decimals, and a PDF report', async () => {
    const csv = await get(teacher, '/api/analytics/export.csv?timeframe=month');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="Analytics-2026-06-15\.csv"$/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.split('\r\n');
    expect(lines).toContain('Durchschnittliche Punktzahl (%);58,8;80');
    expect(lines).toContain('Durchschnittsnote;3;2');
    expect(lines).toContain('7a;2;2,15;0;2;0;0;0;0');
    expect(lines).toContain('Rechtschreibung;4;1;1;0,5');
    // Ali: 1 (45 days ago, outside the month) is not in it; his one paper this month is a 2- as written
    expect(lines.find((line) => line.startsWith('Ali Demir;'))).toBe('Ali Demir;7a;1;2,3;2-;2-;');
    const pdf = await get(teacher, '/api/analytics/report.pdf?timeframe=month');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('exports the Aufgabenanalyse a Fachkonferenz asks for: maximum, mean, Lösungsquote and papers per task', async () => {
    const csv = await get(teacher, '/api/analytics/export.csv?timeframe=year');
    expect(csv.statusCode, csv.body).toBe(200);
    const sections = csv.body.split('\r\n\r\n');
    const optik = sections.find((section) => section.startsWith('Aufgabenanalyse: Klassenarbeit Optik ('));
    expect(optik, csv.body).toBeDefined();
    const lines = optik!.split('\r\n');
    expect(lines[0]).toMatch(/^Aufgabenanalyse: Klassenarbeit Optik \(\d{2}\.\d{2}\.\d{4}\)$/);
    expect(lines[1]).toBe(
      'Aufgabe;Höchstpunktzahl;Mittelwert (Punkte);Lösungsquote (%);Anzahl Arbeiten;Trennschärfe',
    );
    // Lichtbrechung: 40 of 60 points over six papers; Spiegel: 1 of 10 in five papers, no Trennschärfe
    expect(lines[2]).toMatch(/^Lichtbrechung;10;6,67;66,7;6;0,7\d$/);
    expect(lines[3]).toMatch(/^Linsen;10;6,33;63,3;6;/);
    expect(lines[4]).toBe('Spiegel;10;1;10;5;');

    // one test asked for: only its analysis; another teacher's test is not found
    const one = await get(teacher, `/api/analytics/export.csv?timeframe=year&test=set:${setId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.body.match(/Aufgabenanalyse: /g)).toHaveLength(1);
    for (const url of [
      `/api/analytics/export.csv?timeframe=year&test=set:${strangeSetId}`,
      `/api/analytics/report.pdf?timeframe=year&test=set:${strangeSetId}`,
      '/api/analytics/export.csv?test=irgendwas',
    ]) {
      expect((await get(teacher, url)).statusCode, url).toBe(404);
    }

    const pdf = await get(teacher, `/api/analytics/report.pdf?timeframe=year&test=set:${setId}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText([{ name: 'bericht.pdf', data: pdf.rawPayload }]);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Aufgabenanalyse: Klassenarbeit Optik');
    expect(flat).toContain(
      'Aufgabe Höchstpunktzahl Mittelwert (Punkte) Lösungsquote (%) Anzahl Arbeiten Trennschärfe',
    );
    expect(flat).toMatch(/Lichtbrechung 10 6,67 66,7 6 0,7\d/);
    expect(flat).toContain('Spiegel 10 1 10 5');

    // a teacher without any test gets the section with its header and no line
    const newcomer = await createUser(t, { accountType: 'teacher' });
    const empty = await get(newcomer, '/api/analytics/export.csv');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.body.endsWith(`\r\n\r\nAufgabenanalyse\r\n${lines[1]}\r\n`)).toBe(true);
  });
});
