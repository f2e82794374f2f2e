import fs from 'node:fs';
import { testCreatorMessages } from '@korrigo/domain';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

// A 1×1 PNG: an uploaded image resource that the PDF embeds.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const title = 'Brüche & Größen – Übung für schlaue Köpfe';

/** The text of every page and the page sizes of a PDF, read with pdf.js as the grading engine does. */
async function readPdf(download: Download): Promise<{ text: string; sizes: number[][] }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(fs.readFileSync((await download.path())!));
  const pdf = await getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 })
    .promise;
  let text = '';
  const sizes: number[][] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    sizes.push([Math.round(viewport.width), Math.round(viewport.height)]);
    const content = await page.getTextContent();
    text +=
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('') +
      '\n';
  }
  await pdf.destroy();
  return { text, sizes };
}

const status = (page: Page) => page.getByTestId('status-message');
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });
const question = (page: Page, index: number) => page.getByTestId('question-card').nth(index);
const addQuestion = (page: Page) => page.getByRole('button', { name: 'Neue Frage hinzufügen' }).click();
const card = (page: Page, cardTitle: string) =>
  page
    .getByTestId('saved-test-card')
    .filter({ has: page.getByRole('heading', { name: cardTitle, exact: true }) });

async function fillQuestion(q: Locator, type: string, text: string, points: number) {
  await q.getByLabel('Fragetyp').selectOption({ label: type });
  await q.getByLabel(type === 'Lückentext' ? 'Lückentext' : 'Fragetext', { exact: true }).fill(text);
  await q.getByLabel('Punkte', { exact: true }).fill(String(points));
}

