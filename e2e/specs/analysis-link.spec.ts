import { analysisScreenMessages as t, dashboardMessages, historyMessages as h } from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

test.describe('[ANALYSIS] course and pupil of an analysis (spec 001 §2, §3, §4)', () => {
  test('a teacher links a typed paper to a course and a pupil and finds both in the history', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    // the class with a pasted roster and its course, through the API the classes screen uses
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: {
        schoolId: school!.id,
        name: '7b',
        gradeLevel: '7',
        students: [{ name: 'Mia Kowalski' }, { name: 'Tom Berg' }],
      },
    });
    expect(createdClass.status(), await createdClass.text()).toBe(201);
    const classId = ((await createdClass.json()) as { id: string }).id;
    const createdCourse = await page.request.post('/api/courses', {
      data: {
        classIds: [classId],
        name: 'Mathe 7b',
        subject: 'Mathematik',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(createdCourse.status(), await createdCourse.text()).toBe(201);

    await page.goto('/dashboard/analyse');
    await page.getByLabel(t.titleLabel).fill('Bruchrechnung');
    await page.getByLabel(t.textLabel).fill('Aufgabe 1: 3 + 4 = 7\nAufgabe 2: 12 - 5 = 7');
    await page.getByRole('button', { name: t.linkOpen }).click();

    const modal = page.getByRole('dialog', { name: t.linkTitle });
    const confirm = modal.getByRole('button', { name: t.linkConfirm });
    await expect(confirm).toBeDisabled();
    const course = modal.getByRole('button', { name: /Mathe 7b/ });
    await course.click();
    await expect(course).toHaveAttribute('aria-pressed', 'true');
    await modal.getByRole('button', { name: 'Mia Kowalski' }).click();
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    // a second press on the course deselects it and the pupil with it
    await course.click();
    await expect(modal.getByRole('button', { name: 'Mia Kowalski' })).toBeHidden();
    await expect(confirm).toBeDisabled();
    await course.press('Enter');
    await modal.getByRole('button', { name: 'Mia Kowalski' }).press('Space');
    await confirm.click();
    await expect(modal).toBeHidden();

    await expect(page.getByTestId('course-link')).toContainText(t.linked('Mathe 7b', 'Mia Kowalski'));
    await expect(page.getByLabel(t.studentLabel)).toHaveValue('Mia Kowalski');
    await page.getByRole('button', { name: t.analyse, exact: true }).click();
    const preview = page.getByTestId('result-preview');
    await expect(preview).toBeVisible({ timeout: 60_000 });
    await expect(preview).toContainText('Mia Kowalski');

    await page.goto('/dashboard');
    await expect(page.getByTestId('recent-analyses')).toContainText(
      dashboardMessages.linkedCourse('Mathe 7b'),
    );
    await page.getByRole('button', { name: dashboardMessages.historyTitle }).click();
    const popup = page.getByRole('dialog', { name: h.title });
    const row = popup.getByTestId('history-row').filter({ hasText: 'Bruchrechnung' });
    await expect(row).toContainText('Mia Kowalski');
    await expect(row).toContainText(h.linkedCourse('Mathe 7b'));
  });

  test('without a course the selector points to the classes screen', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    await page.goto('/dashboard/analyse');
    await page.getByRole('button', { name: t.linkOpen }).click();
    const modal = page.getByRole('dialog', { name: t.linkTitle });
    await expect(modal.getByText(t.linkNoCourses)).toBeVisible();
    await expect(modal.getByRole('link', { name: t.linkToClasses })).toHaveAttribute(
      'href',
      '/dashboard/classes',
    );
    await expectAccessible(page);
  });
});
