import {
  expect,
  expectAccessible,
  readMail,
  saveTestViaApi,
  signUpViaApi,
  test,
  testQuestion,
  uniqueEmail,
  upgradeViaCheckout,
} from '../support/fixtures';

test.describe('[TEAM] Pro Team (issue 20 point 3)', () => {
  test('an owner invites a colleague by e-mail; the colleague joins, reads and duplicates a shared test', async ({
    page,
    browser,
  }) => {
    // the owner: Pro Team bought through the stand-in checkout, one saved test
    await signUpViaApi(page, { accountType: 'teacher', name: 'Frau Berg' });
    await upgradeViaCheckout(page, 'pro_team');
    await saveTestViaApi(page, {
      title: 'Bruchrechnung Klasse 6',
      subject: 'Mathematik',
      grade: '6. Klasse',
      testType: 'Klassenarbeit',
      topic: 'Brüche',
      questions: [testQuestion({ id: 'q1', text: 'Kürze 4/8.', type: 'open', points: 2, orderIndex: 0 })],
    });

    await page.goto('/profile');
    await page.getByLabel('Name des Teams').fill('Fachschaft Mathematik');
    await page.getByRole('button', { name: 'Team gründen' }).click();
    await expect(page.getByText('Fachschaft Mathematik', { exact: true })).toBeVisible();
    const colleagueEmail = uniqueEmail('kollegin');
    await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(colleagueEmail);
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    await expect(page.getByText(`Die Einladung an ${colleagueEmail} ist unterwegs.`).first()).toBeVisible();
    await expect(page.getByText('2 von 5 Plätzen belegt', { exact: false })).toBeVisible();
    await expectAccessible(page);

    // the colleague: the link from the mail, a new teacher account with exactly that address
    const mail = await readMail(colleagueEmail);
    const link = /https?:\/\/[^\s"]+\/team\/einladung\/[A-Za-z0-9_-]+/.exec(mail)![0];
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await signUpViaApi(colleague, { accountType: 'teacher', name: 'Herr Lind', email: colleagueEmail });
    await colleague.goto(new URL(link).pathname);
    await expect(
      colleague.getByText('Frau Berg lädt Sie in das Pro Team „Fachschaft Mathematik“ ein.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectAccessible(colleague);
    await colleague.getByRole('button', { name: 'Annehmen' }).click();
    await expect(colleague.getByText('Willkommen im Team „Fachschaft Mathematik“.').first()).toBeVisible();

    // the plan is the team's; the owner's test can be read and duplicated, not edited
    await colleague.goto('/profile');
    await expect(colleague.getByRole('definition').filter({ hasText: /^Pro Team$/ })).toBeVisible();
    await expect(
      colleague.getByRole('definition').filter({ hasText: /^Fachschaft Mathematik$/ }),
    ).toBeVisible();
    await colleague.goto('/dashboard/testgen');
    await colleague.getByRole('tab', { name: 'Team-Bibliothek' }).click();
    await expect(colleague.getByText('Bruchrechnung Klasse 6')).toBeVisible();
    await expect(colleague.getByText('von Frau Berg')).toBeVisible();
    await expectAccessible(colleague);
    await colleague
      .getByRole('button', { name: '„Bruchrechnung Klasse 6“ in meine Tests duplizieren' })
      .click();
    await expect(colleague.getByText(/liegt jetzt in Ihren Tests/).first()).toBeVisible();
    // the copy is hers, and so shows in the library as her own test
    await expect(colleague.getByRole('heading', { name: 'Bruchrechnung Klasse 6 (Kopie)' })).toBeVisible();
    await colleague.setViewportSize({ width: 390, height: 844 });
    await colleague.screenshot({ path: test.info().outputPath('team-library-390.png'), fullPage: true });
    const own = (await (await colleague.request.get('/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    const tests = (await (await colleague.request.get(`/api/tests/${own.user.id}`)).json()) as {
      title: string;
    }[];
    expect(tests.map((saved) => saved.title)).toEqual([expect.stringContaining('Bruchrechnung Klasse 6')]);
    await colleagueContext.close();
  });
});
