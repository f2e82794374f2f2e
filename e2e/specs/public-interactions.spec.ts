import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';

const activeSlide = (page: Page, carousel: string) =>
  page.getByRole('region', { name: carousel }).locator('[data-testid=carousel-slide][data-active=true]');

/** Fake timers from the first script on; once the page is there, time stops and moves only when told. */
async function openWithPausedClock(page: Page, path: string, heading: string) {
  await page.clock.install({ time: new Date('2025-05-01T08:00:00Z') });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.clock.pauseAt(new Date('2025-05-01T09:00:00Z'));
}

test('[PUBLIC] home: counters step every 16 ms once they come into view', async ({ page }) => {
  await openWithPausedClock(page, '/', 'Tests korrigieren in Minuten statt Stunden');
  const figures = page.locator('#zahlen [data-testid=counter-value]');
  await expect(figures.first()).toHaveText('0,0 %');
  await figures.first().scrollIntoViewIfNeeded();
  // The observer that notices the scroll reports after a rendering step, not on the paused clock: step the
  // clock 16 ms at a time until the count has begun, so a busy machine cannot make the test race it.
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return figures.first().innerText();
    })
    .not.toBe('0,0 %');
  expect(await figures.first().innerText()).not.toBe('93,3 %');
  await page.clock.runFor(16 * 94);
  await expect(figures.nth(0)).toHaveText('93,3 %');
  await expect(figures.nth(1)).toHaveText('15x');
  await expect(figures.nth(2)).toHaveText('95 %');
  // the hero's counters end at the spec's figures
  const hero = page.locator('main [data-testid=counter-value]');
  await expect(hero.nth(0)).toHaveText('16');
  await expect(hero.nth(1)).toHaveText('4');
  await expect(hero.nth(2)).toHaveText('3');
});

test('[PUBLIC] home: the 3-slide slideshow advances every 3000 ms and wraps around', async ({ page }) => {
  await openWithPausedClock(page, '/', 'Tests korrigieren in Minuten statt Stunden');
  const slideshow = 'Einblicke in Korrigo';
  const region = page.getByRole('region', { name: slideshow });
  await expect(region.locator('[data-testid=carousel-slide]')).toHaveCount(3);
  // start from a known moment: choosing slide 1 starts a fresh interval now
  await region.getByRole('button', { name: /^Folie 1:/ }).click();
  await expect(activeSlide(page, slideshow)).toHaveAttribute('aria-label', /^1 von 3/);
  await page.clock.runFor(2999);
  await expect(activeSlide(page, slideshow)).toHaveAttribute('aria-label', /^1 von 3/);
  await page.clock.runFor(1);
  await expect(activeSlide(page, slideshow)).toHaveAttribute('aria-label', /^2 von 3/);
  await page.clock.runFor(3000);
  await expect(activeSlide(page, slideshow)).toHaveAttribute('aria-label', /^3 von 3/);
  await page.clock.runFor(3000);
  await expect(activeSlide(page, slideshow)).toHaveAttribute('aria-label', /^1 von 3/);
});

test('[PUBLIC] about: 4 slides every 5 s with wraparound, previous/next, dots restart the timer', async ({
  page,
}) => {
  await openWithPausedClock(page, '/about', 'Von Schülern für Schulen');
  const carousel = 'Stationen von Korrigo';
  const region = page.getByRole('region', { name: carousel });
  await expect(region.locator('[data-testid=carousel-slide]')).toHaveCount(4);
  await region.getByRole('button', { name: /^Folie 1:/ }).click();
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^1 von 4/);
  await page.clock.runFor(4999);
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^1 von 4/);
  await page.clock.runFor(1);
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^2 von 4/);
  await region.getByRole('button', { name: 'Vorherige Folie' }).click();
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^1 von 4/);
  await region.getByRole('button', { name: 'Vorherige Folie' }).click();
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^4 von 4/);
  await region.getByRole('button', { name: 'Nächste Folie' }).click();
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^1 von 4/);

  // 3 s into an interval a dot is clicked: the next change comes 5 s after the click, not 2 s.
  await page.clock.runFor(3000);
  await region.getByRole('button', { name: /^Folie 4:/ }).click();
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^4 von 4/);
  await page.clock.runFor(4999);
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^4 von 4/);
  await page.clock.runFor(1);
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^1 von 4/);
  // clicking the dot of the slide already shown restarts the timer as well
  await page.clock.runFor(4000);
  await region.getByRole('button', { name: /^Folie 1:/ }).click();
  await page.clock.runFor(4999);
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^1 von 4/);
  await page.clock.runFor(1);
  await expect(activeSlide(page, carousel)).toHaveAttribute('aria-label', /^2 von 4/);
});

test('[PUBLIC] about: the map sits on the office with a marker and a route-planning popup', async ({
  page,
}) => {
  await page.goto('/about');
  const map = page.getByTestId('office-map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.office-pin')).toBeVisible();
  const popupLink = map.locator('.leaflet-popup').getByRole('link', { name: 'Route planen' });
  await expect(popupLink).toBeVisible();
  await expect(popupLink).toHaveAttribute('href', /50\.9287.*11\.5899/);
  await expectAccessible(page);
});

