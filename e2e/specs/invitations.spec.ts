import { classMessages, invitationMessages, learningProfileMessages } from '@korrigo/domain';
import { expect, expectAccessible, readMail, signUpViaApi, test } from '../support/fixtures';

test.describe('[INVITATIONS] students join a class by its code', () => {
  test('a teacher shows the join code, a student accepts the link after signing in and sees her class and course', async ({
    page,
    browser,
  }) => {
    // the teacher's class with a course, made through the API
    await signUpViaApi(page, { name: 'Frau Berg' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: { schoolId: school.id, name: '7c', gradeLevel: '7', students: [{ name: 'Lena Schmidt' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const schoolClass = await created.json();
    const course = await page.request.post('/api/courses', {
      data: {
        classIds: [schoolClass.id],
        name: 'Bio 7c',
        subject: 'Biologie',
        classroom: 'R 12',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(course.status(), await course.text()).toBe(201);

    // Schüler einladen: the class's join code, made on first use
    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    const details = page.getByRole('dialog');
    await details.getByRole('tab', { name: `${classMessages.students} (1)` }).click();
    await details.getByRole('button', { name: invitationMessages.showJoinCode }).click();
    const code = (await details.getByTestId('join-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // the pending tab lists it
    await page.getByRole('tab', { name: /^Einladungen/ }).click();
    await expect(page.getByText(code)).toBeVisible();
    await expectAccessible(page);

    // a student with an account, signed out, opens the link: she signs in and comes back to it
    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    const pupil = await signUpViaApi(student, {
      name: 'Mia Neu',
      accountType: 'student',
      subjects: [],
      classLevel: '7',
    });
    await studentContext.clearCookies();
    await student.goto(`/einladung/${code}`);
    // signed out she already reads whose invitation into which class it is, and signs in from there
    await expect(
      student.getByText(invitationMessages.previewClassStudent('Frau Berg', '7c', school.name)),
    ).toBeVisible();
    await student.getByRole('main').getByRole('link', { name: invitationMessages.signIn }).click();
    await expect(student).toHaveURL(/\/login\?next=/);
    await student.getByLabel('E-Mail-Adresse').fill(pupil.email);
    await student.getByLabel('Passwort', { exact: true }).fill(pupil.password);
    await student.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(student).toHaveURL(new RegExp(`/einladung/${code}$`));
    await expect(
      student.getByText(invitationMessages.previewClassStudent('Frau Berg', '7c', school.name)),
    ).toBeVisible();
    await expectAccessible(student);

    await student.getByRole('button', { name: invitationMessages.accept }).click();
    // her classes and courses are in her learning profile: the sidebar has no classes screen for her (issue 33 §5)
    await expect(student).toHaveURL(/\/dashboard\/mytests$/);
    await expect(student.getByText(invitationMessages.acceptedClass)).toBeVisible();
    await expect(
      student.getByRole('heading', { name: learningProfileMessages.title, level: 1 }),
    ).toBeVisible();
    await expect(student.getByRole('heading', { name: invitationMessages.myTitle, level: 2 })).toBeVisible();
    await expect(student.getByRole('heading', { name: '7c', exact: true })).toBeVisible();
    await expect(student.getByRole('heading', { name: 'Bio 7c' })).toBeVisible();
    await expect(student.getByText('Frau Berg').first()).toBeVisible();
    // nothing of the other students
    await expect(student.getByText('Lena Schmidt')).toHaveCount(0);
    // the success toast fades out first: axe would measure it mid-animation (as in notifications.spec.ts)
    await expect(student.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(student);
    await studentContext.close();

    // the teacher's roster now shows her with an account
    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    await page
      .getByRole('dialog')
      .getByRole('tab', { name: `${classMessages.students} (2)` })
      .click();
    await expect(page.getByRole('dialog').getByText('Mia Neu')).toBeVisible();
  });

  test('a pupil invited by e-mail without an account signs up from the link and lands on the invitation', async ({
    page,
    browser,
  }) => {
    await signUpViaApi(page, { name: 'Frau Lind' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: { schoolId: school.id, name: '5d', gradeLevel: '5', students: [{ name: 'Nora Falk' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const schoolClass = await created.json();
    const address = `nora-${Date.now()}@example.de`;
    const invited = await page.request.post('/api/invitations', {
      data: {
        kind: 'class_student',
        classId: schoolClass.id,
        classStudentId: schoolClass.students[0].id,
        email: address,
      },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = (await readMail(address)).match(/https?:\/\/\S+\/einladung\/[A-Z2-9]{4}-[A-Z2-9]{4}/)![0];
    const code = link.slice(-9);

    // the mail's link, in a browser that has never signed in: the page names class, school and teacher
    const pupilContext = await browser.newContext();
    const pupil = await pupilContext.newPage();
    await pupil.goto(link);
    await expect(
      pupil.getByText(invitationMessages.previewClassStudent('Frau Lind', '5d', school.name)),
    ).toBeVisible();
    await expect(pupil.getByText(invitationMessages.visitorPersonalStudent, { exact: false })).toBeVisible();
    await expectAccessible(pupil);
    // the header's way to sign up leads back here too
    await expect(
      pupil.getByRole('banner').getByRole('link', { name: 'Kostenlos registrieren' }),
    ).toHaveAttribute('href', `/signup?next=${encodeURIComponent(`/einladung/${code}`)}`);

    // the sign-up wizard, both steps, and back to the invitation
    await pupil.getByRole('main').getByRole('link', { name: invitationMessages.signUp }).click();
    await expect(pupil).toHaveURL(/\/signup\?next=%2Feinladung%2F/);
    await pupil.getByLabel('Name').fill('Nora Falk');
    await pupil.getByLabel('Klasse/Semester').selectOption('5. Klasse');
    await pupil.getByLabel(/Ich akzeptiere/).check();
    await pupil.getByRole('button', { name: 'Weiter mit E-Mail' }).click();
    await pupil.getByLabel('E-Mail-Adresse').fill(address);
    await pupil.getByLabel('Passwort', { exact: true }).fill('Sicher123');
    await pupil.getByRole('button', { name: 'Registrieren' }).click();
    await expect(pupil).toHaveURL(new RegExp(`/einladung/${code}$`));
    await expect(
      pupil.getByText(invitationMessages.previewClassStudent('Frau Lind', '5d', school.name)),
    ).toBeVisible();

    await pupil.getByRole('button', { name: invitationMessages.accept }).click();
    await expect(pupil).toHaveURL(/\/dashboard\/mytests$/);
    await expect(pupil.getByRole('heading', { name: '5d', exact: true })).toBeVisible();
    await pupilContext.close();

    // the teacher's roster: her entry, now with the account
    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    await page
      .getByRole('dialog')
      .getByRole('tab', { name: `${classMessages.students} (1)` })
      .click();
    await expect(page.getByRole('dialog').getByText(classMessages.accountLinked)).toBeVisible();
  });

  test('a student with no class is told how to join, and a wrong code is refused', async ({ page }) => {
    await signUpViaApi(page, { accountType: 'student', subjects: [], classLevel: '7' });
    await page.goto('/dashboard/mytests');
    await expect(page.getByText(invitationMessages.myEmpty)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(invitationMessages.enterCode).fill('abcd');
    await page.getByRole('button', { name: invitationMessages.join }).click();
    await expect(page.getByText(invitationMessages.invalidCode)).toBeVisible();
    await page.getByLabel(invitationMessages.enterCode).fill('zzzz zzzz');
    await page.getByRole('button', { name: invitationMessages.join }).click();
    await expect(page).toHaveURL(/\/einladung\/ZZZZ-ZZZZ$/);
    await expect(page.getByText(invitationMessages.notFound)).toBeVisible();
    await expectAccessible(page);
  });

  test('a teacher invites a student by e-mail; the mail has the link and the invitation waits on her screen once her address is confirmed', async ({
    page,
    browser,
  }) => {
    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    const pupil = await signUpViaApi(student, {
      name: 'Tom Klein',
      accountType: 'student',
      subjects: [],
      classLevel: '8',
    });

    await signUpViaApi(page, { name: 'Herr Kaya' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: { schoolId: school.id, name: '8a', gradeLevel: '8' },
    });
    const schoolClass = await created.json();
    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    const details = page.getByRole('dialog');
    await details.getByRole('tab', { name: `${classMessages.students} (0)` }).click();
    await details.getByLabel(invitationMessages.email).fill(pupil.email);
    await details.getByRole('button', { name: invitationMessages.sendInvitation }).click();
    await expect(page.getByText(invitationMessages.invitationSent(pupil.email))).toBeVisible();
    const mail = await readMail(pupil.email);
    expect(mail).toMatch(/\/einladung\/[A-Z2-9]{4}-[A-Z2-9]{4}/);

    // invitations to an address are listed once it is confirmed (issue 31): until then she is told so
    await student.goto('/dashboard/mytests');
    await expect(student.getByText(invitationMessages.confirmEmailToSeeInvitations.student)).toBeVisible();
    await expect(student.getByRole('heading', { name: invitationMessages.myInvitations })).toHaveCount(0);
    await student.goto('/profile');
    await student.getByRole('button', { name: 'E-Mail bestätigen' }).click();
    // the newest mail to her, once the confirmation has arrived after the invitation
    await expect
      .poll(async () => (await readMail(pupil.email)).includes('/api/auth/verify-email'))
      .toBe(true);
    const verification = await readMail(pupil.email);
    await student.goto(verification.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0]);

    await student.goto('/dashboard/mytests');
    await expect(student.getByRole('heading', { name: invitationMessages.myInvitations })).toBeVisible();
    await expectAccessible(student);
    await student.getByRole('button', { name: invitationMessages.accept }).click();
    await expect(student.getByRole('heading', { name: '8a', exact: true })).toBeVisible();
    await expect(student.getByRole('heading', { name: invitationMessages.myInvitations })).toHaveCount(0);
    await studentContext.close();
  });

  test('a teacher invites a roster entry from the list; the account takes over that entry', async ({
    page,
    browser,
  }) => {
    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    const pupil = await signUpViaApi(student, {
      name: 'Lea',
      accountType: 'student',
      subjects: [],
      classLevel: '6',
    });

    await signUpViaApi(page, { name: 'Frau Otto' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: {
        schoolId: school.id,
        name: '6c',
        gradeLevel: '6',
        students: [{ name: 'Lea Brandt', email: pupil.email }],
      },
    });
    const schoolClass = await created.json();
    await page.goto(`/dashboard/classes?classId=${schoolClass.id}`);
    const details = page.getByRole('dialog');
    await details.getByRole('tab', { name: `${classMessages.students} (1)` }).click();
    await details.getByRole('button', { name: classMessages.inviteEntry('Lea Brandt') }).click();
    await expect(page.getByText(invitationMessages.invitationSent(pupil.email))).toBeVisible();
    const code = (await readMail(pupil.email)).match(/\/einladung\/([A-Z2-9]{4}-[A-Z2-9]{4})/)![1]!;

    await student.goto(`/einladung/${code}`);
    await student.getByRole('button', { name: invitationMessages.accept }).click();
    await expect(student.getByRole('heading', { name: '6c', exact: true })).toBeVisible();

    // one entry, the teacher's name for her, now linked to the account
    await page.reload();
    await page
      .getByRole('dialog')
      .getByRole('tab', { name: `${classMessages.students} (1)` })
      .click();
    await expect(page.getByRole('dialog').getByText('Lea Brandt')).toBeVisible();
    await expect(page.getByRole('dialog').getByText(classMessages.accountLinked)).toBeVisible();
    await expectAccessible(page);
    await studentContext.close();
  });
});
