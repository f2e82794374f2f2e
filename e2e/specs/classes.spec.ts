import { classMessages } from '@korrigo/domain';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

const stat = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Überblick' }).locator('div', { hasText: label }).last();

test.describe('[CLASSES] Meine Klassen', () => {
  test('a teacher creates a class with a pasted roster, edits its students and archives it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    await page.goto('/dashboard/classes');
    await expect(page.getByRole('heading', { level: 1, name: classMessages.title })).toBeVisible();
    await expect(page.getByText(classMessages.emptyActive)).toBeVisible();
    await expect(stat(page, classMessages.statClasses)).toContainText('0');
    await expectAccessible(page);

    await page.getByRole('button', { name: classMessages.newClass }).first().click();
    const dialog = page.getByRole('dialog', { name: classMessages.newClass });
    // the profile's school is already a school record and chosen
    await expect(dialog.getByLabel(classMessages.school)).toHaveValue(/.+/);
    await dialog.getByRole('button', { name: classMessages.createClass }).click();
    await expect(dialog.getByText(classMessages.requiredFields)).toHaveCount(2);

    await dialog.getByLabel(classMessages.name).fill('7b');
    await dialog.getByLabel(classMessages.gradeLevel).fill('7');
    await dialog.getByLabel(classMessages.description).fill('Klassenleitung Frau Müller');
    await dialog
      .getByLabel(classMessages.roster)
      .fill('Anna Schmidt, anna@example.de\nBen Weber\nCarla Roth <carla@example.de>\n\nBen Weber');
    await expect(dialog.getByText(classMessages.rosterPreview(3))).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: classMessages.createClass }).click();

    // the new class opens in its details
    const details = page.getByRole('dialog', { name: `${classMessages.details}: 7b` });
    await expect(details.getByText('Gymnasium am Park')).toBeVisible();
    await details.getByRole('tab', { name: `${classMessages.students} (3)` }).click();
    const roster = details.getByRole('list', { name: classMessages.students });
    await expect(roster.getByRole('listitem')).toHaveText([/Anna Schmidt/, /Ben Weber/, /Carla Roth/]);
    // the scan waits for the success toast to go: behind the modal's inert page axe misreads its colours
    await expect(page.getByText(classMessages.created)).toBeHidden();
    await expectAccessible(page);

    await details.getByRole('button', { name: 'Ben Weber entfernen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: classMessages.removeStudent }).click();
    await expect(roster.getByRole('listitem')).toHaveCount(2);
    await details.getByLabel(classMessages.addStudents).fill('David Lang\nanna@example.de');
    await details.getByRole('button', { name: classMessages.addStudents }).click();
    await expect(page.getByText(classMessages.studentsAdded(1))).toBeVisible();
    await expect(roster.getByRole('listitem')).toHaveCount(3);

    await details.getByRole('tab', { name: classMessages.info }).click();
    await details.getByRole('button', { name: classMessages.edit }).click();
    await details.getByLabel(classMessages.name).fill('7b Bio');
    await details.getByRole('button', { name: classMessages.save }).click();
    await expect(page.getByText(classMessages.updated)).toBeVisible();
    await details.getByRole('button', { name: classMessages.close }).first().click();
    await expect(details).toBeHidden();

    const list = page.getByRole('tabpanel');
    await expect(list.getByRole('heading', { name: '7b Bio' })).toBeVisible();
    await expect(list.getByText(classMessages.studentCount(3))).toBeVisible();
    await expect(stat(page, classMessages.statStudents)).toContainText('3');
    await page.getByLabel(classMessages.search).fill('muller');
    await expect(list.getByRole('heading', { name: '7b Bio' })).toBeVisible();
    await page.getByLabel(classMessages.search).fill('Realschule');
    await expect(page.getByText(classMessages.noMatch)).toBeVisible();
    await page.getByLabel(classMessages.search).fill('');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`classes-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await list.getByRole('button', { name: `7b Bio: ${classMessages.details}` }).click();
    await details.getByRole('button', { name: classMessages.archive }).click();
    await expect(page.getByText(classMessages.archived)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: `${classMessages.tabArchived} (1)` }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: '7b Bio' })).toBeVisible();
  });

  test('a student is told the classes are for teachers', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'student', subjects: [], classLevel: '7' });
    await page.goto('/dashboard/classes');
    await expect(page.getByText(classMessages.forTeachers)).toBeVisible();
  });
});
