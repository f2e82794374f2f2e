import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { analyticsMessages as m } from '@korrigo/domain';
import {
  expect,
  expectAccessible,
  expectTableActionsInView,
  saveTestViaApi,
  signUpViaApi,
  test,
  testQuestion,
} from '../support/fixtures';

// Five pupils' answers to the same two-task test, from all right to all wrong: enough papers (minimum 5)
// for the item figures, and different grades for the distribution and the progress table.
const pupils = [
  { name: 'Lena Schmidt', answers: '1. a\n2. Sauerstoff' },
  { name: 'Tom Berg', answers: '1. a\n2. Sauerstoff' },
  { name: 'Mia Klein', answers: '1. b\n2. Sauerstoff' },
  { name: 'Ali Demir', answers: '1. a\n2. Kohlendioxid' },
  { name: 'Zoe Adler', answers: '1. b\n2. Stickstoff' },
];

async function waitUntilDone(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const status = await page.request.get(`/api/analyses/${id}/status`);
        return ((await status.json()) as { status: string }).status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
}

/** A class with its roster, a course on it, a saved test and five papers graded against it, as the app makes them. */
async function seedGradedPapers(page: Page) {
  const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
  const createdClass = await page.request.post('/api/classes', {
    data: {
      schoolId: school!.id,
      name: '6a',
      gradeLevel: '6',
      students: pupils.map(({ name }) => ({ name })),
    },
  });
  expect(createdClass.status(), await createdClass.text()).toBe(201);
  const classId = ((await createdClass.json()) as { id: string }).id;
  const roster = (await (await page.request.get(`/api/classes/${classId}`)).json()) as {
    students: { id: string; name: string }[];
  };
  const createdCourse = await page.request.post('/api/courses', {
    data: {
      classIds: [classId],
      name: 'Mathe 6a',
      subject: 'Mathematik',
      schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
    },
  });
  expect(createdCourse.status(), await createdCourse.text()).toBe(201);
  const courseId = ((await createdCourse.json()) as { id: string }).id;
  const key = await saveTestViaApi(page, {
    title: 'Bruchrechnung und Photosynthese',
    subject: 'Mathematik',
    grade: '6. Klasse',
    testType: 'Gemischt',
    topic: 'Brüche',
    questions: [
      testQuestion({
        id: 'q1',
        text: 'Was ist 1/2 + 1/4?',
        type: 'multiple-choice',
        options: [
          { id: 'a', text: '3/4', isCorrect: true },
          { id: 'b', text: '2/6', isCorrect: false },
        ],
        points: 2,
        orderIndex: 0,
      }),
      testQuestion({
        id: 'q2',
        text: 'Welches Gas geben Pflanzen bei der Photosynthese ab?',
        type: 'open',
        correctAnswer: 'Sauerstoff',
        points: 2,
        orderIndex: 1,
      }),
    ],
  });
  const ids: string[] = [];
  for (const pupil of pupils) {
    const entry = roster.students.find((student) => student.name === pupil.name)!;
    const created = await page.request.post('/api/analyses', {
      data: {
        text: pupil.answers,
        title: 'Bruchrechnung und Photosynthese',
        studentName: pupil.name,
        selectedTestId: key.id,
        options: { subject: 'Mathematik', gradeLevel: 'Mittelstufe' },
        courseId,
        studentId: entry.id,
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    ids.push(((await created.json()) as { id: string }).id);
  }
  for (const id of ids) await waitUntilDone(page, id);
  return { classId, courseId, testId: `key:${key.id}` };
}

test.describe('[ANALYTICS] analytics and insights (issue 18 §1, §2, §5)', () => {
  test('a teacher filters her figures, reads the question analysis, exports them, and opens the insights', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUpViaApi(page, { accountType: 'teacher', name: 'Frau Berg' });
    const seeded = await seedGradedPapers(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    const papers = page.getByTestId('stat-papers');
    await expect(papers.locator('dd').first()).toHaveText('5');
    await expect(page.getByTestId('stat-hoursSaved').locator('dd').first()).toHaveText('1,3 h');
    await expect(page.getByTestId('stat-papers').getByTestId('stat-change')).toHaveText(m.noPrevious);

    // the timeframe: the URL keeps it, the same five papers lie in every window
    const timeframes = page.getByRole('group', { name: 'Zeitraum' });
    await timeframes.getByRole('button', { name: 'Jahr' }).click();
    await expect(page).toHaveURL(/[?&]timeframe=year/);
    await expect(timeframes.getByRole('button', { name: 'Jahr' })).toHaveAttribute('aria-pressed', 'true');
    await expect(papers.locator('dd').first()).toHaveText('5');

    // the class filter: all five papers are 6a's
    const group = page.getByLabel('Klasse oder Kurs', { exact: true });
    await group.selectOption({ label: '6a' });
    await expect(page).toHaveURL(new RegExp(`classId=${seeded.classId}`));
    await expect(papers.locator('dd').first()).toHaveText('5');
    // a reload keeps the filters
    await page.reload();
    await expect(page.getByLabel('Klasse oder Kurs', { exact: true })).toHaveValue(`class:${seeded.classId}`);
    await expect(timeframes.getByRole('button', { name: 'Jahr' })).toHaveAttribute('aria-pressed', 'true');
    await expect(papers.locator('dd').first()).toHaveText('5');

    // the grade distribution as a table
    const byClass = page.getByTestId('by-class');
    await byClass.getByRole('button', { name: 'Tabelle' }).click();
    await expect(byClass.getByRole('row', { name: /6a/ }).getByRole('cell').nth(6)).toHaveText('5');

    // the pupils, sortable
    const students = page.getByTestId('students-table');
    await expect(students.getByTestId('student-row')).toHaveCount(5);
    await students.getByRole('button', { name: 'Name' }).click();
    await expect(students.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(students.getByTestId('student-row').first()).toContainText('Zoe Adler');

    // the question analysis of the saved test's papers
    const questions = page.locator('#fragen');
    await questions.getByLabel('Test', { exact: true }).selectOption(seeded.testId);
    await expect(page).toHaveURL(new RegExp(`test=${encodeURIComponent(seeded.testId)}`));
    const table = questions.getByTestId('questions-table');
    await expect(table.getByTestId('question-row')).toHaveCount(2);
    // task 1: three of five right, 2 points each: Schwierigkeitsindex 0,60
    await expect(table.getByTestId('question-row').first().getByRole('cell').nth(2)).toHaveText('0,60');
    const card = questions.getByTestId('question-card').first();
    await card.getByRole('button', { name: 'Tabelle' }).click();
    await expect(card.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    // the exports carry the filters and are what they say
    await page.getByRole('button', { name: m.export }).click();
    const csvLink = page.getByRole('menuitem', { name: m.exportCsv });
    await expect(csvLink).toHaveAttribute('href', new RegExp(`timeframe=year&classId=${seeded.classId}`));
    const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
    const csvBytes = fs.readFileSync((await csv.path())!);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvBytes.toString('utf8')).toContain('Lena Schmidt');
    await page.getByRole('button', { name: m.export }).click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: m.exportPdf }).click(),
    ]);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // the narrow screen: nothing wider than the page
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // the tables' rows show as cards with their sort buttons above them, all on the screen (issue 34 §7)
    await expectTableActionsInView(page);
    await page
      .getByTestId('students-table')
      .getByRole('button', { name: /Durchschnitt/ })
      .click();
    await expect(
      page.getByTestId('students-table').locator('th', { hasText: 'Durchschnitt' }),
    ).toHaveAttribute('aria-sort', 'ascending');

    // the insights page: last month's figures, tools, examples
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(page.getByTestId('insights-stats')).toContainText('5');
    await page.getByRole('button', { name: 'Wie die KI bewertet' }).click();
    await expect(page.getByText(/„Bewertung bestätigen“/)).toBeVisible();
    await page.getByRole('tab', { name: 'Unterrichtsplanung' }).click();
    await expect(page.getByRole('link', { name: 'Zur Unterrichtsplanung' })).toHaveAttribute(
      'href',
      '/dashboard/lessonsplan',
    );
    await page.getByRole('button', { name: 'Vorheriges Beispiel' }).click();
    await expect(page.getByRole('group', { name: 'Beispiel 3 von 3' })).toBeVisible();
    await expectAccessible(page);
  });
});
