import {
  analysisMessages,
  analysisScreenMessages,
  learningAssistantMessages as la,
  learningProfileMessages as lp,
} from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

test.describe('[ROLES] a pupil sees the spec’s student navigation and reads her own result (issue 33 §5)', () => {
  test('her sidebar, her Text prüfen in the Lern-Assistent, her view of the result and the way back', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, { accountType: 'student', name: 'Mia Sommer', subjects: [], classLevel: '7' });

    // spec 001 §2: learning profile and learning support; no classes, test generator or lesson planning
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard-Navigation' });
    await expect(nav.getByRole('link', { name: 'Mein Lernprofil' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Lernunterstützung' })).toBeVisible();
    for (const hidden of ['Meine Klassen', 'Testgenerator', 'Unterrichtsplanung']) {
      await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
    }

    // the teachers' screens, opened anyway: her learning profile, or a calm word
    await page.goto('/dashboard/classes');
    await expect(page).toHaveURL(/\/dashboard\/mytests$/);
    await expect(page.getByRole('heading', { level: 1, name: lp.title })).toBeVisible();
    await page.goto('/dashboard/analyse?method=class');
    await expect(page.getByRole('tab', { name: analysisScreenMessages.methods.manual })).toBeVisible();
    await expect(page.getByRole('tab', { name: analysisScreenMessages.methods.class })).toHaveCount(0);

    // Text prüfen in the Lern-Assistent: with no results yet, the one tool that works from the start
    await page.goto('/dashboard/essayfeed');
    await expect(page.getByRole('heading', { level: 1, name: la.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: la.toolAnalyze })).toBeVisible();
    await page
      .getByRole('textbox', { name: la.analyzeText })
      .fill('Ich glaube das der Sommer schön wird. Wir fahren ans Meer und baden jeden tag.');
    await page.getByRole('button', { name: la.analyzeSubmit }).click();

    // her view: du, her name, the grade and what was found; none of the teacher's review
    await expect(page).toHaveURL(/\/analysis\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: la.resultTitle })).toBeVisible();
    const view = page.getByTestId('pupil-result');
    await expect(view).toBeVisible({ timeout: 90_000 });
    await expect(view.getByText(la.resultGreeting('Mia Sommer'))).toBeVisible();
    await expect(view.getByTestId('grade-card')).toBeVisible();
    await expect(view.getByRole('heading', { name: la.resultYourText })).toBeVisible();
    await expect(view.getByRole('button')).toHaveCount(0);
    await expect(view.getByRole('spinbutton')).toHaveCount(0);
    await expect(view.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText(/Bewertung bestätigen|Von der Lehrkraft bestätigt|KI-Vorschlag/)).toHaveCount(
      0,
    );
    await expectAccessible(page);

    // the server refuses her the review too
    const id = page.url().split('/').pop()!;
    const confirm = await page.request.post(`/api/analyses/${id}/confirm`);
    expect(confirm.status()).toBe(403);
    expect((await confirm.json()).error.message).toBe(analysisMessages.reviewTeachersOnly);

    // and back to the Lern-Assistent
    await page.getByRole('link', { name: la.resultBack }).click();
    await expect(page).toHaveURL(/\/dashboard\/essayfeed$/);
    await expect(page.getByRole('heading', { level: 1, name: la.title })).toBeVisible();
  });
});
