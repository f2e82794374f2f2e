import {
  analysisScreenMessages as analyse,
  classEvaluationScreenMessages as t,
  courseMessages as c,
  formatPointsValue,
  learningProfileMessages as profile,
  ltiDeepLinkingMessages as dl,
  ltiSettingsMessages as s,
  messages,
} from '@korrigo/domain';
import type { Browser, Page } from '@playwright/test';
import { e2eLtiUrl } from '../support/env';
import {
  expect,
  expectAccessible,
  saveTestViaApi,
  signUpViaApi,
  test,
  testQuestion,
  upgradeViaCheckout,
} from '../support/fixtures';

/**
 * Issue 35 §5: Korrigo inside a school's LMS, walked through in the browser against the stand-in LTI 1.3
 * platform (apps/server/test/support/lti-platform.ts, started by the config as its own process). Its course
 * „Mathematik 7b“ (course-1) has the instructor Frau Berg and the learners Anna Schmidt and Ben Yilmaz.
 */
const platformCourse = `${e2eLtiUrl}/course/course-1`;
const courseTitle = 'Mathematik 7b';
const pupils = ['Anna Schmidt', 'Ben Yilmaz'] as const;

/** What the stand-in's administrator page shows after Korrigo was configured there (its own JSON route). */
type PlatformValues = {
  name: string;
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  deploymentIds: string[];
};

/** A user of the stand-in in a browser of her own: its course page, as she sees it in her LMS. */
async function lmsUser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(platformCourse);
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  return page;
}

/** The saved test Frau Berg places into the course and grades the class set against: 4 points. */
const saveKey = (page: Page) =>
  saveTestViaApi(page, {
    title: 'Brüche Lernkontrolle',
    subject: 'Mathematik',
    grade: '7. Klasse',
    testType: 'Offene Fragen',
    topic: 'Brüche',
    questions: [
      testQuestion({
        id: 'q1',
        text: 'Wie heißt die Zahl über dem Bruchstrich?',
        type: 'open',
        correctAnswer: 'Zähler',
        points: 2,
        orderIndex: 0,
      }),
      testQuestion({
        id: 'q2',
        text: 'Wie heißt die Zahl unter dem Bruchstrich?',
        type: 'open',
        correctAnswer: 'Nenner',
        points: 2,
        orderIndex: 1,
      }),
    ],
  });
const maximum = 4;
const classSetTitle = 'Brüche 7b, Lernkontrolle';

const papers: Record<(typeof pupils)[number], string> = {
  // both right
  'Anna Schmidt': '1. Zähler\n2. Nenner',
  // one right
  'Ben Yilmaz': '1. Zähler\n2. Bruchstrich',
};

