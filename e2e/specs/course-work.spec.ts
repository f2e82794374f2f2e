import { readFile } from 'node:fs/promises';
import {
  assignmentStatusLabels,
  courseMessages,
  courseWorkMessages,
  examStatusLabels,
  materialTypeLabels,
} from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test } from '../support/fixtures';

test.describe('[CLASSES] Aufgaben, Prüfungen und Materialien eines Kurses', () => {
  test('a teacher keeps assignments, exams and a material with files, and deletes them after confirming', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signUpViaApi(page, { accountType: 'teacher', school: 'Gymnasium am Park' });
    const [school] = await (await page.request.get('/api/schools')).json();
    const schoolClass = await page.request.post('/api/classes', {
      data: { schoolId: school.id, name: '7a', gradeLevel: '7', students: [{ name: 'Anna' }] },
    });
    expect(schoolClass.status(), await schoolClass.text()).toBe(201);
    const course = await page.request.post('/api/courses', {
      data: {
        classIds: [(await schoolClass.json()).id],
        name: 'Bio 7',
        subject: 'Biologie',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(course.status(), await course.text()).toBe(201);

    await page.goto('/dashboard/classes');
    await page.getByRole('button', { name: `Bio 7: ${courseMessages.details}` }).click();
    const modal = page.getByRole('dialog', { name: 'Bio 7' });

    // Materialien first (spec 001 §2): empty, then a material with two files
    await expect(modal.getByRole('tab', { name: courseMessages.tabMaterials })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(modal.getByText(courseWorkMessages.emptyMaterials)).toBeVisible();
    await expectAccessible(page);
    await modal.getByRole('button', { name: courseWorkMessages.newMaterial }).click();
    const materialForm = page.getByRole('dialog', { name: courseWorkMessages.newMaterial });
    await materialForm.getByRole('button', { name: courseWorkMessages.create }).click();
    await expect(materialForm.getByText(courseWorkMessages.titleRequired)).toBeVisible();
    await materialForm.getByLabel(courseWorkMessages.title).fill('Skript Zellbiologie');
    await materialForm
      .getByLabel(courseWorkMessages.type)
      .selectOption({ label: materialTypeLabels.lecture });
    await materialForm.getByLabel(courseWorkMessages.files).setInputFiles([
      {
        name: 'zellen.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Die Zelle ist die kleinste Einheit.'),
      },
      { name: 'übersicht.txt', mimeType: 'text/plain', buffer: Buffer.from('Mitose, Meiose') },
    ]);
    await expectAccessible(page);
    await materialForm.getByRole('button', { name: courseWorkMessages.create }).click();
    await expect(materialForm).toBeHidden();
    const materials = modal.getByRole('list', { name: courseMessages.tabMaterials });
    await expect(materials.getByRole('heading', { name: 'Skript Zellbiologie' })).toBeVisible();
    await expect(materials.getByText(materialTypeLabels.lecture)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await modal.getByRole('link', { name: courseWorkMessages.download('zellen.txt') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('zellen.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('Die Zelle ist die kleinste Einheit.');

    // a file of its own is removed after a confirmation that names it
    await modal.getByRole('button', { name: courseWorkMessages.deleteFile('übersicht.txt') }).click();
    const confirmFile = page.getByRole('alertdialog', {
      name: courseWorkMessages.deleteFileTitle('übersicht.txt'),
    });
    await confirmFile.getByRole('button', { name: courseWorkMessages.delete }).click();
    await expect(modal.getByRole('link', { name: courseWorkMessages.download('übersicht.txt') })).toHaveCount(
      0,
    );

    // a file of a type we do not take is refused with the spec's upload message and the reason
    await modal
      .getByRole('button', { name: `Skript Zellbiologie ${courseWorkMessages.edit.toLowerCase()}` })
      .click();
    const materialEdit = page.getByRole('dialog', { name: courseWorkMessages.editMaterial });
    await materialEdit.getByLabel(courseWorkMessages.files).setInputFiles([
      {
        name: 'programm.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      },
    ]);
    await materialEdit.getByRole('button', { name: courseWorkMessages.save }).click();
    await expect(page.getByText(courseWorkMessages.uploadFailed, { exact: false })).toBeVisible();
    await materialEdit.getByRole('button', { name: courseWorkMessages.cancel }).click();

    // a new material whose upload is refused is not created at all: no empty „Keine Dateien“ (issue 34)
    await modal.getByRole('button', { name: courseWorkMessages.newMaterial }).click();
    const refusedForm = page.getByRole('dialog', { name: courseWorkMessages.newMaterial });
    await refusedForm.getByLabel(courseWorkMessages.title).fill('Arbeitsblatt ohne Datei');
    await refusedForm.getByLabel(courseWorkMessages.files).setInputFiles([
      {
        name: 'blatt.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      },
    ]);
    await refusedForm.getByRole('button', { name: courseWorkMessages.create }).click();
    await expect(
      page.getByText(courseWorkMessages.unsupportedFile('blatt.pdf'), { exact: false }),
    ).toBeVisible();
    await refusedForm.getByRole('button', { name: courseWorkMessages.cancel }).click();
    await expect(refusedForm).toBeHidden();
    await expect(materials.getByRole('heading', { name: 'Arbeitsblatt ohne Datei' })).toHaveCount(0);
    await expect(materials.getByText(courseWorkMessages.noFiles)).toHaveCount(0);

    // Aufgaben: the defaults of spec 001 §9, edit, delete
    await modal.getByRole('tab', { name: courseMessages.tabAssignments }).click();
    await expect(modal.getByText(courseWorkMessages.emptyAssignments)).toBeVisible();
    await modal.getByRole('button', { name: courseWorkMessages.newAssignment }).click();
    const assignmentForm = page.getByRole('dialog', { name: courseWorkMessages.newAssignment });
    await expect(assignmentForm.getByLabel(courseWorkMessages.points)).toHaveValue('10');
    await expect(assignmentForm.getByLabel(courseWorkMessages.status)).toHaveValue('announced');
    await expect(assignmentForm.getByLabel(courseWorkMessages.status).locator('option')).toHaveText([
      assignmentStatusLabels.announced,
      assignmentStatusLabels.upcoming,
      assignmentStatusLabels.active,
      assignmentStatusLabels.past,
    ]);
    await assignmentForm.getByLabel(courseWorkMessages.title).fill('Referat Zelle');
    await assignmentForm.getByLabel(courseWorkMessages.points).fill('-2');
    await assignmentForm.getByLabel(courseWorkMessages.links).fill('javascript:alert(1)');
    await assignmentForm.getByRole('button', { name: courseWorkMessages.create }).click();
    await expect(assignmentForm.getByText(courseWorkMessages.pointsInvalid)).toBeVisible();
    await expect(assignmentForm.getByText(courseWorkMessages.linkInvalid)).toBeVisible();
    await assignmentForm.getByLabel(courseWorkMessages.points).fill('12');
    await assignmentForm.getByLabel(courseWorkMessages.links).fill('https://example.org/zelle');
    await assignmentForm.getByLabel(courseWorkMessages.dueDate).fill('2026-12-03T10:15');
    await assignmentForm.getByRole('button', { name: courseWorkMessages.create }).click();
    await expect(assignmentForm).toBeHidden();
    const assignments = modal.getByRole('list', { name: courseMessages.tabAssignments });
    await expect(assignments.getByText('03.12.2026, 10:15')).toBeVisible();
    await expect(assignments.getByText(assignmentStatusLabels.announced)).toBeVisible();
    await modal
      .getByRole('button', { name: `Referat Zelle ${courseWorkMessages.edit.toLowerCase()}` })
      .click();
    const assignmentEdit = page.getByRole('dialog', { name: courseWorkMessages.editAssignment });
    await assignmentEdit.getByLabel(courseWorkMessages.status).selectOption('active');
    await assignmentEdit.getByRole('button', { name: courseWorkMessages.save }).click();
    await expect(assignments.getByText(assignmentStatusLabels.active)).toBeVisible();
    await expect(page.getByText(courseWorkMessages.saved)).toHaveCount(0);
    await expectAccessible(page);
    await modal
      .getByRole('button', { name: `Referat Zelle ${courseWorkMessages.delete.toLowerCase()}` })
      .click();
    const confirmAssignment = page.getByRole('alertdialog', {
      name: courseWorkMessages.deleteAssignmentTitle('Referat Zelle'),
    });
    await expect(confirmAssignment).toBeVisible();
    await confirmAssignment.getByRole('button', { name: courseWorkMessages.delete }).click();
    await expect(modal.getByText(courseWorkMessages.emptyAssignments)).toBeVisible();

    // Prüfungen: planned by default, the three options, edit, delete
    await modal.getByRole('tab', { name: courseMessages.tabExams }).click();
    await modal.getByRole('button', { name: courseWorkMessages.newExam }).click();
    const examForm = page.getByRole('dialog', { name: courseWorkMessages.newExam });
    await expect(examForm.getByLabel(courseWorkMessages.status).locator('option')).toHaveText([
      examStatusLabels.planned,
      examStatusLabels.announced,
      examStatusLabels.completed,
    ]);
    await expect(examForm.getByLabel(courseWorkMessages.date)).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await examForm.getByRole('button', { name: courseWorkMessages.create }).click();
    await expect(examForm.getByText(courseWorkMessages.nameRequired)).toBeVisible();
    await examForm.getByLabel(courseWorkMessages.name).fill('Klausur Genetik');
    await examForm.getByLabel(courseWorkMessages.date).fill('2026-12-10');
    await examForm.getByLabel(courseWorkMessages.topics).fill('Mendel\nDNA');
    await examForm.getByRole('button', { name: courseWorkMessages.create }).click();
    const exams = modal.getByRole('list', { name: courseMessages.tabExams });
    await expect(exams.getByText('10.12.2026')).toBeVisible();
    await expect(exams.getByText('Mendel, DNA')).toBeVisible();
    await modal
      .getByRole('button', { name: `Klausur Genetik ${courseWorkMessages.edit.toLowerCase()}` })
      .click();
    const examEdit = page.getByRole('dialog', { name: courseWorkMessages.editExam });
    await examEdit.getByLabel(courseWorkMessages.status).selectOption('completed');
    await examEdit.getByRole('button', { name: courseWorkMessages.save }).click();
    await expect(exams.getByText(examStatusLabels.completed)).toBeVisible();
    await modal
      .getByRole('button', { name: `Klausur Genetik ${courseWorkMessages.delete.toLowerCase()}` })
      .click();
    await page
      .getByRole('alertdialog', { name: courseWorkMessages.deleteExamTitle('Klausur Genetik') })
      .getByRole('button', { name: courseWorkMessages.delete })
      .click();
    await expect(modal.getByText(courseWorkMessages.emptyExams)).toBeVisible();

    // the material goes with its files after a confirmation that names it
    await modal.getByRole('tab', { name: courseMessages.tabMaterials }).click();
    await modal
      .getByRole('button', { name: `Skript Zellbiologie ${courseWorkMessages.delete.toLowerCase()}` })
      .click();
    await page
      .getByRole('alertdialog', { name: courseWorkMessages.deleteMaterialTitle('Skript Zellbiologie') })
      .getByRole('button', { name: courseWorkMessages.delete })
      .click();
    await expect(modal.getByText(courseWorkMessages.emptyMaterials)).toBeVisible();
  });
});
