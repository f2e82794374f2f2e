import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { cookiesFrom, createUser } from './support/factories';

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
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, origin: TEST_ORIGIN }, payload });
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
      reloginRequired: false,
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

  it('validates the edit form (name required, e-mail an e-mail, Bundesland one of 16)', async () => {
    const user = await createUser(t);
    const base = { displayName: 'A', email: user.email, accountType: 'teacher' };
    expect((await put(user.cookie, { ...base, displayName: '  ' })).statusCode).toBe(400);
    expect((await put(user.cookie, { ...base, email: 'nein' })).statusCode).toBe(400);
    const badState = await put(user.cookie, { ...base, bundesland: 'Atlantis' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.fields).toHaveProperty('bundesland');
  });

  it('a changed e-mail ends every session and asks for a new sign-in', async () => {
    const user = await createUser(t);
    const newEmail = `neu-${Date.now()}@example.de`;
    const response = await put(user.cookie, {
      displayName: user.name,
      email: newEmail,
      accountType: 'teacher',
      bundesland: 'Bayern',
      school: 'S',
    });
    expect(response.json()).toMatchObject({
      reloginRequired: true,
      profile: { email: newEmail, emailVerified: false },
    });
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).statusCode).toBe(
      401,
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: newEmail, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("a changed e-mail or password ends the user's other sessions at once, even just-used ones", async () => {
    const signInAgain = async (email: string, password: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password },
      });
      expect(response.statusCode).toBe(200);
      return cookiesFrom(response.headers);
    };
    const profileWith = async (cookie: string) =>
      (await t.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode;
    const user = await createUser(t);
    const fields = { displayName: user.name, accountType: 'teacher', bundesland: 'Bayern', school: 'S' };

    // new password: the other device is out, this one stays
    const phone = await signInAgain(user.email, user.password);
    expect(await profileWith(phone)).toBe(200);
    expect(
      (await put(user.cookie, { ...fields, email: user.email, newPassword: 'GanzNeu2025' })).statusCode,
    ).toBe(200);
    expect(await profileWith(phone)).toBe(401);
    expect(await profileWith(user.cookie)).toBe(200);

    // new e-mail: every device is out
    const tablet = await signInAgain(user.email, 'GanzNeu2025');
    expect(await profileWith(tablet)).toBe(200);
    const changed = await put(user.cookie, { ...fields, email: `anders-${Date.now()}@example.de` });
    expect(changed.json()).toMatchObject({ reloginRequired: true });
    expect(await profileWith(tablet)).toBe(401);
    expect(await profileWith(user.cookie)).toBe(401);
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
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(messages.providerErrors['email-already-in-use']);
  });

  it('sets a new password by the rules and keeps the current session', async () => {
    const user = await createUser(t);
    const fields = {
      displayName: user.name,
      email: user.email,
      accountType: 'teacher',
      bundesland: 'Bayern',
      school: 'S',
    };
    const weak = await put(user.cookie, { ...fields, newPassword: 'schwach' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(messages.signup.passwordInvalid);
    expect((await put(user.cookie, { ...fields, newPassword: 'GanzNeu2025' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).statusCode).toBe(
      200,
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: 'GanzNeu2025' },
    });
    expect(signIn.statusCode).toBe(200);
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
