import type { Page } from '@playwright/test';
import { dashboardMessages, historyMessages as h, pointsMessages } from '@korrigo/domain';
import type { AnalysisSeed } from '../../apps/server/src/modules/history/analysis-seed';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

/** What POST /api/test-hooks/analyses takes: the server's seed, dated by age instead of a moment. */
type Seed = Omit<AnalysisSeed, 'createdAt' | 'inputText'> & { ageSeconds?: number };

const day = 86_400;

/** Analyses of chosen ages for the signed-in user (server-side helper, only served with TEST_HOOKS=true). */
async function seed(page: Page, analyses: Seed[]): Promise<string[]> {
  const response = await page.request.post('/api/test-hooks/analyses', { data: { analyses } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { ids: string[] }).ids;
}

/** The German date of a moment `seconds` ago, as the history shows it (spec 000 §9: de-DE). */
function dateAgo(seconds: number) {
  return new Date(Date.now() - seconds * 1000).toLocaleDateString('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });
}

const popup = (page: Page) => page.getByRole('dialog', { name: h.title });
const rows = (page: Page) => popup(page).getByTestId('history-row');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });
const stat = (page: Page, name: string) => page.getByTestId(`stat-${name}`);

async function openHistory(page: Page) {
  await page.getByRole('button', { name: dashboardMessages.historyTitle }).click();
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).getByText(h.loading)).toBeHidden({ timeout: 15_000 });
}

test.describe('[DASHBOARD] dashboard', () => {
  test('stat cards compare the last month with the month before; recent analyses open as an overlay', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await seed(page, [
      // the older ones first, so that the newest has the newest id as well
      {
        title: 'Aufsatz Emil',
        studentName: 'Emil Nord',
        achievedPoints: 20,
        totalPoints: 20,
        ageSeconds: 100 * day,
      },
      {
        title: 'Diktat Dana',
        studentName: 'Dana Ost',
        achievedPoints: 14,
        totalPoints: 20,
        ageSeconds: 45 * day,
      },
      {
        title: 'Diktat Carl',
        studentName: 'Carl Dorn',
        achievedPoints: 12,
        totalPoints: 20,
        ageSeconds: 35 * day,
      },
      // the last month
      {
        title: 'Gedicht Lena',
        studentName: 'lena schmidt',
        achievedPoints: 16,
        totalPoints: 20,
        ageSeconds: 10 * day,
      },
      {
        title: 'Bruchrechnung',
        studentName: 'Max Muster',
        achievedPoints: 10,
        totalPoints: 20,
        ageSeconds: 5 * day,
      },
      {
        title: 'Erörterung Lena',
        studentName: 'Lena Schmidt',
        achievedPoints: 18,
        totalPoints: 20,
        ageSeconds: day,
      },
      // still being graded: no analysed test yet
      { title: 'Läuft noch', studentName: 'Zoe Lauf', status: 'processing', ageSeconds: 60 },
    ]);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // 6 tests (3 in the last month, 2 before); 5 students (Lena twice, spelled differently)
    await expect(stat(page, 'analysedTests').getByTestId('stat-value')).toHaveText('6');
    await expect(stat(page, 'analysedTests')).toContainText('+50 % zum Vormonat');
    await expect(stat(page, 'students').getByTestId('stat-value')).toHaveText('5');
    await expect(stat(page, 'students')).toContainText('±0 % zum Vormonat');
    // (100 + 70 + 60 + 80 + 50 + 90) / 6 = 75 %; last month 73.3 % against 65 %: +13 %
    await expect(stat(page, 'averagePercent').getByTestId('stat-value')).toHaveText('75 %');
    await expect(stat(page, 'averagePercent')).toContainText('+13 % zum Vormonat');
    // 6 tests at 15 minutes
    await expect(stat(page, 'savedHours').getByTestId('stat-value')).toHaveText('1,5 h');
    await expect(stat(page, 'savedHours')).toContainText('+50 % zum Vormonat');

    const recent = page.getByTestId('recent-analyses').getByRole('button');
    await expect(recent).toHaveCount(6);
    await expect(recent.first()).toContainText('Läuft noch');
    await expect(recent.first()).toContainText(dashboardMessages.processing);
    await expect(recent.nth(1)).toContainText('Erörterung Lena');
    await expect(recent.nth(1)).toContainText('(18/20)');
    await expectAccessible(page);

    await page.getByRole('button', { name: `${dashboardMessages.showAll} (7)` }).click();
    await expect(recent).toHaveCount(7);
    await expect(recent.last()).toContainText('Aufsatz Emil');
    await page.getByRole('button', { name: dashboardMessages.showLess }).click();
    await expect(recent).toHaveCount(6);

    await recent.filter({ hasText: 'Bruchrechnung' }).click();
    const overlay = page.getByRole('dialog', { name: dashboardMessages.detailTitle });
    await expect(overlay.getByTestId('result-view')).toBeVisible();
    await expect(overlay.getByTestId('result-view')).toContainText('Bruchrechnung');
    await expect(overlay.getByTestId('result-view')).toContainText('Max Muster');
    await expectAccessible(page);
    await overlay.getByRole('button', { name: 'Schließen' }).click();
    await expect(overlay).toBeHidden();
  });

  test('a new teacher sees zeros and no comparison', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await expect(stat(page, 'analysedTests').getByTestId('stat-value')).toHaveText('0');
    await expect(stat(page, 'averagePercent').getByTestId('stat-value')).toHaveText('–');
    await expect(stat(page, 'analysedTests')).toContainText(dashboardMessages.noComparison);
    await expect(page.getByText(dashboardMessages.noAnalyses)).toBeVisible();
    await expect(page.getByRole('button', { name: /Alle anzeigen/ })).toHaveCount(0);
    // "/analysis" without a result leads to the dashboard that lists them, a deeper path to the 404 page
    await page.goto('/analysis');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/analysis/abc/def');
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  });
});

