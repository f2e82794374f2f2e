import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, cookiesFrom, createUser, nextAddress } from './support/factories';
import { startSmtpServer } from './support/smtp';
import { createProfileRepository } from '../src/modules/profile/profile.repository';
import { createProfileService } from '../src/modules/profile/profile.service';
import { hashPassword, verifyPassword } from '../src/platform/auth';

// A 1×1 PNG and a GIF header: enough for the content check, which reads magic bytes, not names.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function multipart(fileName: string, contentType: string, data: Buffer) {
  const boundary = '----korrigo' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databaseKinds)('[PROFILE] profile on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  // the app's clock runs this far ahead, for links that run out
  let clockOffsetMs = 0;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url },
      now: () => new Date(Date.now() + clockOffsetMs),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, origin: TEST_ORIGIN }, payload });
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    });
  const profileWith = async (cookie: string) =>
    (await t.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode;
  /** the confirmation link from the last mail to `email`, as a path the app can be asked for */
  const confirmationLinkTo = (email: string) => {
    const link = smtp.lastMailTo(email)?.match(/https?:\/\/\S+\/api\/profile\/email-change\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    return new URL(link!).pathname + new URL(link!).search;
  };
  const upload = (cookie: string, fileName: string, type: string, data: Buffer) => {
    const body = multipart(fileName, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      headers: { cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });
  };

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ url: '/api/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'unauthenticated', message: messages.auth.notSignedIn });
  });

  it('updates name and fields; switching the account type clears the other type on the server', async () => {
    const user = await createUser(t, {
      accountType: 'teacher',
      bundesland: 'Bayern',
      school: 'Gymnasium',
      subjects: ['Physik'],
    });
    const response = await put(user.cookie, {
      displayName: 'Neuer Name',
      email: user.email,
      accountType: 'student',
      bundesland: 'Bayern',
      school: 'Gymnasium',
      subjects: ['Physik'],
      classLevel: '3. Semester',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailConfirmationSent: false,
      profile: {
        displayName: 'Neuer Name',
        accountType: 'student',
        bundesland: '',
        school: '',
        subjects: [],
        classLevel: '3. Semester',
      },
    });
    const back = await put(user.cookie, {
      displayName: 'Neuer Name',
      email: user.email,
      accountType: 'teacher',
      bundesland: 'Hessen',
      school: 'Schule',
      subjects: ['Kunst'],
      classLevel: '3. Semester',
    });
    expect(back.json().profile).toMatchObject({
      accountType: 'teacher',
      bundesland: 'Hessen',
      classLevel: '',
    });
  });

  it('keeps the account type while a roster entry or a class depends on it', async () => {
    // issue 31: a pupil on a roster switched her own account to teacher
    const pupil = await createUser(t, { accountType: 'student', classLevel: '8. Klasse', subjects: [] });
    await buildCourse(t, { studentUserIds: [pupil.id] });
    const asTeacher = {
      displayName: pupil.name,
      email: pupil.email,
      accountType: 'teacher',
      bundesland: 'Bayern',
      school: 'Gymnasium',
      subjects: ['Physik'],
    };
    const refused = await put(pupil.cookie, asTeacher);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message: messages.profile.accountTypeLocked.student,
      fields: { accountType: messages.profile.accountTypeLocked.student },
    });
    // the Google sign-up's step 1 is no way round it
    const viaSignup = await t.app.inject({
      method: 'POST',
      url: '/api/signup/complete-google',
      headers: { cookie: pupil.cookie, origin: TEST_ORIGIN },
      payload: {
        name: pupil.name,
        accountType: 'teacher',
        bundesland: 'Bayern',
        school: 'Gymnasium',
        subjects: ['Physik'],
        termsAccepted: true,
      },
    });
    expect(viaSignup.statusCode).toBe(409);
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: pupil.cookie } });
    expect(profile.json()).toMatchObject({ accountType: 'student', classLevel: '8. Klasse' });
    // the rest of the form still saves
    const renamed = await put(pupil.cookie, {
      displayName: 'Lena S.',
      email: pupil.email,
      accountType: 'student',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // and a teacher of a class or course stays a teacher
    const teacher = await createUser(t, { accountType: 'teacher' });
    await buildClass(t, { ownerId: teacher.id });
    const asStudent = {
      displayName: teacher.name,
      email: teacher.email,
      accountType: 'student',
      classLevel: '9',
    };
    const kept = await put(teacher.cookie, asStudent);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.message).toBe(messages.profile.accountTypeLocked.teacher);
  });

  it('validates the edit form (name required, e-mail an e-mail, Bundesland one of 16)', async () => {
    const user = await createUser(t);
    const base = { displayName: 'A', email: user.email, accountType: 'teacher' };
    expect((await put(user.cookie, { ...base, displayName: '  ' })).statusCode).toBe(400);
    expect((await put(user.cookie, { ...base, email: 'nein' })).statusCode).toBe(400);
    const badState = await put(user.cookie, { ...base, bundesland: 'Atlantis' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.fields).toHaveProperty('bundesland');
  });

  it('a new e-mail or password needs the current password: missing 400, wrong 403, nothing changes', async () => {
    const student = await createUser(t, { accountType: 'student', classLevel: '9. Klasse' });
    const fields = { displayName: student.name, accountType: 'student', classLevel: '9. Klasse' };
    const newEmail = `ohne-${Date.now()}@example.de`;
    for (const change of [{ email: newEmail }, { email: student.email, newPassword: 'GanzNeu2025' }]) {
      const missing = await put(student.cookie, { ...fields, ...change });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual({
        currentPassword: messages.profile.currentPasswordRequired.student,
      });
      const wrong = await put(student.cookie, { ...fields, ...change, currentPassword: 'Falsch123' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.fields).toEqual({ currentPassword: messages.profile.currentPasswordWrong });
    }
    const teacher = await createUser(t);
    const sie = await put(teacher.cookie, {
      displayName: teacher.name,
      email: teacher.email,
      accountType: 'teacher',
      newPassword: 'GanzNeu2025',
    });
    expect(sie.json().error.message).toBe('Bitte geben Sie Ihr aktuelles Passwort ein.');

    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: student.cookie } });
    expect(profile.json()).toMatchObject({ email: student.email, pendingEmail: null });
    expect((await signIn(student.email, student.password)).statusCode).toBe(200);
    expect((await signIn(student.email, 'GanzNeu2025')).statusCode).toBe(401);
    expect(smtp.lastMailTo(newEmail)).toBeUndefined();
  });

  it('guessing the current password with a session is slowed: 10 wrong ones a minute per account; saves are not counted', async () => {
    const user = await createUser(t);
    const save = (fields: { currentPassword?: string; newPassword?: string; displayName?: string }) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        remoteAddress: nextAddress(),
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: { displayName: user.name, email: user.email, accountType: 'teacher', ...fields },
      });
    // correct saves, with and without the current password, are never counted
    const passwords = [user.password, 'GanzNeu2025'];
    for (let i = 0; i < 12; i++) {
      const [current, next] = [passwords[i % 2]!, passwords[(i + 1) % 2]!];
      expect((await save({ currentPassword: current, newPassword: next })).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      const wrong = await save({ currentPassword: `Falsch${i}23`, newPassword: 'Anders2025' });
      expect(wrong.statusCode).toBe(403);
    }
    const limited = await save({ currentPassword: `Falsch1023`, newPassword: 'Anders2025' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(messages.http.rateLimited);
    // within the window even the right one waits (it could be the next guess) ...
    expect((await save({ currentPassword: user.password, newPassword: 'Anders2025' })).statusCode).toBe(429);
    // ... but a save that needs no password is no guess, and sign-in has its own budget
    expect((await save({ displayName: 'Neuer Name' })).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('a new e-mail waits for its link; the old address is told; then only the new one signs in', async () => {
    const user = await createUser(t);
    const phone = cookiesFrom((await signIn(user.email, user.password)).headers);
    const newEmail = `neu-${Date.now()}@example.de`;
    const fields = { displayName: user.name, accountType: 'teacher', bundesland: 'Bayern', school: 'S' };
    const response = await put(user.cookie, { ...fields, email: newEmail, currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailConfirmationSent: true,
      profile: { email: user.email, pendingEmail: newEmail, emailVerified: false },
    });

    // pending: the old address still signs in, the new one does not, and every session goes on
    const notice = smtp.lastMailTo(user.email)!;
    expect(notice).toContain(`wurde beantragt, die E-Mail-Adresse von ${user.email} in ${newEmail}`);
    expect(notice).toContain(`${TEST_ORIGIN}/reset-password`);
    expect((await signIn(newEmail, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect(await profileWith(phone)).toBe(200);

    // following the link: the new address is the verified sign-in address and every session ends
    const link = confirmationLinkTo(newEmail);
    const confirm = await t.app.inject({ url: link });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/login?emailChange=changed');
    expect(await profileWith(user.cookie)).toBe(401);
    expect(await profileWith(phone)).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    const signedIn = await signIn(newEmail, user.password);
    expect(signedIn.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: { cookie: cookiesFrom(signedIn.headers) },
    });
    expect(profile.json()).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });

    // the link works once; opened again, it says so
    expect((await t.app.inject({ url: link })).headers.location).toBe('/login?emailChange=confirmed');
    expect(
      (
        await t.app.inject({ url: '/api/profile', headers: { cookie: cookiesFrom(signedIn.headers) } })
      ).json(),
    ).toMatchObject({ pendingEmail: null });
  });

  it('a newer request replaces the older link; a forged or expired link changes nothing', async () => {
    const user = await createUser(t);
    const fields = { displayName: user.name, accountType: 'teacher', bundesland: 'Bayern', school: 'S' };
    const first = `erst-${Date.now()}@example.de`;
    const second = `dann-${Date.now()}@example.de`;
    await put(user.cookie, { ...fields, email: first, currentPassword: user.password });
    const firstLink = confirmationLinkTo(first);
    await put(user.cookie, { ...fields, email: second, currentPassword: user.password });
    const secondLink = confirmationLinkTo(second);
    expect((await t.app.inject({ url: firstLink })).headers.location).toBe('/login?emailChange=invalid');
    const forged = secondLink.replace(/token=([^&.]+)\.\S+/, 'token=$1.gefaelscht');
    expect((await t.app.inject({ url: forged })).headers.location).toBe('/login?emailChange=invalid');
    expect((await t.app.inject({ url: '/api/profile/email-change' })).headers.location).toBe(
      '/login?emailChange=invalid',
    );
    expect(await profileWith(user.cookie)).toBe(200);

    // 25 hours later the newer link has run out too
    const third = `zuletzt-${Date.now()}@example.de`;
    await put(user.cookie, { ...fields, email: third, currentPassword: user.password });
    clockOffsetMs = 25 * 60 * 60 * 1000;
    try {
      expect(
        (await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json(),
      ).toMatchObject({
        pendingEmail: null,
      });
      expect((await t.app.inject({ url: confirmationLinkTo(third) })).headers.location).toBe(
        '/login?emailChange=invalid',
      );
    } finally {
      clockOffsetMs = 0;
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('a link to an address someone else took meanwhile changes nothing', async () => {
    const user = await createUser(t);
    const newEmail = `begehrt-${Date.now()}@example.de`;
    await put(user.cookie, {
      displayName: user.name,
      email: newEmail,
      accountType: 'teacher',
      currentPassword: user.password,
    });
    await createUser(t, { email: newEmail });
    const confirm = await t.app.inject({ url: confirmationLinkTo(newEmail) });
    expect(confirm.headers.location).toBe('/login?emailChange=taken');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('a sign-up with the address between the check and the change: taken, not a 500', async () => {
    const user = await createUser(t);
    const newEmail = `wettlauf-${Date.now()}@example.de`;
    const repository = createProfileRepository(t.context.database.db);
    const service = createProfileService({
      repository: {
        ...repository,
        // the check finds the address free; the sign-up lands right after it
        findUserByEmail: async (email) => {
          const owner = await repository.findUserByEmail(email);
          if (email === newEmail) await createUser(t, { email: newEmail });
          return owner;
        },
      },
      storage: t.context.storage,
      hashPassword,
      verifyPassword,
      mailer: { send: async () => {} },
      sessions: { forgetUser: () => {} },
    });
    await repository.saveEmailChange(user.id, {
      email: newEmail,
      tokenHash: crypto.createHash('sha256').update('geheim').digest('hex'),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    expect(await service.confirmEmailChange(`${user.id}.geheim`)).toBe('taken');
    expect(await repository.findEmailChange(user.id)).toBeUndefined();
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("a new password by the rules keeps this session, ends the user's other ones and is mailed", async () => {
    const user = await createUser(t, { accountType: 'student', classLevel: '9. Klasse' });
    const fields = {
      displayName: user.name,
      email: user.email,
      accountType: 'student',
      classLevel: '9. Klasse',
    };
    const weak = await put(user.cookie, {
      ...fields,
      newPassword: 'schwach',
      currentPassword: user.password,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ newPassword: messages.signup.passwordInvalid });

    // a session that was just used (and so is remembered by the session cache) must end all the same
    const phone = cookiesFrom((await signIn(user.email, user.password)).headers);
    expect(await profileWith(phone)).toBe(200);
    const changed = await put(user.cookie, {
      ...fields,
      newPassword: 'GanzNeu2025',
      currentPassword: user.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().emailConfirmationSent).toBe(false);
    expect(await profileWith(phone)).toBe(401);
    expect(await profileWith(user.cookie)).toBe(200);
    const mail = smtp.lastMailTo(user.email)!;
    expect(mail).toContain('Passwort deines Korrigo-Kontos wurde soeben ge');
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'GanzNeu2025')).statusCode).toBe(200);
  });

  it('refuses an e-mail that belongs to someone else', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const response = await put(a.cookie, {
      displayName: a.name,
      email: b.email,
      accountType: 'teacher',
      bundesland: 'Bayern',
      school: 'S',
      currentPassword: a.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(messages.providerErrors['email-already-in-use']);
  });

  it('accepts a photo by its content and deletes the old one', async () => {
    const user = await createUser(t);
    const first = await upload(user.cookie, 'ich.png', 'image/png', png);
    expect(first.statusCode).toBe(200);
    expect(first.json().photoURL).toBe('/api/profile/photo?v=1');
    const second = await upload(user.cookie, 'ich.gif', 'image/gif', gif);
    expect(second.json().photoURL).toBe('/api/profile/photo?v=2');
    const photo = await t.app.inject({ url: '/api/profile/photo?v=2', headers: { cookie: user.cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/gif');
    expect(photo.rawPayload.equals(gif)).toBe(true);
    const dir = path.join(t.dataDir, 'files', 'profile-images', user.id);
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('rejects a non-image named .jpg, and files over 5 MB, with the spec messages', async () => {
    const user = await createUser(t);
    const fake = await upload(user.cookie, 'foto.jpg', 'image/jpeg', Buffer.from('das ist kein Bild'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe('Ungültiges Dateiformat. Erlaubt sind: JPG, PNG, GIF, WEBP');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(user.cookie, 'gross.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Die Datei ist zu groß. Maximale Größe: 5 MB');
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
    expect(profile.json().photoURL).toBeNull();
  });

  it("user A can neither read nor change B's profile", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await upload(b.cookie, 'b.png', 'image/png', png);
    // The profile routes take no id: each answers only for the session's own user.
    const readA = await t.app.inject({ url: '/api/profile', headers: { cookie: a.cookie } });
    expect(readA.json().id).toBe(a.id);
    expect(
      (await t.app.inject({ url: '/api/profile/photo', headers: { cookie: a.cookie } })).statusCode,
    ).toBe(404);
    // Smuggling B's id into the update is refused, and B stays unchanged.
    const smuggle = await put(a.cookie, {
      id: b.id,
      displayName: 'X',
      email: a.email,
      accountType: 'teacher',
    });
    expect(smuggle.statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/profile/${b.id}`, headers: { cookie: a.cookie } })).statusCode,
    ).toBe(404);
    const readB = await t.app.inject({ url: '/api/profile', headers: { cookie: b.cookie } });
    expect(readB.json().displayName).toBe(b.name);
  });

  it('creates a missing profile with the spec defaults on first load', async () => {
    const user = await createUser(t);
    await t.context.database.db.delete((await import('../src/db/schema')).profiles);
    const response = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
    expect(response.json()).toMatchObject({
      credits: 0,
      usedCredits: 0,
      plan: 'free',
      accountType: 'student',
    });
    const nextReset = new Date(response.json().nextReset);
    expect(nextReset.getDate()).toBe(1);
  });
});
