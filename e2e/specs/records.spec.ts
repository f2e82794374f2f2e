import {
  analysisScreenMessages as screen,
  auditLabels,
  classMessages,
  gradeReleaseMessages,
  learningProfileMessages as lp,
  privacyMessages,
  type AnalysisDetail,
} from '@korrigo/domain';
import { expect, expectAccessible, signUpViaApi, test, uniqueEmail } from '../support/fixtures';

const answerKey = `Aufgabe 1 (2 P)
Subjekt: Lea (1 P), Prädikat: liest (1 P)
Aufgabe 2 (2 P)
„dass“ ist eine Konjunktion und leitet einen Nebensatz ein (1 P); „das“ ist Artikel oder Pronomen (1 P)`;

const paper = `Aufgabe 1
Subjekt: Lea, Prädikat: liest

Aufgabe 2
„dass“ ist eine Konjunktion und leitet einen Nebensatz ein. „das“ ist ein Artikel oder ein Pronomen.`;

/**
 * Issue 33 §8: the records a school stands behind, walked by both roles. The teacher releases a result and
 * changes it; at each step the pupil sees only the version released to her. The pupil erases her account;
 * the teacher's roster no longer shows her address, and the Verlauf keeps every entry under „gelöschtes Konto“.
 */
test.describe('[RECORDS] released versions, the Verlauf and erasure (issue 33)', () => {
  test('teacher releases and changes a result; the pupil sees only released versions, then erases her account', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);

    // ---- setup through the API the screens use: class, invitation, the pupil's account, course ----
    await signUpViaApi(page, { accountType: 'teacher', name: 'Frau Berg', school: 'Gymnasium am Park' });
    const [school] = (await (await page.request.get('/api/schools')).json()) as { id: string }[];
    const createdClass = await page.request.post('/api/classes', {
      data: { schoolId: school!.id, name: '7a', gradeLevel: '7', students: [{ name: 'Lena Schmidt' }] },
    });
    expect(createdClass.status(), await createdClass.text()).toBe(201);
    const classId = ((await createdClass.json()) as { id: string }).id;
    const roster = (await (await page.request.get(`/api/classes/${classId}`)).json()) as {
      students: { id: string; name: string }[];
    };
    const entry = roster.students[0]!;
    const lenaEmail = uniqueEmail('lena');
    const invitation = await page.request.post('/api/invitations', {
      data: { kind: 'class_student', classId, classStudentId: entry.id, email: lenaEmail },
    });
    expect(invitation.status(), await invitation.text()).toBe(201);
    const { code } = (await invitation.json()) as { code: string };
    const pupilContext = await browser.newContext();
    const pupil = await pupilContext.newPage();
    const lena = await signUpViaApi(pupil, {
      accountType: 'student',
      name: 'Lena Schmidt',
      classLevel: '7',
      email: lenaEmail,
    });
    expect((await pupil.request.post(`/api/invitations/${code}/accept`)).status()).toBe(200);
    const createdCourse = await page.request.post('/api/courses', {
      data: {
        classIds: [classId],
        name: 'Deutsch 7a',
        subject: 'Deutsch',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(createdCourse.status(), await createdCourse.text()).toBe(201);
    const courseId = ((await createdCourse.json()) as { id: string }).id;

    const created = await page.request.post('/api/analyses', {
      data: {
        title: 'Satzglieder',
        studentName: 'Lena Schmidt',
        text: paper,
        answerKeyText: answerKey,
        options: { subject: 'Deutsch', gradeLevel: 'Mittelstufe' },
        courseId,
        studentId: entry.id,
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const analysisId = ((await created.json()) as { id: string }).id;
    const detailOf = async () =>
      (await (await page.request.get(`/api/analyses/${analysisId}`)).json()) as AnalysisDetail;
    await expect.poll(async () => (await detailOf()).status, { timeout: 90_000 }).toBe('done');

    /** Every unit to `share` of its points and a feedback line, as the review screen sends them. */
    const review = async (share: number, feedback: string) => {
      const result = (await detailOf()).result!;
      const changes: object[] = [{ type: 'set_feedback', target: 'overall', text: feedback }];
      result.tasks.forEach((task, taskIndex) => {
        if (task.subtasks.length === 0) {
          changes.push({ type: 'set_points', taskIndex, points: share * (task.max_points ?? 0) });
        }
        task.subtasks.forEach((subtask, subtaskIndex) =>
          changes.push({
            type: 'set_points',
            taskIndex,
            subtaskIndex,
            points: share * (subtask.max_points ?? 0),
          }),
        );
      });
      const changed = await page.request.patch(`/api/analyses/${analysisId}/review`, { data: { changes } });
      expect(changed.status(), await changed.text()).toBe(200);
      return ((await changed.json()) as AnalysisDetail).result!.grade!;
    };

    // ---- the teacher: all points, confirmed in the result view and returned ----
    const first = await review(1, 'Alles richtig, sehr gut.');
    await page.goto(`/analysis/${analysisId}`);
    const result = page.getByTestId('result-view');
    await result.getByRole('button', { name: screen.confirm }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: screen.confirm }).click();
    await expect(result.getByText('Von der Lehrkraft bestätigt')).toBeVisible();
    await page.getByRole('button', { name: gradeReleaseMessages.release }).click();
    await expect(page.getByText(/An Lena Schmidt zurückgegeben am/)).toBeVisible();

    /** The pupil's table row and the graded work she opens from it. */
    const pupilSees = async (grade: string, feedback: string, notFeedback?: string) => {
      await pupil.goto('/dashboard/mytests');
      const row = pupil.getByTestId('grade-row').filter({ hasText: 'Satzglieder' });
      await expect(row).toContainText(grade);
      await row.getByRole('button', { name: lp.showDetails('Satzglieder') }).click();
      const detail = pupil.getByRole('dialog');
      await expect(detail).toContainText(feedback);
      if (notFeedback) await expect(detail).not.toContainText(notFeedback);
      await detail.getByRole('button', { name: lp.close }).first().click();
      await expect(detail).toBeHidden();
    };
    await pupilSees(first, 'Alles richtig, sehr gut.');

    // ---- reopened and changed, not confirmed: the pupil still sees what was released ----
    await result.getByRole('button', { name: screen.reopen }).click();
    await expect(page.getByText(screen.reopenSuccess)).toBeVisible();
    const second = await review(0, 'Entwurf der Lehrkraft.');
    expect(second).not.toBe(first);
    await pupilSees(first, 'Alles richtig, sehr gut.', 'Entwurf der Lehrkraft.');
    const api = await pupil.request.get(`/api/grades/${analysisId}`);
    expect(await api.text()).not.toContain('Entwurf der Lehrkraft.');

    // ---- confirmed: now the pupil is given the new version ----
    await page.reload();
    await result.getByRole('button', { name: screen.confirm }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: screen.confirm }).click();
    await expect(result.getByText('Von der Lehrkraft bestätigt')).toBeVisible();
    await pupilSees(second, 'Entwurf der Lehrkraft.');

    // the Verlauf keeps both releases with their own grades
    await page.getByRole('button', { name: auditLabels.show }).click();
    const events = page.getByTestId('audit-events');
    await expect(events.getByRole('listitem').filter({ hasText: 'Freigegeben' })).toContainText(
      `Note ${first}`,
    );
    await expect(events.getByRole('listitem').filter({ hasText: 'Freigabe aktualisiert' })).toContainText(
      `Note ${second}`,
    );
    await expectAccessible(page);

    // ---- the pupil erases her account ----
    await pupil.goto('/profile');
    await pupil.getByRole('button', { name: privacyMessages.deleteOpen }).click();
    const dialog = pupil.getByRole('dialog', { name: privacyMessages.deleteDialogTitle });
    await expect(dialog).toBeVisible();
    await expectAccessible(pupil);
    await dialog.getByLabel(privacyMessages.deletePasswordLabel).fill(lena.password);
    await dialog.getByRole('button', { name: privacyMessages.deleteConfirm }).click();
    await expect(pupil.getByText(privacyMessages.deleted)).toBeVisible();
    // nothing of the app is left in her browser's storage
    expect(await pupil.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
    await pupilContext.close();

    // ---- the teacher: the Verlauf keeps every entry, pseudonymised; the roster keeps no address ----
    await page.reload();
    await page.getByRole('button', { name: auditLabels.show }).click();
    const after = page.getByTestId('audit-events');
    await expect(after.getByRole('listitem').filter({ hasText: 'Freigegeben' })).toContainText(
      `an gelöschtes Konto (Korrektur, Note ${first}`,
    );
    await expect(after.getByRole('listitem').filter({ hasText: 'Freigabe aktualisiert' })).toContainText(
      `gelöschtes Konto erhält das neu bestätigte Ergebnis (Note ${second}`,
    );
    await expect(after).not.toContainText('an Lena Schmidt');

    await page.goto('/dashboard/classes');
    await page.getByRole('button', { name: `7a: ${classMessages.details}`, exact: true }).click();
    const details = page.getByRole('dialog', { name: `${classMessages.details}: 7a` });
    await details.getByRole('tab', { name: `${classMessages.students} (1)` }).click();
    const students = details.getByRole('list', { name: classMessages.students });
    await expect(students.getByRole('listitem')).toHaveCount(1);
    await expect(students).not.toContainText(lenaEmail);
    await expectAccessible(page);
  });
});
