import {
  classMessages,
  courseMessages,
  courseWorkMessages,
  invitationMessages,
  rosterMessages,
} from '@korrigo/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

const stat = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Überblick' }).locator('div', { hasText: label }).last();

/** The dialog's ✕ in its corner: the last 'Schließen' of the dialog (a footer may have one too). */
const cornerClose = (dialog: Locator) =>
  dialog.getByRole('button', { name: 'Schließen', exact: true }).last();

/**
 * Opens a dialog twice and closes it once with Escape and once with its ✕ (a confirmation, which has no ✕,
 * with Abbrechen); `parent` is the dialog it was opened from, which must stay open (issue 34 §4).
 */
async function closesEveryWay(
  page: Page,
  open: () => Promise<void>,
  dialog: Locator,
  parent?: Locator,
): Promise<void> {
  for (const how of ['Escape', 'button'] as const) {
    await open();
    await expect(dialog).toBeVisible();
    const confirmation = (await dialog.getAttribute('role')) === 'alertdialog';
    if (how === 'Escape') await page.keyboard.press('Escape');
    else if (confirmation) await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    else await cornerClose(dialog).click();
    await expect(dialog).toBeHidden();
    if (parent) await expect(parent).toBeVisible();
  }
}

test.describe('[CLASSES] Meine Klassen', () => {
  test('a teacher creates a class with a pasted roster, edits its students and archives it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    await page.goto('/dashboard/classes');
    await expect(page.getByRole('heading', { level: 1, name: classMessages.title })).toBeVisible();
    await expect(page.getByText(classMessages.emptyActive)).toBeVisible();
    await expect(stat(page, classMessages.statClasses)).toContainText('0');
    await expectAccessible(page);

    await page.getByRole('button', { name: classMessages.newClass }).first().click();
    const dialog = page.getByRole('dialog', { name: classMessages.newClass });
    // the profile's school is already a school record and chosen
    await expect(dialog.getByLabel(classMessages.school)).toHaveValue(/.+/);
    await dialog.getByRole('button', { name: classMessages.createClass }).click();
    await expect(dialog.getByText(classMessages.requiredFields)).toHaveCount(2);

    await dialog.getByLabel(classMessages.name).fill('7b');
    await dialog.getByLabel(classMessages.gradeLevel).fill('7');
    await dialog.getByLabel(classMessages.description).fill('Klassenleitung Frau Müller');
    await dialog
      .getByLabel(classMessages.roster)
      .fill('Anna Schmidt, anna@example.de\nBen Weber\nCarla Roth <carla@example.de>\n\nBen Weber');
    // the same name twice is a question, not a silent merge (issue 34 §3)
    await expect(dialog.getByText(classMessages.rosterPreview(2))).toBeVisible();
    const repeated = dialog.getByRole('group', {
      name: rosterMessages.repeatedQuestion('Ben Weber', [2, 5]),
    });
    await expectAccessible(page);
    await repeated.getByLabel(rosterMessages.choiceDuplicate).check();
    await expect(dialog.getByText(classMessages.rosterPreview(3))).toBeVisible();
    await dialog.getByRole('button', { name: classMessages.createClass }).click();

    // the new class opens in its details
    const details = page.getByRole('dialog', { name: `${classMessages.details}: 7b` });
    await expect(details.getByText('Gymnasium am Park')).toBeVisible();
    await details.getByRole('tab', { name: `${classMessages.students} (3)` }).click();
    const roster = details.getByRole('list', { name: classMessages.students });
    await expect(roster.getByRole('listitem')).toHaveText([/Anna Schmidt/, /Ben Weber/, /Carla Roth/]);
    // the scan waits for the success toast to go: behind the modal's inert page axe misreads its colours
    await expect(page.getByText(classMessages.created)).toBeHidden();
    await expectAccessible(page);

    await details.getByRole('button', { name: 'Ben Weber entfernen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: classMessages.removeStudent }).click();
    await expect(roster.getByRole('listitem')).toHaveCount(2);
    await details.getByLabel(classMessages.addStudents).fill('David Lang\nanna@example.de');
    await details.getByRole('button', { name: classMessages.addStudents }).click();
    await expect(page.getByText(classMessages.studentsAdded(1))).toBeVisible();
    await expect(roster.getByRole('listitem')).toHaveCount(3);

    await details.getByRole('tab', { name: classMessages.info }).click();
    await details.getByRole('button', { name: classMessages.edit }).click();
    await details.getByLabel(classMessages.name).fill('7b Bio');
    await details.getByRole('button', { name: classMessages.save }).click();
    await expect(page.getByText(classMessages.updated)).toBeVisible();
    await details.getByRole('button', { name: classMessages.close }).first().click();
    await expect(details).toBeHidden();

    const list = page.getByRole('tabpanel');
    await expect(list.getByRole('heading', { name: '7b Bio' })).toBeVisible();
    await expect(list.getByText(classMessages.studentCount(3))).toBeVisible();
    await expect(stat(page, classMessages.statStudents)).toContainText('3');
    await page.getByLabel(classMessages.search).fill('muller');
    await expect(list.getByRole('heading', { name: '7b Bio' })).toBeVisible();
    await page.getByLabel(classMessages.search).fill('Realschule');
    await expect(page.getByText(classMessages.noMatch)).toBeVisible();
    await page.getByLabel(classMessages.search).fill('');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`classes-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await list.getByRole('button', { name: `7b Bio: ${classMessages.details}` }).click();
    await details.getByRole('button', { name: classMessages.archive }).click();
    await expect(page.getByText(classMessages.archived)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: `${classMessages.tabArchived} (1)` }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: '7b Bio' })).toBeVisible();
  });

  test('a teacher creates a course with a schedule and walks the course modal tabs', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: {
        schoolId: school.id,
        name: '7a',
        gradeLevel: '7',
        students: [{ name: 'Anna' }, { name: 'Ben' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/dashboard/classes');
    await expect(page.getByText(courseMessages.emptyActive)).toBeVisible();
    await page.getByRole('button', { name: courseMessages.newCourse }).first().click();
    const dialog = page.getByRole('dialog', { name: courseMessages.newCourse });
    await dialog.getByRole('button', { name: courseMessages.createCourse }).click();
    await expect(dialog.getByText(courseMessages.classRequired)).toBeVisible();

    await dialog.getByRole('checkbox', { name: /7a/ }).check();
    await dialog.getByLabel(courseMessages.name).fill('Bio 7');
    await dialog.getByLabel(courseMessages.subject).selectOption('Biologie');
    // one row to start, 08:00 to 09:30, Monday to Friday, and it cannot be removed
    const rows = dialog.getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByLabel(courseMessages.startTime)).toHaveValue('08:00');
    await expect(rows.first().getByLabel(courseMessages.endTime)).toHaveValue('09:30');
    await expect(rows.first().getByLabel(courseMessages.day).locator('option')).toHaveText([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
    ]);
    await expect(dialog.getByRole('button', { name: courseMessages.removeScheduleEntry(1) })).toHaveCount(0);
    await dialog.getByRole('button', { name: courseMessages.addScheduleEntry }).click();
    await expect(dialog.getByRole('button', { name: courseMessages.removeScheduleEntry(1) })).toBeVisible();
    await rows.nth(1).getByLabel(courseMessages.day).selectOption('Thursday');
    await rows.nth(1).getByLabel(courseMessages.startTime).fill('10:00');
    await rows.nth(1).getByLabel(courseMessages.endTime).fill('10:45');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: courseMessages.createCourse }).click();

    // the first opening shows Materialien
    const modal = page.getByRole('dialog', { name: 'Bio 7' });
    await expect(modal.getByRole('tab', { name: courseMessages.tabMaterials })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const name of [courseMessages.tabAssignments, courseMessages.tabExams]) {
      await modal.getByRole('tab', { name }).click();
      await expect(modal.getByRole('tabpanel')).toBeVisible();
    }
    await modal.getByRole('tab', { name: courseMessages.tabDetails }).click();
    await expect(modal.getByText(courseMessages.noDescription)).toBeVisible();
    await expect(modal.getByText('Donnerstag 10:00–10:45')).toBeVisible();
    await expect(modal.getByText(`${courseMessages.participants} (2)`)).toBeVisible();
    await expect(page.getByText(courseMessages.created)).toBeHidden();
    await expectAccessible(page);

    await modal.getByRole('button', { name: courseMessages.edit }).click();
    await expect(modal.getByLabel(courseMessages.day).first().locator('option')).toHaveCount(7);
    await modal.getByLabel(courseMessages.classroom).fill('R 204');
    await modal.getByRole('button', { name: courseMessages.save }).click();
    await expect(modal.getByText('R 204')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('course-modal-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await modal.getByRole('button', { name: courseMessages.close }).first().click();

    await expect(page.getByText('Mo 08:00 · Do 10:00')).toBeVisible();
    await page.getByRole('button', { name: `Bio 7: ${courseMessages.details}` }).click();
    // after a close the modal opens on Kursdetails
    await expect(modal.getByRole('tab', { name: courseMessages.tabDetails })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await modal.getByRole('button', { name: courseMessages.close }).first().click();

    // a course that has not begun waits on the upcoming tab and says when it begins
    const year = new Date().getFullYear() + 1;
    const { classes } = await (await page.request.get('/api/classes')).json();
    const later = await page.request.post('/api/courses', {
      data: {
        classIds: [classes[0].id],
        name: 'Chemie ab Februar',
        subject: 'Chemie',
        startDate: `${year}-02-01`,
        schedule: [{ day: 'Tuesday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(later.status(), await later.text()).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: new RegExp(courseMessages.tabUpcoming) }).click();
    await expect(page.getByText(`${courseMessages.startsOn} 01.02.${year}`)).toBeVisible();
  });

  test('a teacher edits course members with the pick-lists and deletes a class after the confirmation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const classIds: string[] = [];
    for (const [name, students] of [
      ['7a', [{ name: 'Anna Schmidt' }, { name: 'Ben Weber' }]],
      ['7c', [{ name: 'Carla Roth' }]],
    ] as const) {
      const created = await page.request.post('/api/classes', {
        data: { schoolId: school.id, name, gradeLevel: '7', students },
      });
      expect(created.status(), await created.text()).toBe(201);
      classIds.push((await created.json()).id);
    }
    const course = await page.request.post('/api/courses', {
      data: {
        classIds,
        name: 'Sport 7',
        subject: 'Sport',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(course.status(), await course.text()).toBe(201);

    await page.goto('/dashboard/classes');
    await page.getByRole('button', { name: `Sport 7: ${courseMessages.details}` }).click();
    const modal = page.getByRole('dialog', { name: 'Sport 7' });
    await modal.getByRole('tab', { name: courseMessages.tabDetails }).click();
    await expect(modal.getByText(`${courseMessages.participants} (3)`)).toBeVisible();

    // Abbrechen drops member changes
    await modal.getByRole('button', { name: courseMessages.edit }).click();
    await modal.getByRole('button', { name: courseMessages.removePerson('Anna Schmidt') }).click();
    await modal.getByRole('button', { name: courseMessages.cancel }).click();
    await expect(modal.getByText(`${courseMessages.participants} (3)`)).toBeVisible();

    await modal.getByRole('button', { name: courseMessages.edit }).click();
    await modal.getByRole('button', { name: courseMessages.removePerson('Anna Schmidt') }).click();
    await modal.getByRole('button', { name: courseMessages.removePerson('Carla Roth') }).click();
    await modal.getByRole('button', { name: courseMessages.addStudent }).click();
    await expect(modal.getByRole('button', { name: courseMessages.addPerson('Carla Roth') })).toBeVisible();
    await modal.getByLabel(courseMessages.classFilter).selectOption({ label: '7a' });
    await expect(modal.getByRole('button', { name: courseMessages.addPerson('Carla Roth') })).toHaveCount(0);
    await modal.getByLabel(courseMessages.searchStudents).fill('anna');
    await modal.getByRole('button', { name: courseMessages.addPerson('Anna Schmidt') }).click();
    // once added, she leaves the pick-list
    await expect(modal.getByText(courseMessages.noneAvailable)).toBeVisible();
    await expectAccessible(page);
    await modal.getByRole('button', { name: courseMessages.save }).click();
    await expect(modal.getByText(`${courseMessages.participants} (2)`)).toBeVisible();
    await expect(modal.getByText('Carla Roth')).toHaveCount(0);
    await modal.getByRole('button', { name: courseMessages.close }).first().click();

    await page.getByRole('button', { name: `7c: ${classMessages.details}` }).click();
    const details = page.getByRole('dialog', { name: `${classMessages.details}: 7c` });
    // Anna of 7a joins from the school's pupils and then is no longer offered
    await details.getByRole('tab', { name: `${classMessages.students} (1)` }).click();
    await details.getByRole('button', { name: classMessages.addFromSchool }).click();
    await details.getByLabel(classMessages.searchSchoolPupils).fill('anna');
    await details.getByRole('button', { name: courseMessages.addPerson('Anna Schmidt') }).click();
    await expect(details.getByRole('tab', { name: `${classMessages.students} (2)` })).toBeVisible();
    await expect(details.getByRole('button', { name: courseMessages.addPerson('Anna Schmidt') })).toHaveCount(
      0,
    );
    await details.getByRole('tab', { name: classMessages.info }).click();
    // the class's teachers: she alone, no colleague of the school to add, and she cannot remove herself
    const teachers = details.getByRole('list', { name: classMessages.teachers });
    await expect(teachers.getByRole('listitem')).toHaveCount(1);
    await expect(teachers.getByRole('button')).toHaveCount(0);
    await expect(details.getByText(classMessages.noColleagues)).toBeVisible();
    // behind the modal's inert page axe misreads a toast's colours: the scans wait for it to go
    await expect(page.getByText(courseMessages.updated)).toBeHidden();
    await expect(page.getByText(classMessages.studentsAdded(1))).toBeHidden();
    await expectAccessible(page);
    await details.getByRole('button', { name: classMessages.deleteClass }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(classMessages.deleteClassRoster(2));
    await expect(confirm).toContainText(classMessages.deleteClassKeptCourses(['Sport 7']));
    await expectAccessible(page);
    await confirm.getByRole('button', { name: classMessages.deleteClass }).click();
    await expect(page.getByText(classMessages.classDeleted)).toBeVisible();
    await expect(page.getByRole('button', { name: `7c: ${classMessages.details}` })).toHaveCount(0);

    await page.getByRole('button', { name: `Sport 7: ${courseMessages.details}` }).click();
    await modal.getByRole('tab', { name: courseMessages.tabDetails }).click();
    await modal.getByRole('button', { name: courseMessages.deleteCourse }).click();
    const confirmCourse = page.getByRole('alertdialog');
    await expect(confirmCourse).toContainText(courseMessages.deleteCourseBody(0, 0, 0));
    await expect(confirmCourse).toContainText(courseMessages.deleteCourseAnalyses(0));
    await confirmCourse.getByRole('button', { name: courseMessages.deleteCourse }).click();
    await expect(page.getByText(courseMessages.courseDeleted)).toBeVisible();
    await expect(page.getByRole('button', { name: `Sport 7: ${courseMessages.details}` })).toHaveCount(0);
  });

  test('a student who opens the classes screen finds her own classes in her learning profile, empty until she joins', async ({
    page,
  }) => {
    await signUpViaApi(page, { accountType: 'student', subjects: [], classLevel: '7' });
    await page.goto('/dashboard/classes');
    await expect(page).toHaveURL(/\/dashboard\/mytests$/);
    await expect(page.getByText(invitationMessages.myEmpty)).toBeVisible();
    await expect(page.getByRole('button', { name: classMessages.newClass })).toHaveCount(0);
  });

  test('every dialog of the classes screen closes with Escape and with ✕, nested ones back to their parent', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const created = await page.request.post('/api/classes', {
      data: {
        schoolId: school.id,
        name: '7a',
        gradeLevel: '7',
        students: [{ name: 'Anna' }, { name: 'Ben' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = await page.request.post('/api/courses', {
      data: {
        classIds: [(await created.json()).id],
        name: 'Bio 7',
        subject: 'Biologie',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(course.status(), await course.text()).toBe(201);
    await page.goto('/dashboard/classes');
    await expect(page.getByRole('heading', { level: 2, name: classMessages.statClasses })).toBeVisible();

    // Neue Klasse, and inside it Neue Schule
    const newClass = page.getByRole('dialog', { name: classMessages.newClass });
    const openNewClass = () => page.getByRole('button', { name: classMessages.newClass }).first().click();
    await closesEveryWay(page, openNewClass, newClass);
    await openNewClass();
    await newClass.getByLabel(classMessages.name).fill('8c');
    await newClass.getByLabel(classMessages.gradeLevel).fill('8');
    await newClass.getByLabel(classMessages.roster).fill('Lena Schmidt\nSchmidt, Lena');
    await newClass.getByRole('button', { name: classMessages.newSchool }).click();
    // Escape in the school panel closes the panel only
    await page.keyboard.press('Escape');
    await expect(newClass.getByLabel(classMessages.schoolName)).toBeHidden();
    await expect(newClass).toBeVisible();
    await newClass.getByRole('button', { name: classMessages.newSchool }).click();
    await newClass.getByLabel(classMessages.schoolName).fill('Realschule Nord');
    await expectAccessible(page);
    await newClass.getByRole('button', { name: classMessages.addSchool }).click();
    // back in the class form: one dialog, the fields as typed, the new school chosen
    await expect(newClass.getByLabel(classMessages.schoolName)).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(
      newClass.getByLabel(classMessages.school, { exact: true }).locator('option:checked'),
    ).toHaveText('Realschule Nord');
    await expect(newClass.getByLabel(classMessages.name)).toHaveValue('8c');
    await expect(newClass.getByLabel(classMessages.roster)).toHaveValue('Lena Schmidt\nSchmidt, Lena');
    await cornerClose(newClass).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // the next opening is a fresh form
    await openNewClass();
    await expect(newClass.getByLabel(classMessages.name)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(newClass).toBeHidden();

    await closesEveryWay(
      page,
      () => page.getByRole('button', { name: courseMessages.newCourse }).first().click(),
      page.getByRole('dialog', { name: courseMessages.newCourse }),
    );
    await closesEveryWay(
      page,
      () => page.getByRole('button', { name: invitationMessages.inviteColleagues }).click(),
      page.getByRole('dialog', { name: invitationMessages.inviteColleagues }),
    );

    // the class details and the confirmations inside them
    const details = page.getByRole('dialog', { name: `${classMessages.details}: 7a` });
    const openDetails = () =>
      page
        .getByRole('tabpanel')
        .first()
        .getByRole('button', { name: `7a: ${classMessages.details}` })
        .click();
    await closesEveryWay(page, openDetails, details);
    await openDetails();
    await closesEveryWay(
      page,
      () => details.getByRole('button', { name: classMessages.deleteClass }).click(),
      page.getByRole('alertdialog', { name: classMessages.deleteClassTitle('7a') }),
      details,
    );
    await details.getByRole('tab', { name: `${classMessages.students} (2)` }).click();
    await closesEveryWay(
      page,
      () => details.getByRole('button', { name: 'Anna entfernen' }).click(),
      page.getByRole('alertdialog', { name: classMessages.removeStudentTitle('Anna') }),
      details,
    );
    await cornerClose(details).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the course details and the forms and confirmation inside them
    const courseDialog = page.getByRole('dialog', { name: 'Bio 7' });
    const openCourse = () => page.getByRole('button', { name: `Bio 7: ${courseMessages.details}` }).click();
    await closesEveryWay(page, openCourse, courseDialog);
    await openCourse();
    for (const [tab, label] of [
      [courseMessages.tabMaterials, courseWorkMessages.newMaterial],
      [courseMessages.tabAssignments, courseWorkMessages.newAssignment],
      [courseMessages.tabExams, courseWorkMessages.newExam],
    ] as const) {
      await courseDialog.getByRole('tab', { name: tab }).click();
      await closesEveryWay(
        page,
        () => courseDialog.getByRole('button', { name: label }).first().click(),
        page.getByRole('dialog', { name: label }),
        courseDialog,
      );
    }
    await courseDialog.getByRole('button', { name: courseWorkMessages.newExam }).first().click();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await courseDialog.getByRole('tab', { name: courseMessages.tabDetails }).click();
    await closesEveryWay(
      page,
      () => courseDialog.getByRole('button', { name: courseMessages.deleteCourse }).click(),
      page.getByRole('alertdialog', { name: courseMessages.deleteCourseTitle('Bio 7') }),
      courseDialog,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page);
  });
});
