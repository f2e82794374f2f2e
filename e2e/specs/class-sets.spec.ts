import { classEvaluationScreenMessages as t } from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

test.describe('[CLASS SETS] Kurs bewerten (spec 001 §2, §5; issue 16)', () => {
  test('a teacher uploads a scanned stack, checks the split and has the class set graded', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: {
        schoolId: school!.id,
        name: '7b',
        gradeLevel: '7',
        students: [{ name: 'Mia Kowalski' }, { name: 'Tom Berg' }, { name: 'Lea Schmidt' }],
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

    // the stack as a copier scans it with a text layer: two papers of two pages, the name on each first page
    const sheet = (lines: string[]) =>
      `<section style="page-break-after:always;font:20px/1.6 sans-serif">${lines.map((line) => `<p>${line}</p>`).join('')}</section>`;
    await page.setContent(
      sheet(['Name: Mia Kowalski', 'Aufgabe 1: 3 + 4 = 7']) +
        sheet(['Aufgabe 2: 180 Grad']) +
        sheet(['Name: Tom Berg', 'Aufgabe 1: 3 + 4 = 8']) +
        sheet(['Aufgabe 2: 360 Grad']),
    );
    const stack = await page.pdf({ format: 'A4' });

    await page.goto('/dashboard/analyse');
    await page.getByRole('tab', { name: 'Klassensatz bewerten' }).click();
    await page.getByRole('button', { name: t.open }).click();
    const modal = page.getByRole('dialog', { name: t.modalTitle });
    await modal.getByRole('radio', { name: /Mathe 7b/ }).check();
    await modal.getByLabel(t.testNameLabel).fill('Klassenarbeit Nr. 2');
    await modal.getByRole('radio', { name: t.keySources.text }).check();
    await modal.getByLabel(t.keyTextLabel).fill('Aufgabe 1: 7 (2 Punkte)\nAufgabe 2: 180 Grad (2 Punkte)');
    await modal.getByLabel(t.batchLabel).setInputFiles({
      name: 'stapel.pdf',
      mimeType: 'application/pdf',
      buffer: stack,
    });
    await expect(modal.getByTestId('class-set-summary')).toContainText(t.summaryStack(1));
    await modal.getByRole('button', { name: t.submit }).click();

    await expect(page).toHaveURL(/\/dashboard\/class-evaluations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: t.splitTitle })).toBeVisible({ timeout: 90_000 });
    const papers = page.getByRole('list', { name: t.splitTitle });
    await expect(papers.getByRole('heading', { level: 3 })).toHaveCount(2);
    await expect(papers.getByRole('combobox', { name: /Arbeit 1/ })).toHaveValue(/.+/);
    await expect(papers.getByRole('combobox', { name: /Arbeit 1/ }).locator('option:checked')).toHaveText(
      'Mia Kowalski',
    );
    await expect(papers.getByRole('combobox', { name: /Arbeit 2/ }).locator('option:checked')).toHaveText(
      'Tom Berg',
    );
    await expect(page.getByRole('img', { name: t.pageLabel(1) })).toBeVisible();
    await page.getByRole('checkbox', { name: t.absentLabel('Lea Schmidt') }).check();
    // the notification toasts ('Klassensatz gelesen') fade out first: axe would measure them mid-animation
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: t.startGrading }).click();

    await expect(page.getByText(t.progressText(2, 2)).first()).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('tab', { name: t.tabs.questions })).toBeVisible();
    const mia = page.getByRole('row', { name: /Mia Kowalski/ });
    await expect(mia).toContainText('Bewertet');
    await expect(page.getByRole('row', { name: /Lea Schmidt/ })).toContainText(t.absent);
    await expect(mia.getByRole('link', { name: t.openResultOf('Mia Kowalski') })).toHaveAttribute(
      'href',
      /^\/analysis\/[0-9a-f-]{36}$/,
    );
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);
  });
});