test.describe('[LTI] Korrigo in the school LMS (issue 35 §5)', () => {
  test('a teacher launches, deep-links a test, pupils launch, the class set is released into the gradebook', async ({
    page,
    browser,
  }) => {
    // three launches, a deep link, two gradings by the built-in engine and the grade delivery
    test.setTimeout(180_000);

    // ---- the administrating teacher connects the school's LMS in her profile, by hand ----
    await signUpViaApi(page, { accountType: 'teacher', name: 'Frau Adler', subjects: ['Mathematik'] });
    const values = (await (
      await page.request.get(`${e2eLtiUrl}/_test/registration`)
    ).json()) as PlatformValues;
    await page.goto('/profile');
    const section = page.getByRole('region', { name: s.title });
    await expect(section.getByText(s.emptyTitle)).toBeVisible();
    const form = section.getByRole('form', { name: s.formTitle });
    await form.getByLabel(s.name, { exact: true }).fill(values.name);
    await form.getByLabel(s.issuer).fill(values.issuer);
    await form.getByLabel(s.clientId).fill(values.clientId);
    await form.getByLabel(s.authUrl).fill(values.authUrl);
    await form.getByLabel(s.tokenUrl).fill(values.tokenUrl);
    await form.getByLabel(s.platformJwksUrl).fill(values.jwksUrl);
    await form.getByLabel(s.deploymentIds).fill(values.deploymentIds.join('\n'));
    await form.getByRole('button', { name: s.submit }).click();
    await expect(page.getByText(s.created(values.name))).toBeVisible();
    const connected = section.getByRole('list', { name: s.listTitle });
    await expect(connected).toContainText(values.name);
    await expect(connected).toContainText(values.clientId);

    // ---- Frau Berg opens Korrigo from her LMS course: her course „Mathematik 7b“ is made and opened ----
    const teacher = await lmsUser(browser);
    await teacher.getByRole('link', { name: 'Korrigo öffnen als Frau Berg' }).click();
    await expect(teacher).toHaveURL(/\/dashboard\/classes\?courseId=[0-9a-f-]{36}$/);
    const courseUrl = teacher.url();
    const courseDialog = teacher.getByRole('dialog', { name: courseTitle });
    await expect(courseDialog).toBeVisible();
    // the course dialog opens on Materialien (spec 001 §2); the LMS and the roster are in Kursdetails
    await courseDialog.getByRole('tab', { name: c.tabDetails }).click();
    await expect(courseDialog).toContainText(c.lms);
    await expect(courseDialog).toContainText(`${c.participants} (0)`);
    await expect(courseDialog).toContainText('Frau Berg');

    // the roster from the LMS (NRPS): both pupils, without accounts yet
    await courseDialog.getByRole('button', { name: c.lmsTakeOver }).click();
    await expect(teacher.getByText(messages.lti.rosterSynced(2, 0))).toBeVisible();
    await expect(courseDialog).toContainText(`${c.participants} (2)`);
    for (const name of pupils) await expect(courseDialog).toContainText(name);

    // ---- she places a saved test into the LMS course (deep linking) ----
    const key = await saveKey(teacher);
    await teacher.goto(platformCourse);
    await teacher.getByRole('link', { name: 'Korrigo-Inhalt hinzufügen als Frau Berg' }).click();
    await expect(teacher).toHaveURL(/\/lti\/auswahl\?t=/);
    await expect(teacher.getByRole('heading', { level: 1, name: dl.title })).toBeVisible();
    await expect(teacher.getByText(dl.intro(values.name))).toBeVisible();
    const tests = teacher.getByRole('group', { name: dl.testsTitle });
    const item = tests.getByRole('listitem').filter({ hasText: key.title });
    await expect(item).toContainText(dl.maximum(formatPointsValue(maximum)));
    await expect(teacher.getByText(dl.classSetsEmpty)).toBeVisible();
    await expectAccessible(teacher);
    await item.getByRole('button', { name: dl.placeLabel(key.title) }).click();
    // back in the LMS course, the activity stands there with its maximum points
    await expect(teacher).toHaveURL(platformCourse);
    await expect(teacher.getByText(`${key.title} (${maximum} Punkte)`)).toBeVisible();

    // ---- Anna and Ben open Korrigo from the course: each lands on „Mein Lernprofil“ with the course ----
    for (const name of pupils) {
      const pupil = await lmsUser(browser);
      await pupil.getByRole('link', { name: `Korrigo öffnen als ${name}` }).click();
      // „Mein Lernprofil“, where her courses stand, this one among them
      await expect(pupil).toHaveURL(/\/dashboard\/mytests$/);
      await expect(pupil.getByRole('heading', { level: 1, name: profile.title })).toBeVisible();
      await expect(
        pupil.getByRole('region', { name: profile.coursesHeading }).getByText(courseTitle).first(),
      ).toBeVisible();
      // signed in under the name the LMS sent (the user menu carries it)
      await expect(pupil.getByRole('banner').getByRole('button', { name: new RegExp(name) })).toBeVisible();
      await pupil.context().close();
    }
    // the launches took over the roster's entries: still two participants, no one twice
    await teacher.goto(courseUrl);
    await courseDialog.getByRole('tab', { name: c.tabDetails }).click();
    await expect(courseDialog).toContainText(`${c.participants} (2)`);
    for (const name of pupils) await expect(courseDialog.getByText(name, { exact: true })).toHaveCount(1);
    await courseDialog.getByRole('button', { name: c.lmsTakeOver }).click();
    await expect(teacher.getByText(messages.lti.rosterSynced(0, 2))).toBeVisible();

    // ---- she grades the typed class set of the course against the saved test (Premium Lehrer) ----
    await upgradeViaCheckout(teacher);
    await teacher.goto('/dashboard/analyse');
    await teacher.getByRole('tab', { name: analyse.methods.class }).click();
    await teacher.getByRole('button', { name: t.open }).click();
    const modal = teacher.getByRole('dialog', { name: t.modalTitle });
    await modal.getByRole('radio', { name: new RegExp(courseTitle) }).check();
    await expect(modal.getByRole('radio', { name: new RegExp(courseTitle) })).toHaveAccessibleName(
      new RegExp(t.courseStudents(2)),
    );
    // a name of its own: the scores must go to the placed test's grade item, not to a new one of the class set
    await modal.getByLabel(t.testNameLabel).fill(classSetTitle);
    await modal.getByRole('radio', { name: t.keySources.test }).check();
    await modal.getByLabel(t.keyTestLabel).selectOption({ label: key.title });
    await modal.getByRole('switch', { name: new RegExp(t.autoDetect) }).uncheck();
    for (const [name, text] of Object.entries(papers)) {
      const row = modal.getByRole('listitem').filter({ hasText: name });
      await row.getByRole('checkbox', { name: t.perStudentTextToggle }).check();
      await modal.getByLabel(t.perStudentText(name)).fill(text);
    }
    await expect(modal.getByTestId('class-set-summary')).toContainText(t.summaryPapers(2));
    await modal.getByRole('button', { name: t.submit }).click();

    await expect(teacher).toHaveURL(/\/dashboard\/class-evaluations\/[0-9a-f-]{36}$/);
    await expect(teacher.getByText(t.progressText(2, 2)).first()).toBeVisible({ timeout: 90_000 });
    await teacher.reload();
    await teacher.getByRole('tab', { name: t.tabs.papers }).click();
    const row = (name: string) => teacher.getByRole('row', { name: new RegExp(name) });
    const shown: Record<string, { points: number; grade: string }> = {};
    for (const name of pupils) {
      await expect(row(name)).toContainText(t.paperStatuses.done!);
      const cells = row(name).getByRole('cell');
      const points = (await cells.nth(1).textContent())!;
      expect(points).toMatch(new RegExp(` / ${maximum}$`));
      shown[name] = {
        points: Number(points.split(' / ')[0]!.replace(',', '.')),
        grade: (await cells.nth(2).textContent())!.trim(),
      };
    }
    expect(shown['Anna Schmidt']!.points).toBeGreaterThan(shown['Ben Yilmaz']!.points);

    // confirmed and released: both pupils have accounts from their launches
    await teacher.getByRole('button', { name: t.confirmAll }).click();
    await teacher
      .getByRole('alertdialog', { name: t.confirmManyTitle(2) })
      .getByRole('button', { name: t.confirm })
      .click();
    await expect(teacher.getByText(t.confirmed(2))).toBeVisible();
    await teacher.getByRole('tab', { name: t.tabs.release }).click();
    await teacher.getByRole('button', { name: t.releaseButton }).click();
    const confirmRelease = teacher.getByRole('alertdialog', { name: t.releaseConfirmTitle });
    await expect(confirmRelease).toContainText(t.releaseConfirmText(2, 2));
    await confirmRelease.getByRole('button', { name: t.releaseConfirm }).click();
    await expect(teacher.getByText(t.releaseResult(2, 0, 0))).toBeVisible();
    // the grade delivery runs as a job: the release shows it until both arrived
    await expect(
      teacher.getByText(messages.lti.deliveriesSummary({ total: 2, sent: 2, pending: 0, failed: 0 })),
    ).toBeVisible({ timeout: 60_000 });

    // ---- the LMS gradebook holds both pupils' points, with the grade as the comment ----
    await teacher.goto(platformCourse);
    // one grade item: the placed test's, with its maximum; the class set made none of its own
    await expect(teacher.getByRole('table')).toHaveCount(1);
    const gradebook = teacher.getByRole('table', { name: `${key.title} (max. ${maximum})` });
    await expect(gradebook).toBeVisible();
    for (const name of pupils) {
      await expect(gradebook.getByRole('row', { name: new RegExp(name) })).toContainText(
        `${shown[name]!.points} / ${maximum}`,
      );
      await expect(gradebook.getByRole('row', { name: new RegExp(name) })).toContainText(
        messages.lti.gradeComment(shown[name]!.grade),
      );
    }
  });
});