test('[PUBLIC] pricing: the toggle switches to annual prices with 20 % off, trials shown', async ({
  page,
}) => {
  await page.goto('/pricing');
  const monthly = page.getByRole('button', { name: 'Monatlich' });
  const annual = page.getByRole('button', { name: 'Jährlich (−20 %)' });
  await expect(monthly).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('price-basic')).toContainText('10 €');
  await expect(page.getByTestId('price-premium_teacher')).toContainText('15 €');
  await expect(page.getByTestId('price-pro_team')).toContainText('40 €');
  await annual.click();
  await expect(annual).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('price-basic')).toContainText('8 €');
  await expect(page.getByTestId('price-basic')).toContainText('96 € jährlich abgerechnet');
  await expect(page.getByTestId('price-premium_student')).toContainText('96 € jährlich abgerechnet');
  await expect(page.getByTestId('price-premium_teacher')).toContainText('144 € jährlich abgerechnet');
  await expect(page.getByTestId('price-pro_team')).toContainText('384 € jährlich abgerechnet');
  await expect(page.getByTestId('plan-enterprise')).toContainText('Auf Anfrage');
  await expect(page.getByTestId('plan-basic')).toContainText('7 Tage kostenlos testen');
  await expect(page.getByTestId('plan-premium_student')).toContainText('7 Tage kostenlos testen');
  await expect(page.getByTestId('plan-premium_teacher')).toContainText('14 Tage kostenlos testen');
  await expect(page.getByTestId('plan-pro_team')).toContainText('14 Tage kostenlos testen');
  await monthly.click();
  await expect(page.getByTestId('price-basic')).toContainText('monatlich kündbar');
  // the pricing FAQ: 3 questions, one open at a time
  const faq = page.locator('#preise-faq').getByRole('button');
  await expect(faq).toHaveCount(3);
  await expect(faq.nth(0)).toHaveAttribute('aria-expanded', 'true');
});

test('[PUBLIC] contact: validation, „Sendet...“, success with reset', async ({ page }) => {
  await page.goto('/contact');
  const send = page.getByRole('button', { name: 'Nachricht senden' });
  await expect(page.getByLabel('Betreff')).toHaveValue('allgemein');

  await send.click();
  await expect(page.getByText('Bitte gib deinen Namen ein.')).toBeVisible();
  await expect(page.getByText('Bitte schreib uns eine Nachricht.')).toBeVisible();
  await expect(page.getByText('Bitte stimme der Datenschutzerklärung zu.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('erika@example.de');
  await page.getByLabel('Betreff').selectOption('support');
  await page.getByLabel('Ich bin').selectOption('lehrer');
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Wie lade ich einen ganzen Klassensatz hoch?');
  await send.click();
  // still without consent
  await expect(page.getByText('Bitte stimme der Datenschutzerklärung zu.')).toBeVisible();
  await page.getByRole('checkbox').check();

  // hold the request to see the submitting state
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const answer = page.waitForResponse('**/api/contact');
  await send.click();
  const sending = page.getByRole('button', { name: 'Sendet...' });
  await expect(sending).toBeDisabled();
  release();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect((await response.json()).id).toBeTruthy();
  await expect(page.getByText('Nachricht erfolgreich gesendet!')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
  await expect(page.getByLabel('Betreff')).toHaveValue('allgemein');
  await expect(page.getByRole('checkbox')).not.toBeChecked();
  await expectAccessible(page);
});

test('[PUBLIC] contact: a failing server shows the spec failure alert and keeps the input', async ({
  page,
}) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"x"}}',
    }),
  );
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('erika@example.de');
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Hallo');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(
    page.getByText('Es ist ein Fehler aufgetreten. Bitte versuche es später erneut.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Hallo');
});

test('[PUBLIC] terms: 23 sections with a table of contents; back-to-top after 300 px', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('navigation', { name: 'Inhaltsverzeichnis' }).getByRole('link')).toHaveCount(
    23,
  );
  await expect(page.locator('main h2', { hasText: /^§ \d+ / })).toHaveCount(23);
  await expect(page.getByText('Stand: 1. März 2025').first()).toBeVisible();
  const main = page.locator('main');
  await expect(main).toContainText('mindestens 13 Jahre alt');
  await expect(main).toContainText('30 Tage vor ihrem Inkrafttreten');
  await expect(main).toContainText('innerhalb von 30 Tagen nach Abschluss zurückgeben');
  const backToTop = page.getByRole('button', { name: 'Nach oben' });
  await expect(backToTop).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 300));
  await page.waitForTimeout(100);
  await expect(backToTop).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(backToTop).toHaveCount(0);
});

test('[PUBLIC] updates: sidebar with AI and website releases, smooth scroll, active section', async ({
  page,
}) => {
  await page.goto('/updates');
  const sidebar = page.getByRole('navigation', { name: 'Versionen' });
  for (const v of ['2.0 (demnächst)', '1.4', '1.3', '1.2', '1.1', '1.0']) {
    await expect(sidebar.getByRole('link', { name: `Version ${v}` }).first()).toBeVisible();
  }
  await expect(page.getByTestId('active-category')).toHaveText('KI-Modell');
  await sidebar.getByRole('link', { name: 'Version 2.0', exact: true }).click();
  await expect(page).toHaveURL(/#website-2-0$/);
  await expect(page.getByTestId('active-category')).toHaveText('Website');
  await expect(page.locator('#website-2-0')).toBeInViewport();
  await expect(page.locator('#website-2-0')).toContainText('Neue Website und neues Dashboard');
  await sidebar.getByRole('link', { name: 'Version 1.4' }).click();
  await expect(page.getByTestId('active-category')).toHaveText('KI-Modell');
  await expect(page.locator('#ai-1-4')).toContainText('Modell: Korrigo KI 1.4');
});

test('[PUBLIC] /demo opens a ready demo account without a sign-up', async ({ page }) => {
  await page.goto('/demo');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const session = await page.request.get('/api/profile');
  expect(session.status()).toBe(200);
  expect(await session.json()).toMatchObject({ accountType: 'teacher', school: 'Demo-Gymnasium Jena' });
});
