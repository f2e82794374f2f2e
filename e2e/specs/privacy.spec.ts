import { messages, privacyMessages } from '@korrigo/domain';
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
});