test.describe('[HISTORY] grading history popup', () => {
  test('searches, filters, pages, edits, deletes and views', async ({ page }) => {
    await signUpViaApi(page);
    const subjects = ['Deutsch', 'Mathematik', 'Biologie', 'Englisch'];
    const seeds: Seed[] = Array.from({ length: 15 }, (_, i) => ({
      title: `Arbeit ${String(15 - i).padStart(2, '0')}`,
      subject: subjects[i % subjects.length],
      studentName: i === 4 ? 'Özlem Yıldız' : 'Lena Schmidt',
      gradeLevel: '7b',
      achievedPoints: 16,
      totalPoints: 20,
      ageSeconds: (20 - i) * day,
    }));
    // no course, student, class or points: N/A
    seeds.push({
      title: 'Leerer Eintrag',
      subject: '',
      studentName: '',
      gradeLevel: '',
      grade: null,
      achievedPoints: null,
      totalPoints: null,
      ageSeconds: 3600,
    });
    await seed(page, seeds);
    await page.goto('/dashboard');
    await openHistory(page);

    // 16 analyses: pages of 7, 7 and 2, newest first
    await expect(rows(page)).toHaveCount(7);
    await expect(popup(page).getByText(h.pageOf(1, 3))).toBeVisible();
    await expect(popup(page).getByRole('button', { name: h.previous })).toBeDisabled();
    const empty = row(page, 'Leerer Eintrag');
    await expect(rows(page).first()).toHaveText(/Leerer Eintrag/);
    await expect(empty.getByRole('cell')).toHaveText([
      dateAgo(3600),
      'Leerer Eintrag',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      '',
    ]);
    await expect(row(page, 'Arbeit 01').getByRole('cell')).toHaveText([
      dateAgo(6 * day),
      'Arbeit 01',
      'Biologie',
      'Lena Schmidt',
      '7b',
      '3+ (16/20)',
      '',
    ]);
    for (const column of ['Date', 'Title', 'Course', 'Student', 'Class', 'Grade', 'Actions']) {
      await expect(popup(page).getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expectAccessible(page);

    await popup(page).getByRole('button', { name: h.next }).click();
    await expect(popup(page).getByText(h.pageOf(2, 3))).toBeVisible();
    await popup(page).getByRole('button', { name: h.next }).click();
    await expect(popup(page).getByText(h.pageOf(3, 3))).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(popup(page).getByRole('button', { name: h.next })).toBeDisabled();
    await expect(rows(page).last()).toContainText('Arbeit 15');

    // a search starts again at page 1; it is case-insensitive and also finds the student
    const searchBox = popup(page).getByPlaceholder(h.searchPlaceholder);
    await searchBox.fill('ÖZLEM');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Arbeit 11');
    await expect(popup(page).getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
    await searchBox.fill('keine solche arbeit');
    await expect(popup(page).getByText(h.empty)).toBeVisible();
    await searchBox.fill('');
    await expect(rows(page)).toHaveCount(7);

    // the course filter: all subjects plus every distinct non-empty course
    const course = popup(page).getByRole('combobox');
    await expect(course.locator('option')).toHaveText([
      h.allSubjects,
      'Biologie',
      'Deutsch',
      'Englisch',
      'Mathematik',
    ]);
    await popup(page).getByRole('button', { name: h.next }).click();
    await expect(popup(page).getByText(h.pageOf(2, 3))).toBeVisible();
    await course.selectOption('Biologie');
    await expect(rows(page)).toHaveCount(4);
    await expect(popup(page).getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
    for (const cellText of await rows(page).locator('td:nth-child(3)').allTextContents())
      expect(cellText).toBe('Biologie');
    await course.selectOption('all');
    await expect(rows(page)).toHaveCount(7);

    // edit: more achieved than total points is refused before sending, as every points field does
    await row(page, 'Arbeit 02')
      .getByRole('button', { name: `${h.edit}: Arbeit 02` })
      .click();
    const edit = page.getByRole('dialog', { name: h.editTitle });
    await expect(edit.getByLabel(h.fields.title)).toHaveValue('Arbeit 02');
    await edit.getByLabel(h.fields.achievedPoints).fill('30');
    await edit.getByRole('button', { name: h.save }).click();
    await expect(edit.getByText(pointsMessages.range(0, 20))).toBeVisible();
    await edit.getByLabel(h.fields.achievedPoints).fill('12,5');
    await edit.getByLabel(h.fields.title).fill('Arbeit 02 (korrigiert)');
    await edit.getByLabel(h.fields.studentName).fill('Max Muster');
    await edit.getByRole('button', { name: h.save }).click();
    await expect(edit).toBeHidden();
    await expect(popup(page).getByText(h.updated)).toBeVisible();
    await expect(row(page, 'Arbeit 02 (korrigiert)')).toContainText('Max Muster');
    await expect(row(page, 'Arbeit 02 (korrigiert)')).toContainText('(12,5/20)');
    // the success message goes after 3 seconds
    await expect(popup(page).getByText(h.updated)).toBeHidden({ timeout: 6000 });

    // the point fields only when the row has points; Cancel changes nothing
    await empty.getByRole('button', { name: `${h.edit}: Leerer Eintrag` }).click();
    await expect(edit.getByLabel(h.fields.achievedPoints)).toHaveCount(0);
    await expectAccessible(page);
    await edit.getByRole('button', { name: h.cancel }).click();
    await expect(edit).toBeHidden();

    // delete: confirm, the row is gone, the pages shrink
    await row(page, 'Arbeit 03')
      .getByRole('button', { name: `${h.delete}: Arbeit 03` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: h.deleteTitle });
    await expect(confirm).toContainText(h.deleteQuestion('Arbeit 03'));
    await expect(confirm).toContainText(h.deleteWarning);
    await confirm.getByRole('button', { name: h.cancel }).click();
    await expect(row(page, 'Arbeit 03')).toHaveCount(1);
    await row(page, 'Arbeit 03')
      .getByRole('button', { name: `${h.delete}: Arbeit 03` })
      .click();
    await confirm.getByRole('button', { name: h.deleteConfirm }).click();
    await expect(popup(page).getByText(h.deleted)).toBeVisible();
    await expect(row(page, 'Arbeit 03')).toHaveCount(0);
    await expect(popup(page).getByText(h.pageOf(1, 3))).toBeVisible();
    await popup(page).getByRole('button', { name: h.next }).click();
    await popup(page).getByRole('button', { name: h.next }).click();
    await expect(rows(page)).toHaveCount(1);

    // a click on the backdrop closes the popup
    await page.mouse.click(5, 5);
    await expect(popup(page)).toBeHidden();

    // view: the popup closes and the analysis details screen opens
    await openHistory(page);
    await row(page, 'Arbeit 04')
      .getByRole('button', { name: `${h.view}: Arbeit 04` })
      .click();
    await expect(popup(page)).toBeHidden();
    await expect(page).toHaveURL(/\/analysis\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('result-view')).toContainText('Arbeit 04');

    // the analyse screen has its own history button (spec 001 §2)
    await page.goto('/dashboard/analyse');
    await openHistory(page);
    await expect(rows(page)).toHaveCount(7);
  });

  test('falls back to the cached list and names the cause when loading fails', async ({ page }) => {
    await signUpViaApi(page);
    await seed(page, [
      { title: 'Älteste', subject: 'Deutsch', ageSeconds: 4 * day },
      { title: 'Dritte', subject: 'Mathematik', ageSeconds: 3 * day },
      { title: 'Zweite', subject: 'Deutsch', ageSeconds: 2 * day },
      { title: 'Neueste', subject: 'Biologie', ageSeconds: day },
    ]);
    // a successful load fills the cache
    await page.goto('/dashboard');
    await openHistory(page);
    await expect(rows(page)).toHaveCount(4);
    await page.keyboard.press('Escape');
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('cachedAnalyses') ?? 'null'));
    expect(cached.analyses.map((item: { title: string }) => item.title)).toEqual([
      'Neueste',
      'Zweite',
      'Dritte',
      'Älteste',
    ]);

    // no network: the cause, then the cached list (searchable like the real one)
    await page.route('**/api/analyses/history**', (route) => route.abort('internetdisconnected'));
    await openHistory(page);
    await expect(popup(page).getByText(h.network)).toBeVisible({ timeout: 15_000 });
    await expect(rows(page)).toHaveCount(4);
    await popup(page).getByPlaceholder(h.searchPlaceholder).fill('deutsch');
    await expect(rows(page)).toHaveCount(2);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // a server error and an ended session have their own messages
    await page.unroute('**/api/analyses/history**');
    await page.route('**/api/analyses/history**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openHistory(page);
    await expect(popup(page).getByText(h.loadFailed)).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await page.keyboard.press('Escape');
    await page.unroute('**/api/analyses/history**');
    await page.route('**/api/analyses/history**', (route) => route.fulfill({ status: 401, body: '{}' }));
    await openHistory(page);
    await expect(popup(page).getByText(h.sessionExpired)).toBeVisible();
    await page.keyboard.press('Escape');

    // no answer within 10 seconds counts as no network
    await page.unroute('**/api/analyses/history**');
    await page.route('**/api/analyses/history**', () => undefined);
    await openHistory(page);
    await expect(popup(page).getByText(h.network)).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await page.unroute('**/api/analyses/history**');

    // the dashboard: the cause, then the first 3 cached analyses
    await page.route('**/api/dashboard', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByText(dashboardMessages.network)).toBeVisible({ timeout: 15_000 });
    const fallback = page.getByTestId('recent-analyses').getByRole('button');
    await expect(fallback).toHaveCount(3);
    await expect(fallback).toContainText(['Neueste', 'Zweite', 'Dritte']);
    await expectAccessible(page);
    await page.unroute('**/api/dashboard');
    await page.route('**/api/dashboard', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.reload();
    await expect(page.getByText(dashboardMessages.loadFailed)).toBeVisible();
  });
});
