import fs from 'node:fs';
import {
  berlinDay,
  gradeReleaseMessages,
  learningAssistantMessages as la,
  learningProfileMessages as lp,
  previousTermOf,
  termOf,
} from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test, uniqueEmail } from '../support/fixtures';

const answerKey = `Aufgabe 1 (2 P)
Subjekt: Lea (1 P), Prädikat: liest (1 P)
Aufgabe 2 (2 P)
„dass“ ist eine Konjunktion und leitet einen Nebensatz ein (1 P); „das“ ist Artikel oder Pronomen (1 P)`;

// Lena's paper, typed as she wrote it: one slip in each task, so the Lern-Assistent has something to practise
const paper = `Aufgabe 1
Subjekt: Lea, Prädikat: Zeitung

Aufgabe 2
Ich glaube das man „dass“ schreibt wenn ein Nebensatz kommt. „das“ ist ein Artikel.`;

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('[STUDENT SIDE] a released grade reaches the pupil (issue 17 §5)', () => {
  test('a teacher returns a graded paper; the pupil finds it in her term, opens it, downloads it and practises', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);

    // ---- setup through the API the screens use: class, join code, course with an exam ahead ----
    await signUpViaApi(page, { accountType: 'teacher', name: 'Frau Berg', school: 'Gymnasium am Park' });
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: {
        schoolId: school!.id,
        name: '7a',
        gradeLevel: '7',
        students: [{ name: 'Lena Schmidt' }, { name: 'Tom Berg' }],
      },
    });
    expect(createdClass.status(), await createdClass.text()).toBe(201);
    const classId = ((await createdClass.json()) as { id: string }).id;
    const lenaEmail = uniqueEmail('lena');
    // the invitation names Lena's roster entry: her account takes it over
    const roster = (await (await page.request.get(`/api/classes/${classId}`)).json()) as {
      students: { id: string; name: string }[];
    };
    const entry = roster.students.find((student) => student.name === 'Lena Schmidt')!;
    const invitation = await page.request.post('/api/invitations', {
      data: { kind: 'class_student', classId, classStudentId: entry.id, email: lenaEmail },
    });
    expect(invitation.status(), await invitation.text()).toBe(201);
    const { code } = (await invitation.json()) as { code: string };

    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    await signUpViaApi(student, {
      accountType: 'student',
      name: 'Lena Schmidt',
      classLevel: '7',
      email: lenaEmail,
    });
    const accepted = await student.request.post(`/api/invitations/${code}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);

    const createdCourse = await page.request.post('/api/courses', {
      data: {
        classIds: [classId],
        name: 'Deutsch 7a',
        subject: 'Deutsch',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(createdCourse.status(), await createdCourse.text()).toBe(201);
    const course = (await createdCourse.json()) as { id: string; students: { id: string; name: string }[] };
    const exam = await page.request.post(`/api/courses/${course.id}/exams`, {
      data: { name: 'Klassenarbeit Kommasetzung', date: inDays(9) },
    });
    expect(exam.status(), await exam.text()).toBe(201);

    // ---- the teacher grades Lena's paper linked to the course, confirms and returns it ----
    const created = await page.request.post('/api/analyses', {
      data: {
        title: 'Satzglieder und das/dass',
        studentName: 'Lena Schmidt',
        text: paper,
        answerKeyText: answerKey,
        options: { subject: 'Deutsch', gradeLevel: 'Mittelstufe' },
        courseId: course.id,
        studentId: entry.id,
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const analysisId = ((await created.json()) as { id: string }).id;
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/analyses/${analysisId}`)).json()) as { status: string })
            .status,
        { timeout: 90_000 },
      )
      .toBe('done');

    await page.goto(`/analysis/${analysisId}`);
    const result = page.getByTestId('result-view');
    const grade = (await result.getByTestId('result-grade').textContent())!.trim();
    await result.getByRole('button', { name: 'Bewertung bestätigen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Bewertung bestätigen' }).click();
    await expect(result.getByText('Von der Lehrkraft bestätigt')).toBeVisible();
    await page.getByRole('button', { name: gradeReleaseMessages.release }).click();
    await expect(page.getByText(/An Lena Schmidt zurückgegeben am/)).toBeVisible();
    await expectAccessible(page);

    // ---- the pupil: her grade in the current half-year, not in the previous one ----
    await student.goto('/dashboard/mytests');
    await expect(student.getByRole('heading', { level: 1, name: lp.title })).toBeVisible();
    const card = student.getByTestId('course-card').filter({ hasText: 'Deutsch 7a' });
    await expect(card).toContainText('Frau Berg');
    await expect(card).toContainText(lp.statusActive);
    const row = student.getByTestId('grade-row').filter({ hasText: 'Deutsch 7a' });
    await expect(row).toContainText(grade);
    const today = berlinDay(new Date());
    const termSelect = student.getByLabel(lp.term);
    await termSelect.selectOption({ label: lp.termCurrent(termOf(today).label) });
    await expect(row).toBeVisible();
    await termSelect.selectOption({ label: lp.termPrevious(previousTermOf(today).label) });
    await expect(student.getByText(lp.noGrades)).toBeVisible();
    await termSelect.selectOption({ label: lp.termCurrent(termOf(today).label) });
    await expect(student.getByTestId('stat-upcoming')).toContainText('1');
    await expectAccessible(student);

    // the graded work in the overlay
    await row.getByRole('button', { name: lp.showDetails('Satzglieder und das/dass') }).click();
    const detail = student.getByRole('dialog');
    await expect(detail).toContainText(grade);
    await expect(detail).toContainText('Prädikat: Zeitung');
    await detail.getByRole('button', { name: lp.close }).first().click();
    await expect(detail).toBeHidden();

    // the PDF is a real PDF
    const [download] = await Promise.all([
      student.waitForEvent('download'),
      row.getByRole('button', { name: lp.downloadPdf('Satzglieder und das/dass') }).click(),
    ]);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);

    // ---- the Lern-Assistent: three practice items from her own mistakes, checked by the engine ----
    await student.goto('/dashboard/essayfeed');
    await expect(student.getByRole('heading', { level: 1, name: la.title })).toBeVisible();
    await student
      .getByRole('button', { name: /Deutsch/ })
      .first()
      .click();
    await student.getByRole('tab', { name: la.toolPractice }).click();
    await expect(student.getByLabel(la.practiceCount)).toHaveValue('3');
    await student.getByRole('button', { name: la.practiceStart }).click();
    const items = student.getByTestId('practice-item');
    await expect(items).toHaveCount(3, { timeout: 30_000 });
    await expectAccessible(student);
    await student.getByRole('button', { name: la.practiceCheck }).click();
    await expect(student.getByTestId('practice-total')).toBeVisible({ timeout: 30_000 });
    await expect(student.getByText(la.solution).first()).toBeVisible();
    await studentContext.close();
  });
});
