import { chatMessages } from '@korrigo/domain';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  saveTestViaApi,
  signUpViaApi,
  test,
  testQuestion,
} from '../support/fixtures';

/**
 * A graded analysis made the way the app makes it: an answer key saved through the test creator's API, a
 * typed answer posted to the analysis API, graded by the builtin engine.
 */
async function gradedAnalysis(page: Page): Promise<string> {
  const key = await saveTestViaApi(page, {
    title: 'Bruchrechnung Klasse 6',
    subject: 'Mathematik',
    grade: '6. Klasse',
    testType: 'Multiple Choice',
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
  const created = await page.request.post('/api/analyses', {
    data: { text: '1. b\n2. Sauerstoff', title: 'Brüche', studentName: 'Mia Klein', selectedTestId: key.id },
  });
  expect(created.status(), await created.text()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const status = await page.request.get(`/api/analyses/${id}/status`);
        return ((await status.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  return id;
}

test.describe('[CHAT] chat companion', () => {
  test('a teacher asks the companion about a graded analysis and manages the chats', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    const id = await gradedAnalysis(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/analysis/${id}`);
    await expect(page.getByTestId('result-points')).toHaveText('2 / 4 Punkte');

    const panel = page.getByRole('region', { name: chatMessages.panelTitle });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(chatMessages.aiNotice);
    const log = panel.getByRole('log', { name: chatMessages.conversation });
    await expect(log).toContainText(chatMessages.greeting('Brüche'));

    const input = panel.getByLabel(chatMessages.inputLabel);
    const send = panel.getByRole('button', { name: chatMessages.send });
    await expect(send).toBeDisabled();
    await input.fill('   ');
    await expect(send).toBeDisabled();
    await input.fill('Warum wurden in Aufgabe 1 Punkte abgezogen?');
    await send.click();
    await expect(log).toContainText('Warum wurden in Aufgabe 1 Punkte abgezogen?');
    // the builtin companion answers from the result and quotes it and the student's text
    await expect(log).toContainText('Aufgabe 1: 0 von 2 Punkten, also 2 Punkte Abzug.');
    await expect(log).toContainText('Falsche Auswahl (−2 Punkte)');
    await expect(log).toContainText('Stelle in der Arbeit: „1. b“');
    await expect(page.getByTestId('result-view')).toContainText('Falsche Auswahl');
    await expect(input).toHaveValue('');
    await expectAccessible(page);

    // rename: a blank name is refused, a real one is kept on the server
    const chooser = panel.getByRole('combobox', { name: chatMessages.chooseChat });
    await expect(chooser).toHaveText('Chat 1');
    await panel.getByRole('button', { name: chatMessages.rename }).click();
    const name = panel.getByLabel(chatMessages.nameLabel);
    await name.fill('  ');
    await panel.getByRole('button', { name: chatMessages.save }).click();
    await expect(panel.getByText(chatMessages.nameRequired)).toBeVisible();
    await name.fill('Fragen zu Aufgabe 1');
    await panel.getByRole('button', { name: chatMessages.save }).click();
    await expect(chooser).toHaveText('Fragen zu Aufgabe 1');

    await page.reload();
    await expect(chooser).toHaveText('Fragen zu Aufgabe 1');
    await expect(log).toContainText('Falsche Auswahl (−2 Punkte)');

    // a second chat starts with its own greeting
    await panel.getByRole('button', { name: chatMessages.newChat }).click();
    await expect(chooser.locator('option')).toHaveText(['Fragen zu Aufgabe 1', 'Chat 2']);
    await expect(chooser.locator('option:checked')).toHaveText('Chat 2');
    await expect(log).toContainText(chatMessages.greeting('Brüche'));
    await expect(log).not.toContainText('Falsche Auswahl');
    await panel.getByRole('button', { name: 'Wie kam die Note zustande?' }).click();
    await expect(log).toContainText('Die Note 4- ergibt sich aus 2 von 4 Punkten (50 %).');

    // delete asks first; cancelling keeps the chat
    await panel.getByRole('button', { name: chatMessages.delete }).click();
    const dialog = page.getByRole('alertdialog', { name: chatMessages.deleteTitle });
    await expect(dialog).toContainText('Der Chat „Chat 2“ wird mit allen Nachrichten gelöscht.');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(chooser.locator('option')).toHaveCount(2);
    await panel.getByRole('button', { name: chatMessages.delete }).click();
    await dialog.getByRole('button', { name: chatMessages.deleteConfirm }).click();
    await expect(chooser.locator('option')).toHaveText(['Fragen zu Aufgabe 1']);
    await expect(log).toContainText('Falsche Auswahl (−2 Punkte)');

    // the last chat stays
    await panel.getByRole('button', { name: chatMessages.delete }).click();
    await expect(page.getByText(chatMessages.lastChat)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(chooser.locator('option')).toHaveCount(1);

    const stored = await page.request.get(`/api/chats?userId=${await userIdOf(page)}&analysisId=${id}`);
    expect(((await stored.json()) as { chats: { name: string }[] }).chats.map((c) => c.name)).toEqual([
      'Fragen zu Aufgabe 1',
    ]);
  });

  test('the companion opens from the dashboard overlay too', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    await gradedAnalysis(page);
    await page.goto('/dashboard');
    await page.getByText('Brüche', { exact: true }).first().click();
    const overlay = page.getByTestId('analysis-overlay');
    await expect(overlay.getByTestId('result-points')).toHaveText('2 / 4 Punkte');
    await overlay.getByRole('button', { name: chatMessages.open }).click();
    const drawer = page.getByRole('dialog', { name: chatMessages.panelTitle });
    await expect(drawer.getByRole('log')).toContainText(chatMessages.greeting('Brüche'));
    // closing the drawer leaves the result open
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(overlay).toBeVisible();
  });

  test('on a phone the companion opens as a drawer', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    const id = await gradedAnalysis(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/analysis/${id}`);
    await expect(page.getByTestId('result-points')).toHaveText('2 / 4 Punkte');
    await expect(page.getByRole('region', { name: chatMessages.panelTitle })).toHaveCount(0);

    await page.getByRole('button', { name: chatMessages.open }).click();
    const drawer = page.getByRole('dialog', { name: chatMessages.panelTitle });
    await expect(drawer.getByRole('log')).toContainText(chatMessages.greeting('Brüche'));
    await drawer.getByLabel(chatMessages.inputLabel).fill('Was sollte geübt werden?');
    await drawer.getByLabel(chatMessages.inputLabel).press('Enter');
    await expect(drawer.getByRole('log')).toContainText(
      'Laut Ergebnis lohnt es sich, vor allem das zu üben:',
    );
    await expectAccessible(page);

    // closing and opening again keeps the conversation
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: chatMessages.open }).click();
    await expect(drawer.getByRole('log')).toContainText('Was sollte geübt werden?');
  });
});

async function userIdOf(page: Page): Promise<string> {
  const session = await page.request.get('/api/auth/get-session');
  return encodeURIComponent(((await session.json()) as { user: { id: string } }).user.id);
}
