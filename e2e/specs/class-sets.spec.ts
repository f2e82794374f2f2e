import {
  classEvaluationMessages as m,
  classEvaluationScreenMessages as t,
  classSetReviewMessages as r,
  planMessages,
} from '@korrigo/domain';
import {
  expect,
  expectAccessible,
  expectTableActionsInView,
  signUpViaApi,
  test,
  upgradeViaCheckout,
} from '../support/fixtures';

test.describe('[CLASS SETS] Kurs bewerten (spec 001 §2, §5; issue 16)', () => {
  test('a teacher uploads a scanned stack, checks the split and has the class set graded', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    // class sets and text recognition are Premium Lehrer's (ADR 0018): bought through the stand-in checkout
    await upgradeViaCheckout(page);
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: {
        schoolId: school!.id,
        name: '7b',
        gradeLevel: '7',
        students: [{ name: 'Mia Kowalski' }, { name: 'Tom Berg' }, { name: 'Lea Schmidt' }],
      },
    });
    expect(createdClass.status(), await createdClass.text()).toBe(201);
    const classId = ((await createdClass.json()) as { id: string }).id;
    const createdCourse = await page.request.post('/api/courses', {
      data: {
        classIds: [classId],
        name: 'Mathe 7b',
        subject: 'Mathematik',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(createdCourse.status(), await createdCourse.text()).toBe(201);

    // the stack as a copier scans it with a text layer: two papers of two pages, the name on each first page
    const sheet = (lines: string[]) =>
      `<section style="page-break-after:always;font:20px/1.6 sans-serif">${lines.map((line) => `<p>${line}</p>`).join('')}</section>`;
    await page.setContent(
      sheet(['Name: Mia Kowalski', 'Aufgabe 1: 3 + 4 = 7']) +
        sheet(['Aufgabe 2: 180 Grad']) +
        sheet(['Name: Tom Berg', 'Aufgabe 1: 3 + 4 = 8']) +
        sheet(['Aufgabe 2: 360 Grad']),
    );
    const stack = await page.pdf({ format: 'A4' });

    await page.goto('/dashboard/analyse');
    await page.getByRole('tab', { name: 'Klassensatz bewerten' }).click();
    await page.getByRole('button', { name: t.open }).click();
    const modal = page.getByRole('dialog', { name: t.modalTitle });
    await modal.getByRole('radio', { name: /Mathe 7b/ }).check();
    await modal.getByLabel(t.testNameLabel).fill('Klassenarbeit Nr. 2');
    await modal.getByRole('radio', { name: t.keySources.text }).check();
    await modal.getByLabel(t.keyTextLabel).fill('Aufgabe 1: 7 (2 Punkte)\nAufgabe 2: 180 Grad (2 Punkte)');
    await modal.getByLabel(t.batchLabel).setInputFiles({
      name: 'stapel.pdf',
      mimeType: 'application/pdf',
      buffer: stack,
    });
    await expect(modal.getByTestId('class-set-summary')).toContainText(t.summaryStack(1));
    await modal.getByRole('button', { name: t.submit }).click();

    await expect(page).toHaveURL(/\/dashboard\/class-evaluations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: t.splitTitle })).toBeVisible({ timeout: 90_000 });
    const papers = page.getByRole('list', { name: t.splitTitle });
    await expect(papers.getByRole('heading', { level: 3 })).toHaveCount(2);
    await expect(papers.getByRole('combobox', { name: /Arbeit 1/ })).toHaveValue(/.+/);
    await expect(papers.getByRole('combobox', { name: /Arbeit 1/ }).locator('option:checked')).toHaveText(
      'Mia Kowalski',
    );
    await expect(papers.getByRole('combobox', { name: /Arbeit 2/ }).locator('option:checked')).toHaveText(
      'Tom Berg',
    );
    // a page opens large (issue 34 §7): Enter on its thumbnail, Escape closes and focus is back on it
    const firstPage = page.getByRole('button', { name: r.openPage(t.pageLabel(1)) });
    await expect(firstPage.getByRole('img')).toBeVisible();
    await firstPage.focus();
    await page.keyboard.press('Enter');
    const large = page.getByRole('dialog', { name: t.pageLabel(1) });
    await expect(large.getByRole('img', { name: t.pageLabel(1) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(large).toBeHidden();
    await expect(firstPage).toBeFocused();
    await page.getByRole('checkbox', { name: t.absentLabel('Lea Schmidt') }).check();
    // the notification toasts ('Klassensatz gelesen') fade out first: axe would measure them mid-animation
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: t.startGrading }).click();

    await expect(page.getByText(t.progressText(2, 2)).first()).toBeVisible({ timeout: 120_000 });
    // a graded paper's toast may still be on its way (the stream batches them) when the rows say 'Bewertet';
    // a new load announces only what arrives after it, so the scan below does not meet a toast fading in
    await page.reload();
    await expect(page.getByRole('tab', { name: t.tabs.questions })).toBeVisible();
    const mia = page.getByRole('row', { name: /Mia Kowalski/ });
    await expect(mia).toContainText('Bewertet');
    await expect(page.getByRole('row', { name: /Lea Schmidt/ })).toContainText(t.absent);
    const setUrl = page.url();
    const setId = setUrl.split('/').pop()!;
    // the result keeps the set it was opened from, so a reload keeps the walk through the papers
    await expect(mia.getByRole('link', { name: t.openResultOf('Mia Kowalski') })).toHaveAttribute(
      'href',
      new RegExp(`^/analysis/[0-9a-f-]{36}\\?set=${setId}$`),
    );
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);

    // the review by question shows the page each scanned answer was read from beside its text
    await page.getByRole('tab', { name: t.tabs.questions }).click();
    const answerPage = page.getByRole('button', {
      name: r.openPage(r.answerPage('Mia Kowalski', t.pageLabel(1))),
    });
    // the thumbnail is the scanned PDF's page drawn in the browser: seconds on two busy cores
    await expect(answerPage.first().getByRole('img')).toBeVisible({ timeout: 30_000 });
    await answerPage.first().click();
    await expect(
      page.getByRole('dialog', { name: r.answerPage('Mia Kowalski', t.pageLabel(1)) }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // from a paper to the next and back to the set, by keyboard only (issue 34 §7): the papers table's order
    await page.getByRole('tab', { name: t.tabs.papers }).click();
    await mia.getByRole('link', { name: t.openResultOf('Mia Kowalski') }).click();
    const walk = page.getByRole('navigation', { name: r.navigationLabel });
    await expect(walk.getByText(r.position(1, 2, 'Mia Kowalski'))).toBeVisible();
    await expect(page.getByTestId('result-view')).toContainText('Mia Kowalski');
    await expect(walk.getByTestId('set-shortcuts')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(walk.getByText(r.position(2, 2, 'Tom Berg'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/analysis/[0-9a-f-]{36}\\?set=${setId}$`));
    await expect(page.getByTestId('result-view')).toContainText('Tom Berg');
    await page.reload();
    await expect(walk.getByText(r.position(2, 2, 'Tom Berg'))).toBeVisible();
    await expect(walk.getByRole('button', { name: r.next })).toBeDisabled();
    await expectAccessible(page);
    await page.keyboard.press('z');
    await expect(page).toHaveURL(setUrl);
    await expect(mia).toContainText('Bewertet');

    // at a phone's width the papers table's actions are on the screen, not off to its right
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: t.openResultOf('Tom Berg') })).toBeVisible();
    await expectTableActionsInView(page);
  });
  test('a photographed stack opens the text check after „Bewertung starten“: two papers checked by keyboard alone (issue 34 §1)', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    await upgradeViaCheckout(page);
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: {
        schoolId: school!.id,
        name: '6a',
        gradeLevel: '6',
        students: [{ name: 'Mia Kowalski' }, { name: 'Tom Berg' }],
      },
    });
    expect(createdClass.status(), await createdClass.text()).toBe(201);
    const createdCourse = await page.request.post('/api/courses', {
      data: {
        classIds: [((await createdClass.json()) as { id: string }).id],
        name: 'Mathe 6a',
        subject: 'Mathematik',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(createdCourse.status(), await createdCourse.text()).toBe(201);

    // two sheets photographed: pictures without a text layer, read by OCR, so they wait for the text check
    const photo = async (lines: string[]) => {
      const sheet = await page.context().newPage();
      await sheet.setViewportSize({ width: 1240, height: 900 });
      await sheet.setContent(
        `<body style="margin:80px;background:#fff;font:44px/1.7 sans-serif;color:#111">${lines.map((line) => `<p>${line}</p>`).join('')}</body>`,
      );
      const png = await sheet.screenshot({ type: 'png' });
      await sheet.close();
      return png;
    };
    const sheets = [
      {
        name: 'mia.png',
        mimeType: 'image/png',
        buffer: await photo(['Name: Mia Kowalski', 'Aufgabe 1: 3 · 4 = 12']),
      },
      {
        name: 'tom.png',
        mimeType: 'image/png',
        buffer: await photo(['Name: Tom Berg', 'Aufgabe 1: 3 · 4 = 14']),
      },
    ];

    await page.goto('/dashboard/analyse');
    await page.getByRole('tab', { name: 'Klassensatz bewerten' }).click();
    await page.getByRole('button', { name: t.open }).click();
    const modal = page.getByRole('dialog', { name: t.modalTitle });
    await modal.getByRole('radio', { name: /Mathe 6a/ }).check();
    await modal.getByLabel(t.testNameLabel).fill('Einmaleins');
    await modal.getByRole('radio', { name: t.keySources.text }).check();
    await modal.getByLabel(t.keyTextLabel).fill('Aufgabe 1: 12 (2 Punkte)');
    await modal.getByLabel(t.batchLabel).setInputFiles(sheets);
    await modal.getByRole('button', { name: t.submit }).click();

    await expect(page.getByRole('heading', { name: t.splitTitle })).toBeVisible({ timeout: 120_000 });
    const papers = page.getByRole('list', { name: t.splitTitle });
    await expect(papers.getByRole('heading', { level: 3 })).toHaveCount(2);
    // whatever the reading of the names, the teacher's split says who wrote which sheet
    await papers.getByRole('combobox', { name: /Arbeit 1/ }).selectOption({ label: 'Mia Kowalski' });
    await papers.getByRole('combobox', { name: /Arbeit 2/ }).selectOption({ label: 'Tom Berg' });
    await page.getByRole('button', { name: t.startGrading }).click();

    // the check opens inside the set at the first paper, its text focused
    const check = page.getByTestId('class-set-text-check');
    await expect(check.getByRole('heading', { name: t.textCheck.paperOf(1, 2, 'Mia Kowalski') })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    await expect(page).toHaveURL(/\?check=first$/);
    await expect(check.getByRole('img', { name: /Mia Kowalski, Seite 1/ })).toBeVisible({ timeout: 30_000 });
    const miaText = check.getByRole('textbox');
    await expect(miaText).toBeFocused();
    await expect(miaText).toHaveValue(/Mia/);
    // she corrects the reading and confirms with Ctrl+Enter: no mouse
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Name: Mia Kowalski\nAufgabe 1: 3 · 4 = 12');
    await page.keyboard.press('Control+Enter');

    await expect(check.getByRole('heading', { name: t.textCheck.paperOf(2, 2, 'Tom Berg') })).toBeVisible();
    await expect(check.getByRole('textbox')).toBeFocused();
    await expect(check.getByRole('textbox')).toHaveValue(/Tom/);
    // the pointer still rests where it clicked „Bewertung starten“; a toast appearing under it stays open
    // (the toaster pauses while hovered), so it moves away as a keyboard user's hand would
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);
    // Tom's reading stays as it is: Tab to „Bestätigen“, Enter
    await page.keyboard.press('Tab');
    await expect(check.getByRole('button', { name: new RegExp(t.textCheck.confirmLast) })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(check.getByText(t.textCheck.allDone)).toBeVisible();
    await expect(check.getByRole('button', { name: t.textCheck.back })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/class-evaluations\/[0-9a-f-]{36}$/);
    // both papers were graded from their checked text
    await expect(page.getByText(t.progressText(2, 2)).first()).toBeVisible({ timeout: 120_000 });
    const analyses = (await (await page.request.get('/api/analyses')).json()) as {
      analyses: { student_name: string; status: string }[];
    };
    expect(
      analyses.analyses
        .filter((one) => one.status === 'done')
        .map((one) => one.student_name)
        .sort(),
    ).toEqual(['Mia Kowalski', 'Tom Berg']);
  });

  test('the modal names what is missing, keeps the input and says which plan has class sets', async ({
    page,
  }) => {
    // the stack at the end is read and five of its papers graded
    test.setTimeout(90_000);
    // a new teacher is on the free plan, which has no class sets (ADR 0018); her course has 6 pupils
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const pupils = ['Ada Lind', 'Bea Roth', 'Cem Aydin', 'Dana Fuchs', 'Emil Haas', 'Finn Graf'];
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: {
        schoolId: school!.id,
        name: '9c',
        gradeLevel: '9',
        students: pupils.map((name) => ({ name })),
      },
    });
    expect(createdClass.status(), await createdClass.text()).toBe(201);
    const createdCourse = await page.request.post('/api/courses', {
      data: {
        classIds: [((await createdClass.json()) as { id: string }).id],
        name: 'Chemie 9c',
        subject: 'Chemie',
        schedule: [{ day: 'Friday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(createdCourse.status(), await createdCourse.text()).toBe(201);

    await page.goto('/dashboard/analyse');
    await page.getByRole('tab', { name: 'Klassensatz bewerten' }).click();
    await page.getByRole('button', { name: t.open }).click();
    const modal = page.getByRole('dialog', { name: t.modalTitle });
    const course = modal.getByRole('radio', { name: /Chemie 9c/ });
    await expect(course).toHaveAccessibleName(new RegExp(t.courseStudents(6)));
    await modal.getByLabel(t.courseSearch).fill('Physik');
    await expect(modal.getByText(t.coursesNoMatch)).toBeVisible();
    await modal.getByLabel(t.courseSearch).fill('9c');

    // nothing chosen: a course, a key and a file are missing, and the course is focused first
    await modal.getByRole('button', { name: t.submit }).click();
    await expect(modal.getByText(m.courseRequired)).toBeVisible();
    await expect(modal.getByText(m.keyRequired)).toBeVisible();
    await expect(modal.getByText(m.filesRequired)).toBeVisible();
    await expect(course).toBeFocused();
    await expect(modal.getByLabel(t.keyTestLabel)).toHaveAccessibleDescription(m.keyRequired);
    await expectAccessible(page);

    // a course and a stack, but a typed key left empty: only the key is missing, and it is focused
    await course.check();
    await modal.getByRole('radio', { name: t.keySources.text }).check();
    await modal.getByLabel(t.batchLabel).setInputFiles({
      name: 'stapel.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await modal.getByRole('button', { name: t.submit }).click();
    await expect(modal.getByText(m.keyRequired)).toBeVisible();
    await expect(modal.getByLabel(t.keyTextLabel)).toBeFocused();
    await expect(modal.getByText(m.courseRequired)).toHaveCount(0);
    await expect(modal.getByText(m.filesRequired)).toHaveCount(0);

    // a stack the server cannot read, and a page count out of range
    await modal
      .getByLabel(t.keyTextLabel)
      .fill('Aufgabe 1 (2 P)\nNatrium reagiert mit Wasser zu Natronlauge (2 P).');
    await modal.getByLabel(t.batchLabel).setInputFiles({
      name: 'notizen.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK'),
    });
    await expect(modal.getByTestId('class-set-summary')).toContainText(t.summaryStack(2));
    await modal.getByLabel(t.pagesPerPaperLabel).fill('0');
    await modal.getByRole('button', { name: t.submit }).click();
    await expect(modal.getByText(m.unsupportedFile('notizen.docx'))).toBeVisible();
    await expect(modal.getByText(m.pagesPerPaperInvalid)).toBeVisible();
    await expect(modal.getByText(m.keyRequired)).toHaveCount(0);
    await modal.getByRole('button', { name: t.removeFile('notizen.docx') }).click();
    await modal.getByLabel(t.pagesPerPaperLabel).fill('');

    // per pupil: six typed papers; the server refuses class sets on the free plan and names Premium Lehrer
    await modal.getByRole('switch', { name: new RegExp(t.autoDetect) }).uncheck();
    for (const name of pupils) {
      await modal
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByRole('checkbox', { name: t.perStudentTextToggle })
        .check();
      await modal
        .getByLabel(t.perStudentText(name))
        .fill('Aufgabe 1\nEs entsteht Natronlauge und Wasserstoff.');
    }
    await expect(modal.getByTestId('class-set-summary')).toContainText(t.summaryCreditsPerStudent(6));
    const refused = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/class-evaluations') && response.request().method() === 'POST',
    );
    await modal.getByRole('button', { name: t.submit }).click();
    expect((await refused).status()).toBe(402);
    await expect(
      modal.getByText(planMessages.featureNotInPlan('classSets', 'premium_teacher', 'teacher')),
    ).toBeVisible();
    await expect(modal.getByRole('link', { name: t.toPricing })).toHaveAttribute(
      'href',
      '/pricing?plan=premium_teacher',
    );
    // what she entered stays, and nothing was charged or started
    await expect(modal.getByLabel(t.keyTextLabel)).toHaveValue(/Natronlauge/);
    await expect(modal.getByLabel(t.perStudentText('Finn Graf'))).toHaveValue(/Wasserstoff/);
    await expect(page).toHaveURL(/\/dashboard\/analyse/);
    const list = (await (await page.request.get('/api/class-evaluations')).json()) as {
      classEvaluations: unknown[];
    };
    expect(list.classEvaluations).toEqual([]);
    await expectAccessible(page);

    // bought through the stand-in checkout, the same modal takes a stack: six named papers (a text layer,
    // no OCR), one set aside, the other five graded
    await upgradeViaCheckout(page);
    const sheets = pupils
      .map(
        (name) =>
          `<section style="page-break-after:always;font:20px/1.6 sans-serif"><p>Name: ${name}</p><p>Aufgabe 1: Natronlauge</p></section>`,
      )
      .join('');
    const stackPage = await page.context().newPage();
    await stackPage.setContent(sheets);
    const stack = await stackPage.pdf({ format: 'A4' });
    await stackPage.close();
    await modal.getByRole('switch', { name: new RegExp(t.autoDetect) }).check();
    // the stand-in file of the key check goes; the stack is the real one
    await modal.getByRole('button', { name: t.removeFile('stapel.pdf') }).click();
    await modal.getByLabel(t.batchLabel).setInputFiles({
      name: 'stapel-9c.pdf',
      mimeType: 'application/pdf',
      buffer: stack,
    });
    await modal.getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL(/\/dashboard\/class-evaluations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: t.splitTitle })).toBeVisible({ timeout: 90_000 });
    const split = page.getByRole('list', { name: t.splitTitle });
    await expect(split.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(page.getByText(t.startHint(6, true))).toBeVisible();

    const sixth = split
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: t.paperTitle(6) }) });
    await sixth.getByRole('button', { name: t.removePaper }).click();
    await expect(split.getByRole('heading', { level: 3 })).toHaveCount(5);
    const unassigned = page.getByRole('region', { name: new RegExp(t.unassignedTitle) });
    await unassigned.getByRole('button', { name: new RegExp(t.discardPage) }).click();
    await expect(unassigned.getByText(t.unassignedEmpty)).toBeVisible();
    await page.getByRole('checkbox', { name: t.absentLabel('Finn Graf') }).check();
    await expect(page.getByText(t.startHint(5, true))).toBeVisible();
    await page.getByRole('button', { name: t.startGrading }).click();
    await expect(page.getByText(t.progressText(5, 5)).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('row', { name: /Finn Graf/ })).toContainText(t.absent);
  });
});
