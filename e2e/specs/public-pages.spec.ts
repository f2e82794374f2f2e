import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';

// Every public route (spec 000 §2): German title and heading, no console errors, no serious axe findings,
// and no request to any host but our own.
const routes = [
  {
    path: '/',
    title: /Korrigo – KI-gestützte Korrektur für Schulen/,
    heading: 'Tests korrigieren in Minuten statt Stunden',
  },
  { path: '/pricing', title: /^Preise – Korrigo$/, heading: 'Ein Tarif für jede Klasse' },
  { path: '/features', title: /^Funktionen – Korrigo$/, heading: 'Was Korrigo für dich leistet' },
  { path: '/faq', title: /^Häufige Fragen – Korrigo$/, heading: 'Häufige Fragen' },
  { path: '/about', title: /^Über uns – Korrigo$/, heading: 'Von Schülern für Schulen' },
  { path: '/contact', title: /^Kontakt – Korrigo$/, heading: 'Wir sind für dich da' },
  { path: '/updates', title: /^Updates – Korrigo$/, heading: 'Was ist neu bei Korrigo?' },
  {
    path: '/terms',
    title: /^Allgemeine Geschäftsbedingungen – Korrigo$/,
    heading: 'Allgemeine Geschäftsbedingungen',
  },
  { path: '/impressum', title: /^Impressum – Korrigo$/, heading: 'Impressum' },
  { path: '/datenschutz', title: /^Datenschutzerklärung – Korrigo$/, heading: 'Datenschutzerklärung' },
];

function recordForeignRequests(page: Page) {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) {
      foreign.push(request.url());
    }
  });
  return foreign;
}

/** Scrolls through the page so that everything loaded on demand (charts, map) is loaded and scanned too. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle');
}

for (const route of routes) {
  test(`[PUBLIC] ${route.path} renders in German with its heading and passes axe`, async ({ page }) => {
    const foreign = recordForeignRequests(page);
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(page).toHaveTitle(route.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await scrollThrough(page);
    await expectAccessible(page);
    expect(foreign).toEqual([]);
  });
}

test('[PUBLIC] an unknown path shows the German 404 page with a way home', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  await expect(page).toHaveTitle(/Seite nicht gefunden/);
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});

test('[PUBLIC] signup.html and contact.html lead to their routes', async ({ page }) => {
  await page.goto('/contact.html');
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wir sind für dich da' })).toBeVisible();
  await page.goto('/signup.html');
  await expect(page).toHaveURL(/\/signup$/);
});

test('[PUBLIC] the header and footer link the public pages and the legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const name of ['AGB', 'Impressum', 'Datenschutz']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Preise' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ein Tarif für jede Klasse' })).toBeVisible();
});

test('[PUBLIC] FAQ: 9 questions, the first open, only one open at a time, a link to /contact', async ({
  page,
}) => {
  await page.goto('/faq');
  const triggers = page.locator('main').getByRole('button');
  await expect(triggers).toHaveCount(9);
  await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true');
  for (let i = 1; i < 9; i++) await expect(triggers.nth(i)).toHaveAttribute('aria-expanded', 'false');
  await triggers.nth(4).click();
  await expect(triggers.nth(4)).toHaveAttribute('aria-expanded', 'true');
  await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('main [data-state=open][role=region]')).toHaveCount(1);
  // collapsible: the open one can be closed
  await triggers.nth(4).click();
  await expect(page.locator('main [aria-expanded=true]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Kontakt aufnehmen' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('[PUBLIC] the FAQ and the pricing page tell the same figures as the plan table', async ({ page }) => {
  // spec 000 §1 names other figures (10 free gradings, up to 150 for teachers); ADR 0018 joins them: Freemium
  // is 5 a month for teachers and 10 for students, Premium Lehrer is unlimited (no 150).
  await page.goto('/faq');
  const main = page.locator('main');
  for (const question of [
    'Was kostet Korrigo?',
    'Kann Korrigo Handschrift lesen?',
    'Gibt es Schullizenzen?',
  ]) {
    await main.getByRole('button', { name: question }).click();
    const answer = await main.locator('[role=region][data-state=open]').innerText();
    expect(answer).not.toMatch(/\b10 (Korrekturen|Analysen)\b|150/);
    if (question === 'Was kostet Korrigo?') {
      expect(answer).toContain('5 Analysen pro Monat für Lehrkräfte und 10 für Schülerinnen und Schüler');
      expect(answer).toContain('Premium Lehrer 15 € mit unbegrenzten Analysen');
    }
  }
  await page.goto('/pricing');
  const pricing = await main.innerText();
  expect(pricing).not.toMatch(/150/);
  expect(pricing).toContain('5 Analysen pro Monat für Lehrkräfte');
  expect(pricing).toContain('10 Analysen pro Monat für Schülerinnen und Schüler');
  await expect(main.locator('#preise-faq [role=region][data-state=open]')).toContainText(
    '5 Arbeiten pro Monat',
  );
});
