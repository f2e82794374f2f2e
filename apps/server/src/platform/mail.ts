import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { hasNoMailbox } from './school-sign-in';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to DATA_DIR/mail as an .eml file and its links
 * are logged, so a single-machine install can still reset passwords (ARCHITECTURE.md §3).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  return withoutPseudonyms(transportFor(options));
}

/**
 * An account from a pseudonymous school sign-in has no mailbox (school-sign-in.ts): nothing is sent to it,
 * whichever feature writes; the rest of the app treats it as an account whose mail is not delivered.
 */
function withoutPseudonyms(mailer: Mailer): Mailer {
  return { send: (mail) => (hasNoMailbox(mail.to) ? Promise.resolve() : mailer.send(mail)) };
}

function transportFor(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the outbox');
    },
  };
}
