import { classMessages, deletedAccountName, messages, privacyMessages } from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

test.describe('[PRIVACY] Meine Daten', () => {
  test('a teacher exports her data as a ZIP, deletes her account and cannot sign in again', async ({
    page,
  }) => {
    const user = await signUpViaApi(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: privacyMessages.title, exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: privacyMessages.exportStart }).click();
    const download = page.getByRole('button', { name: privacyMessages.exportDownload });
    await expect(download).toBeVisible({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    // a ZIP starts with its local file header
    expect(Buffer.concat(chunks).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('button', { name: privacyMessages.deleteOpen }).click();
    const dialog = page.getByRole('dialog', { name: privacyMessages.deleteDialogTitle });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(privacyMessages.deletePasswordLabel).fill(user.password);
    await dialog.getByRole('button', { name: privacyMessages.deleteConfirm }).click();
    await expect(page.getByText(privacyMessages.deleted)).toBeVisible();
    // on the landing page, signed out (not bounced to /login by the profile's guard)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.getByLabel('Passwort', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      messages.errorPrefix + messages.authErrors.INVALID_EMAIL_OR_PASSWORD,
    );
  });

  test("a pupil deletes her account: the teacher's roster says „gelöschtes Konto“, her browser keeps nothing", async ({
    page,
    browser,
  }) => {
    // the teacher's class, and a pupil who joined it with its code (her entry carries her account's name)
    await signUpViaApi(page, { name: 'Frau Berg' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: { schoolId: school.id, name: '8a', gradeLevel: '8', students: [{ name: 'Ali Demir' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const schoolClass = await created.json();
    const invitation = await page.request.post('/api/invitations', {
      data: { kind: 'class_student', classId: schoolClass.id },
    });
    expect(invitation.status(), await invitation.text()).toBe(201);
    const { code } = await invitation.json();

    const pupilContext = await browser.newContext();
    const pupilPage = await pupilContext.newPage();
    const pupil = await signUpViaApi(pupilPage, {
      name: 'Mia Neumann',
      accountType: 'student',
      subjects: [],
      classLevel: '8',
    });
    const accepted = await pupilPage.request.post(`/api/invitations/${code}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);

    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    await page
      .getByRole('dialog')
      .getByRole('tab', { name: `${classMessages.students} (2)` })
      .click();
    await expect(page.getByRole('dialog').getByText('Mia Neumann')).toBeVisible();

    await pupilPage.goto('/profile');
    await pupilPage.getByRole('button', { name: privacyMessages.deleteOpen }).click();
    const dialog = pupilPage.getByRole('dialog', { name: privacyMessages.deleteDialogTitle });
    await dialog.getByLabel(privacyMessages.deletePasswordLabel).fill(pupil.password);
    await dialog.getByRole('button', { name: privacyMessages.deleteConfirm }).click();
    await expect(pupilPage.getByText(privacyMessages.deleted)).toBeVisible();
    await expect(pupilPage).toHaveURL(/\/$/);
    expect(await pupilPage.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await pupilContext.close();

    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    const roster = page.getByRole('dialog');
    await roster.getByRole('tab', { name: `${classMessages.students} (2)` }).click();
    await expect(roster.getByText(deletedAccountName)).toBeVisible();
    await expect(roster.getByText('Ali Demir')).toBeVisible();
    await expect(roster.getByText('Mia Neumann')).toHaveCount(0);
    await expect(roster.getByText(pupil.email)).toHaveCount(0);
    await expectAccessible(page);
  });
});