test.describe('[TESTGEN] KI-Testkreator', () => {
  test('a teacher builds, previews, exports, saves, reloads, duplicates and deletes a test', async ({
    page,
  }) => {
    // one long story on a 2-core machine: four axe scans and two PDFs
    test.setTimeout(240_000);
    await signUpViaApi(page, { accountType: 'teacher' });
    await page.goto('/dashboard/testgen');
    await expect(page.getByRole('heading', { level: 1, name: testCreatorMessages.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neue Frage hinzufügen' })).toBeVisible();
    // no draft yet: the defaults of spec 001 §9 and one blank question
    await expect(status(page)).not.toHaveText(testCreatorMessages.draftLoaded);
    await expect(page.getByLabel('Fach')).toHaveValue('Mathematik');
    await expect(page.getByLabel('Klassenstufe')).toHaveValue('5. Klasse');
    await expect(page.getByLabel('Testtyp')).toHaveValue('Multiple Choice');
    await expect(page.getByLabel('Dauer')).toHaveValue('45');
    await expect(tab(page, 'Fragen (1)')).toBeVisible();
    await expectAccessible(page);

    // saving needs a title; the status message vanishes after 2 s
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(status(page)).toHaveText(testCreatorMessages.titleRequired);
    await expect(status(page)).toHaveText('', { timeout: 3500 });

    await page.getByLabel('Titel des Tests').fill(title);
    await page.getByLabel('Testtyp').selectOption('Kombiniert');
    await page.getByLabel('Dauer').selectOption('60');
    await page.getByLabel('Thema oder Unterrichtseinheit').fill('Brüche kürzen, erweitern und vergleichen');
    await page.getByLabel('Lernziele').fill('Die Schüler können Brüche in Dezimalzahlen umwandeln.');

    // without an LLM, generation says the function comes soon (spec 001 §2), not a server setting
    await page.getByRole('button', { name: 'Test generieren' }).click();
    await expect(page.getByText(testCreatorMessages.generateComingSoon)).toBeVisible();

    // resources: a text and an uploaded image with its preview
    await tab(page, /Ressourcen/).click();
    await page.getByRole('button', { name: 'Ressource hinzufügen' }).click();
    const text = page.getByTestId('resource-card').nth(0);
    await text.getByLabel('Titel').fill('Sachtext');
    await text.getByLabel('Inhalt').fill('Äpfel und Birnen werden gerecht geteilt.');
    await text.getByLabel('Quelle').fill('Lehrbuch S. 12');
    await page.getByRole('button', { name: 'Ressource hinzufügen' }).click();
    const image = page.getByTestId('resource-card').nth(1);
    await image.getByLabel('Typ').selectOption({ label: 'Bild' });
    await image.getByLabel('Titel').fill('Diagramm');
    await image
      .locator('input[type=file]')
      .setInputFiles({ name: 'diagramm.png', mimeType: 'image/png', buffer: png });
    await expect(image.getByRole('img', { name: 'Vorschau: Diagramm' })).toBeVisible();

    // questions of all four types
    await tab(page, /Fragen/).click();
    const mc = question(page, 0);
    await fillQuestion(mc, 'Multiple Choice', 'Was ist die Hälfte von 1?', 2);
    await mc.getByLabel('Antwort A', { exact: true }).fill('1/2');
    await mc.getByLabel('Antwort A ist richtig').check();
    await mc.getByLabel('Antwort B', { exact: true }).fill('2');
    await mc.getByLabel('Antwort C', { exact: true }).fill('0');
    await mc.getByRole('button', { name: 'Antwort D entfernen' }).click();
    await mc.getByLabel('Sachtext').check();

    await addQuestion(page);
    const open = question(page, 1);
    await fillQuestion(open, 'Offene Frage', 'Erkläre, wie man einen Bruch kürzt.', 3);
    await open
      .getByLabel('Erwartungshorizont (Musterlösung)')
      .fill('Zähler und Nenner durch dieselbe Zahl teilen (2 P)');

    await addQuestion(page);
    const cloze = question(page, 2);
    await fillQuestion(cloze, 'Lückentext', 'Ein Viertel ist [..] und die Hälfte ist [..].', 2);
    await cloze.getByLabel('Lücke 1').fill('0,25');
    await cloze.getByLabel('Lücke 2').fill('0,5');

    await addQuestion(page);
    const matching = question(page, 3);
    await fillQuestion(matching, 'Zuordnung', 'Ordne die Brüche den Dezimalzahlen zu.', 1);
    await matching.getByLabel('Paar 1 links').fill('1/2');
    await matching.getByLabel('Paar 1 rechts').fill('0,5');
    await matching.getByRole('button', { name: 'Paar hinzufügen' }).click();
    await matching.getByLabel('Paar 2 links').fill('1/4');
    await matching.getByLabel('Paar 2 rechts').fill('0,25');
    await matching.getByRole('button', { name: 'Paar hinzufügen' }).click();
    await matching.getByLabel('Paar 3 links').fill('3/4');
    await matching.getByLabel('Paar 3 rechts').fill('0,75');
    // spec 001 §2: the first pair cannot be removed
    await expect(matching.getByRole('button', { name: 'Paar 1 entfernen' })).toHaveCount(0);
    await expect(matching.getByRole('button', { name: 'Paar 2 entfernen' })).toBeVisible();
    await matching.getByLabel('Diagramm').check();
    await expectAccessible(page);

    // the preview
    await tab(page, 'Vorschau').click();
    const preview = page.getByRole('article', { name: 'Vorschau des Tests' });
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview).toContainText('Mathematik');
    await expect(preview).toContainText('60 Minuten');
    await expect(preview).toContainText('Brüche kürzen, erweitern und vergleichen');
    const items = preview.getByTestId('preview-question');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('1. Was ist die Hälfte von 1?');
    await expect(items.nth(0)).toContainText('2 Punkte');
    await expect(items.nth(0)).toContainText('Äpfel und Birnen werden gerecht geteilt.');
    await expect(items.nth(1)).toContainText('3 Punkte');
    await expect(items.nth(3)).toContainText('1 Punkt');
    await expect(items.nth(3)).not.toContainText('1 Punkte');
    await expect(items.nth(2).getByTestId('cloze-blank')).toHaveCount(2);
    await expect(items.nth(2).getByTestId('cloze-text')).not.toContainText('[..]');
    await expect(items.nth(3).getByRole('img', { name: 'Diagramm' })).toBeVisible();
    const right = await items.nth(3).getByTestId('matching-right').locator('li').allInnerTexts();
    const rightValues = right.map((line) => line.replace(/^[A-C]\.\s*/, ''));
    expect([...rightValues].sort()).toEqual(['0,25', '0,5', '0,75']);
    expect(rightValues).not.toEqual(['0,5', '0,25', '0,75']);
    await expectAccessible(page);

    // PDF: real text, A4 portrait, umlauts and ß intact, answer areas as in the preview
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF herunterladen' }).click(),
    ]);
    await expect(status(page)).toHaveText(testCreatorMessages.pdfCreated);
    const pdf = await readPdf(pdfDownload);
    for (const [width, height] of pdf.sizes) expect([width, height]).toEqual([595, 842]);
    for (const expected of [
      title,
      'Fach: Mathematik',
      'Dauer: 60 Minuten',
      '1. Was ist die Hälfte von 1?',
      '2 Punkte',
      'Äpfel und Birnen werden gerecht geteilt.',
      'Quelle: Lehrbuch S. 12',
      'A) 1/2',
      '2. Erkläre, wie man einen Bruch kürzt.',
      'Ein Viertel ist',
      '(1) __________',
      '4. Ordne die Brüche den Dezimalzahlen zu.',
      '0,75',
      'Name:',
    ]) {
      expect(pdf.text, expected).toContain(expected);
    }
    expect(pdf.text).not.toContain('(richtig)');
    expect(pdf.text).not.toContain('Zähler und Nenner');

    const [solutionDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Lösungsblatt (PDF)' }).click(),
    ]);
    const solution = await readPdf(solutionDownload);
    for (const expected of [
      `${testCreatorMessages.solutionSheet}: ${title}`,
      'A) 1/2 (richtig)',
      'Zähler und Nenner durch dieselbe Zahl teilen (2 P)',
      '0,25',
      '0,5',
    ]) {
      expect(solution.text, expected).toContain(expected);
    }

    // save, then the saved-tests grid
    await page.getByRole('button', { name: 'Test speichern' }).click();
    await expect(status(page)).toHaveText(testCreatorMessages.saved);
    await tab(page, 'Gespeicherte Tests').click();
    const saved = card(page, title);
    await expect(saved).toContainText('Mathematik · 5. Klasse');
    await expect(saved).toContainText('Kombiniert');
    await expect(saved).toContainText('60 Minuten');
    await expect(saved.locator('dd').nth(2)).toHaveText('4');
    await expect(saved).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    await expect(saved).toContainText('Brüche kürzen, erweitern und vergleichen');
    await expectAccessible(page);

    // reload: the draft comes back, the saved test is still on the server
    await page.reload();
    await expect(status(page)).toHaveText(testCreatorMessages.draftLoaded);
    await expect(page.getByLabel('Titel des Tests')).toHaveValue(title);
    await expect(tab(page, 'Fragen (4)')).toBeVisible();
    await tab(page, 'Gespeicherte Tests').click();
    await expect(card(page, title)).toBeVisible();

    // saving over the saved test asks first
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: testCreatorMessages.overwriteTitle })).toBeVisible();
    await page.getByRole('button', { name: testCreatorMessages.overwriteConfirm }).click();
    await expect(status(page)).toHaveText(testCreatorMessages.saved);

    // loading over unsaved edits asks first; cancel keeps the edits, 'Test laden' replaces them
    await tab(page, 'Grundeinstellungen').click();
    await page.getByLabel('Titel des Tests').fill('Ungespeicherter Titel');
    await tab(page, 'Gespeicherte Tests').click();
    await page.getByRole('button', { name: `„${title}“ bearbeiten` }).click();
    const unsaved = page.getByRole('alertdialog', { name: testCreatorMessages.unsavedChangesTitle });
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Abbrechen' }).click();
    await tab(page, 'Grundeinstellungen').click();
    await expect(page.getByLabel('Titel des Tests')).toHaveValue('Ungespeicherter Titel');
    await tab(page, 'Gespeicherte Tests').click();
    await page.getByRole('button', { name: `„${title}“ bearbeiten` }).click();
    await unsaved.getByRole('button', { name: testCreatorMessages.loadTest }).click();
    await expect(page.getByLabel('Titel des Tests')).toHaveValue(title);
    await expect(tab(page, 'Fragen (4)')).toBeVisible();

    // duplicate: a second card with ' (Kopie)'
    await tab(page, 'Gespeicherte Tests').click();
    await page.getByRole('button', { name: `„${title}“ duplizieren` }).click();
    await expect(card(page, `${title} (Kopie)`)).toBeVisible();
    await expect(page.getByTestId('saved-test-card')).toHaveCount(2);

    // delete the copy, with confirmation
    await page.getByRole('button', { name: `„${title} (Kopie)“ löschen` }).click();
    await page
      .getByRole('alertdialog', { name: testCreatorMessages.deleteTitle })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await expect(page.getByTestId('saved-test-card')).toHaveCount(1);
    await expect(card(page, title)).toBeVisible();

    // a new test asks first when the editor has content
    await page.getByRole('button', { name: 'Neuer Test' }).click();
    await page
      .getByRole('alertdialog', { name: testCreatorMessages.newTestTitle })
      .getByRole('button', { name: testCreatorMessages.newTestConfirm })
      .click();
    await expect(page.getByLabel('Titel des Tests')).toHaveValue('');
    await expect(tab(page, 'Fragen (1)')).toBeVisible();
  });

  test('the help dialog closes with "Verstanden"; an empty question list shows its empty state', async ({
    page,
  }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    await page.goto('/dashboard/testgen');
    await page.getByRole('button', { name: 'Hilfe' }).click();
    const help = page.getByRole('dialog');
    await expect(help).toBeVisible();
    await expectAccessible(page);
    await help.getByRole('button', { name: testCreatorMessages.understood }).click();
    await expect(help).toBeHidden();
    await tab(page, /Fragen/).click();
    await page.getByRole('button', { name: 'Frage 1 entfernen' }).click();
    await expect(page.getByText(testCreatorMessages.noQuestions)).toBeVisible();
  });

  test('students do not see the test creator and the API refuses them', async ({ page }) => {
    const student = await signUpViaApi(page, {
      accountType: 'student',
      bundesland: '',
      school: '',
      subjects: [],
      classLevel: '8. Klasse',
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard-Navigation' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mein Lernprofil' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Testgenerator' })).toHaveCount(0);
    await page.goto('/dashboard/testgen');
    await expect(page.getByText(testCreatorMessages.teachersOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toHaveCount(0);
    const session = await (await page.request.get('/api/auth/get-session')).json();
    const response = await page.request.get(`/api/tests/${session.user.id}`);
    expect(response.status()).toBe(403);
    expect((await response.json()).error.message).toBe(testCreatorMessages.teachersOnly);
    expect(student.accountType).toBe('student');
  });
});

test.describe('[TESTGEN] failures', () => {
  test('every failing call shows its spec 001 §8 alert or status text', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    const session = await (await page.request.get('/api/auth/get-session')).json();
    const userId: string = session.user.id;
    const gone = {
      id: 'gone-test',
      title: 'Verschwindet gleich',
      subject: 'Physik',
      grade: '9. Klasse',
      testType: 'Offene Fragen',
      duration: 30,
      topic: '',
      learningObjectives: '',
      lastSaved: '',
      userId,
      questions: [],
      resources: [],
    };
    expect((await page.request.post('/api/tests', { data: gone })).status()).toBe(200);

    // the list cannot be loaded
    await page.route(`**/api/tests/${userId}`, (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/dashboard/testgen');
    await expect(page.getByText(testCreatorMessages.listFailed).first()).toBeVisible();
    await page.unroute(`**/api/tests/${userId}`);

    await tab(page, 'Gespeicherte Tests').click();
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await expect(card(page, gone.title)).toBeVisible();
    // another tab deletes the test: loading, duplicating and deleting it now fail
    expect((await page.request.delete(`/api/tests/${userId}/${gone.id}`)).status()).toBe(200);
    await page.getByRole('button', { name: `„${gone.title}“ bearbeiten` }).click();
    await expect(page.getByText(testCreatorMessages.notFound)).toBeVisible();
    await page.getByRole('button', { name: `„${gone.title}“ duplizieren` }).click();
    await expect(page.getByText(testCreatorMessages.duplicateFailed)).toBeVisible();
    await page.goto('/dashboard/testgen');
    await page.route(`**/api/tests/${userId}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([gone]) }),
    );
    await tab(page, 'Gespeicherte Tests').click();
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await page.getByRole('button', { name: `„${gone.title}“ löschen` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText(testCreatorMessages.deleteFailed)).toBeVisible();
    await page.unroute(`**/api/tests/${userId}`);

    // a failing save and a failing PDF give their status texts
    await tab(page, 'Grundeinstellungen').click();
    await page.getByLabel('Titel des Tests').fill('Speichern scheitert');
    await page.route('**/api/tests', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(status(page)).toHaveText(testCreatorMessages.saveFailed);
    await page.unroute('**/api/tests');
    await page.route('**/assets/pdfmake*.js', (route) => route.abort());
    await tab(page, 'Vorschau').click();
    await page.getByRole('button', { name: 'PDF herunterladen' }).click();
    await expect(status(page)).toHaveText(testCreatorMessages.pdfFailed);
  });
});
