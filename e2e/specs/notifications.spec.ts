import type { Page } from '@playwright/test';
import { notificationMessages } from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

type Seed = {
  count: number;
  type?: 'info' | 'success' | 'warning' | 'error' | 'analysis_complete';
  priority?: 'low' | 'normal' | 'high';
  title?: string;
  message?: string;
  ageSeconds?: number;
  stepSeconds?: number;
};

/** Creates notifications for the signed-in user (server-side helper, only served with TEST_HOOKS=true). */
async function seed(page: Page, data: Seed) {
  const response = await page.request.post('/api/test-hooks/notifications', { data });
  expect(response.status(), await response.text()).toBe(201);
}

const bell = (page: Page) => page.getByTestId('notifications-bell');
const popup = (page: Page) => page.getByRole('dialog', { name: notificationMessages.title });
const items = (page: Page) => popup(page).getByTestId('notification-item');

/** A toast fades in and out: axe would measure it mid-animation. */
async function waitForToastsToGo(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** The German date of a moment `days` ago, as the popup shows it after 7 days (spec 000 §9). */
function dateDaysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toLocaleDateString('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });
}

test.describe('[NOTIFICATIONS] notifications popup', () => {
  test('the badge caps at 99+, the popup filters by type and priority and shows relative times', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await seed(page, { count: 120, title: 'Alter Hinweis', ageSeconds: 3 * 86_400, stepSeconds: 1 });
    await seed(page, {
      count: 1,
      type: 'warning',
      priority: 'high',
      title: 'Speicher fast voll',
      ageSeconds: 30,
    });
    await seed(page, {
      count: 1,
      type: 'error',
      priority: 'low',
      title: 'Export fehlgeschlagen',
      ageSeconds: 7200,
    });
    await seed(page, { count: 1, type: 'success', title: 'Import abgeschlossen', ageSeconds: 10 * 86_400 });

    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 99+ ungelesen');
    await expect(page.getByTestId('notifications-badge')).toHaveText('99+');

    await bell(page).click();
    await expect(popup(page)).toBeVisible();
    await expect(items(page)).toHaveCount(100);
    await expect(popup(page)).toContainText(notificationMessages.limitNote(100));
    const newest = items(page).first();
    await expect(newest).toContainText('Speicher fast voll');
    await expect(newest).toContainText(/vor \d+ Sekunden/);
    await expect(newest).toContainText('Wichtig');
    await expect(items(page).nth(1)).toContainText('vor 2 Stunden');
    await expect(items(page).nth(2)).toContainText('vor 3 Tagen');
    await expectAccessible(page);

    const type = popup(page).getByLabel('Typ');
    const priority = popup(page).getByLabel('Priorität');
    await type.selectOption({ label: 'Warnung' });
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText('Speicher fast voll');

    await type.selectOption({ label: 'Erfolg' });
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText('Import abgeschlossen');
    await expect(items(page)).toContainText(dateDaysAgo(10));

    await type.selectOption({ label: 'Fehler' });
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText('Export fehlgeschlagen');

    await type.selectOption({ label: 'Info' });
    await expect(items(page)).toHaveCount(100);
    await expect(items(page).first()).toContainText('Alter Hinweis');

    await type.selectOption({ label: 'Alle' });
    await priority.selectOption({ label: 'Hoch' });
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText('Speicher fast voll');
    await priority.selectOption({ label: 'Niedrig' });
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText('Export fehlgeschlagen');
    await type.selectOption({ label: 'Warnung' });
    await expect(popup(page)).toContainText(notificationMessages.emptyFiltered);
    await expect(items(page)).toHaveCount(0);

    // Escape closes the popup and gives the focus back to the bell
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
  });

  test('mark as read, delete one, and clear all after a confirmation', async ({ page }) => {
    await signUpViaApi(page);
    await seed(page, { count: 3, title: 'Hinweis', stepSeconds: 60 });
    await seed(page, { count: 1, type: 'warning', title: 'Bitte prüfen' });
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 4 ungelesen');

    await bell(page).click();
    await expect(items(page)).toHaveCount(4);
    await popup(page).getByRole('button', { name: '„Bitte prüfen“ als gelesen markieren' }).click();
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 3 ungelesen');
    await expect(items(page).first()).toHaveAttribute('data-read', 'true');

    await popup(page).getByRole('button', { name: '„Hinweis“ löschen' }).first().click();
    await expect(items(page)).toHaveCount(3);
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 2 ungelesen');

    // the confirmation can be cancelled
    await popup(page).getByRole('button', { name: notificationMessages.clearAll }).click();
    const confirm = page.getByRole('alertdialog', { name: notificationMessages.clearAllTitle });
    await expect(confirm).toContainText(notificationMessages.clearAllDescription);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: notificationMessages.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(items(page)).toHaveCount(3);

    await popup(page).getByRole('button', { name: notificationMessages.clearAll }).click();
    await confirm.getByRole('button', { name: notificationMessages.clearAllConfirm }).click();
    await expect(popup(page)).toContainText(notificationMessages.empty);
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen');
    await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
    await expect(popup(page).getByRole('button', { name: notificationMessages.clearAll })).toBeDisabled();

    // stored, not only shown
    await page.reload();
    await bell(page).click();
    await expect(popup(page)).toContainText(notificationMessages.empty);
  });

  test('a finished analysis arrives live without a reload and opens /analysis/{id}', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard/analyse');
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen');
    // a reload would drop this marker
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    await page.getByLabel('Titel der Arbeit').fill('Diktat Herbst');
    await page.getByLabel('Text der Schülerarbeit').fill('Im Herbst fallen die Blätter von den Bäumen.');
    await page.getByRole('button', { name: 'Analysieren' }).click();
    await expect(page.getByTestId('result-preview')).toBeVisible({ timeout: 30_000 });

    // the event stream brings the notification: badge without a reload
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 1 ungelesen', { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    await bell(page).click();
    const item = items(page).first();
    await expect(item).toHaveAttribute('data-kind', 'success');
    await expect(item).toContainText('Diktat Herbst');
    const ids = await page.evaluate(async () => {
      const response = await fetch('/api/analyses', { credentials: 'include' });
      return ((await response.json()) as { analyses: { id: string }[] }).analyses.map((a) => a.id);
    });
    expect(ids).toHaveLength(1);
    await item.getByRole('link', { name: 'Analyse fertig' }).click();
    await expect(page).toHaveURL(`/analysis/${ids[0]}`);
    await expect(popup(page)).toBeHidden();
    // opened means read: the badge goes, the same layout shows the bell here too
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen');

    // elsewhere in the app a new result is announced with a toast as well
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen');
    const created = await page.request.post('/api/analyses', {
      data: { text: 'Die Sonne scheint hell.', title: 'Aufsatz Sommer' },
    });
    expect(created.status()).toBe(202);
    const secondId = ((await created.json()) as { id: string }).id;
    const toastItem = page.locator('[data-sonner-toast]').filter({ hasText: 'Aufsatz Sommer' });
    await expect(toastItem).toBeVisible({ timeout: 30_000 });
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 1 ungelesen');
    await toastItem.getByRole('button', { name: notificationMessages.open }).click();
    await expect(page).toHaveURL(`/analysis/${secondId}`);
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen');
    await waitForToastsToGo(page);
    await expectAccessible(page);
  });

  test('on a phone the popup fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page);
    await seed(page, { count: 2, type: 'error', priority: 'high', title: 'Upload fehlgeschlagen' });
    await page.goto('/dashboard');
    await bell(page).click();
    await expect(items(page)).toHaveCount(2);
    const box = await popup(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await expectAccessible(page);
  });
});
