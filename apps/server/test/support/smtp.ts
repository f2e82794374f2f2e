import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that read their mail. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** the last mail to `to`, with quoted-printable soft breaks undone so links can be read */
    lastMailTo(to: string) {
      const mail = [...received].reverse().find((m) => m.to.includes(to));
      return mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
