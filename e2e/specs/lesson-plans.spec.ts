import { readFile } from 'node:fs/promises';
import { courseMessages, lessonPlanMessages as m, lessonPlanStatusLabels } from '@korrigo/domain';
import { expect, expectAccessible, expectTableActionsInView, signUpViaApi, test } from '../support/fixtures';

const template = 'Einstieg – Erarbeitung – Sicherung';

test.describe('[LESSONS] Unterrichtsplanung', () => {
  test('a teacher makes a plan from a template, links it to a course, prints, duplicates and deletes it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const schoolClass = await page.request.post('/api/classes', {
      data: { schoolId: school.id, name: '7a', gradeLevel: '7', students: [{ name: 'Anna' }] },
    });
    expect(schoolClass.status(), await schoolClass.text()).toBe(201);
    const course = await page.request.post('/api/courses', {
      data: {
        classIds: [(await schoolClass.json()).id],
        name: 'Bio 7',
        subject: 'Biologie',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(course.status(), await course.text()).toBe(201);

    await page.goto('/dashboard/lessonsplan');
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(page.getByText(m.empty)).toBeVisible();
    await expect(page.getByTestId('lesson-template')).toHaveCount(7);
    await expectAccessible(page);

    // the template first asks for the topic; without a model the draft is the template's
    await page.getByRole('button', { name: m.useTemplateFor(template) }).click();
    const dialog = page.getByRole('dialog', { name: m.draftTitle(template) });
    await expect(dialog.getByText(m.draftFromTemplate)).toBeVisible();
    await dialog.getByLabel(m.fieldTopic).fill('Fotosynthese');
    await dialog.getByLabel(m.fieldGradeLevel).fill('7');
    await dialog.getByLabel(m.fieldSubject).fill('Biologie');
    await dialog.getByLabel(m.fieldDuration).fill('90');
    await dialog.getByRole('button', { name: m.draftCreate }).click();

    await expect(page.getByRole('heading', { level: 1, name: m.editorNew })).toBeVisible();
    await expect(page.getByLabel(m.fieldTitle)).toHaveValue('Fotosynthese');
    await expect(page.getByTestId('lesson-phase')).toHaveCount(3);
    await expect(page.getByTestId('minutes-total')).toHaveText(m.minutesTotal(90, 90));
    await page.getByLabel(m.fieldCourse).selectOption({ label: 'Bio 7' });
    await page.getByLabel(m.fieldDate).fill('2026-12-03');
    await page
      .getByLabel(m.fieldGoals)
      .fill('Die Schülerinnen und Schüler nennen, was Pflanzen zum Wachsen brauchen.');
    await expectAccessible(page);
    await page.getByRole('button', { name: m.save }).click();

    const table = page.getByTestId('lesson-plans-table');
    const row = table.getByTestId('lesson-plan-row').filter({ hasText: 'Fotosynthese' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(lessonPlanStatusLabels.draft);
    await expect(row).toContainText(m.minutes(90));
    await expect(row).toContainText('Bio 7');
    await expectAccessible(page);
    // at a phone's width the plans show as cards, their actions on the screen (issue 34 §7)
    await page.setViewportSize({ width: 390, height: 844 });
    await expectTableActionsInView(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // the course's details list it and open it in the editor
    await page.goto('/dashboard/classes');
    await page.getByRole('button', { name: `Bio 7: ${courseMessages.details}` }).click();
    const modal = page.getByRole('dialog', { name: 'Bio 7' });
    await modal.getByRole('tab', { name: courseMessages.tabDetails }).click();
    const plans = modal.getByTestId('course-lesson-plans');
    await expect(plans).toContainText('03.12.2026');
    await expect(plans).toContainText(lessonPlanStatusLabels.draft);
    await plans.getByRole('link', { name: m.openPlan('Fotosynthese') }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.editorEdit })).toBeVisible();
    await expect(page.getByLabel(m.fieldTitle)).toHaveValue('Fotosynthese');
    await page.getByRole('button', { name: m.back }).click();

    // the PDF
    const actions = (title: string) =>
      table
        .getByTestId('lesson-plan-row')
        .filter({ hasText: title })
        .getByRole('group', { name: m.actionsFor(title) });
    const downloading = page.waitForEvent('download');
    await actions('Fotosynthese').getByRole('button', { name: m.pdf }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Fotosynthese.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1024);

    // duplicate, then delete the copy after confirming
    await actions('Fotosynthese').getByRole('button', { name: m.duplicate }).click();
    const copy = table.getByTestId('lesson-plan-row').filter({ hasText: 'Fotosynthese (Kopie)' });
    await expect(copy).toHaveCount(1);
    await expect(copy).toContainText(lessonPlanStatusLabels.draft);
    await actions('Fotosynthese (Kopie)').getByRole('button', { name: m.delete }).click();
    const confirm = page.getByRole('alertdialog', { name: m.deleteTitle('Fotosynthese (Kopie)') });
    await confirm.getByRole('button', { name: m.delete }).click();
    await expect(copy).toHaveCount(0);
    await expect(table.getByTestId('lesson-plan-row')).toHaveCount(1);
  });
});
