import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactLimits, contactMessages as texts, type ContactRequest } from '@korrigo/domain';
import { contactMessages } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { nextAddress } from './support/factories';
import { startSmtpServer } from './support/smtp';

const INBOX = 'team@korrigo.example';

function buildContact(overrides: Partial<ContactRequest> = {}): ContactRequest {
  return {
    name: 'Erika Mustermann',
    email: 'erika@example.de',
    subject: 'support',
    role: 'lehrer',
    message: 'Wie lade ich einen ganzen Klassensatz hoch?',
    privacy: true,
    ...overrides,
  };
}

const post = (t: TestApp, payload: object, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload,
  });

async function storedRow(t: TestApp, id: string) {
  const [row] = await t.context.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** A port where nothing listens: the mail server is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(databaseKinds)('[CONTACT] contact form on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, CONTACT_INBOX: INBOX } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores the message and mails it to CONTACT_INBOX', async () => {
    const response = await post(t, buildContact({ message: 'Bitte um Rückruf wegen Schullizenz.' }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const row = await storedRow(t, id);
    expect(row).toMatchObject({
      name: 'Erika Mustermann',
      email: 'erika@example.de',
      subject: 'support',
      role: 'lehrer',
      message: 'Bitte um Rückruf wegen Schullizenz.',
      mailStatus: 'sent',
    });
    expect(row!.privacyAcceptedAt).toBeInstanceOf(Date);
    const mail = smtp.lastMailTo(INBOX);
    expect(mail).toContain('erika@example.de');
    expect(mail).toContain(id);
  });

  it('refuses a message without consent, with the spec sentence', async () => {
    const response = await post(t, { ...buildContact(), privacy: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.privacy).toBe(texts.privacyRequired);
  });

  it('validates name, e-mail, message, subject and role', async () => {
    const response = await post(t, buildContact({ name: ' ', email: 'kein-at', message: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      name: texts.nameRequired,
      email: texts.emailInvalid,
      message: texts.messageRequired,
    });
    const badEnum = await post(t, { ...buildContact(), subject: 'werbung', role: 'admin' });
    expect(badEnum.statusCode).toBe(400);
    expect(Object.keys(badEnum.json().error.fields)).toEqual(expect.arrayContaining(['subject', 'role']));
    const tooLong = await post(t, buildContact({ message: 'x'.repeat(contactLimits.messageMax + 1) }));
    expect(tooLong.statusCode).toBe(400);
  });

  it(`allows ${contactLimits.perWindow} messages per address and window, then answers 429`, async () => {
    const address = nextAddress();
    for (let i = 0; i < contactLimits.perWindow; i++) {
      expect((await post(t, buildContact(), address)).statusCode).toBe(201);
    }
    const limited = await post(t, buildContact(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // another address is not affected
    expect((await post(t, buildContact())).statusCode).toBe(201);
  });
});

describe.each(databaseKinds)('[CONTACT] nothing is lost on %s', (kind) => {
  it('keeps the message when the mail server is down and still answers success', async () => {
    const t = await buildTestApp(kind, {
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, CONTACT_INBOX: INBOX },
    });
    try {
      const response = await post(t, buildContact({ message: 'Kommt trotzdem an.' }));
      expect(response.statusCode).toBe(201);
      const row = await storedRow(t, response.json().id);
      expect(row).toMatchObject({ message: 'Kommt trotzdem an.', mailStatus: 'failed' });
      expect(row!.mailError).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('only stores the message when no inbox is configured', async () => {
    const t = await buildTestApp(kind);
    try {
      const response = await post(t, buildContact());
      expect(response.statusCode).toBe(201);
      expect(await storedRow(t, response.json().id)).toMatchObject({ mailStatus: 'skipped' });
    } finally {
      await t.close();
    }
  });
});
