import {
  contactRequestSchema,
  contactRoleLabels,
  contactSubjectLabels,
  type ContactRequest,
  type ContactResponse,
} from '@korrigo/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail';
import type { ContactRepository, ContactMessageRow } from './contact.repository';

function mailText(row: ContactMessageRow): string {
  return [
    `Neue Nachricht über das Kontaktformular (${row.createdAt.toISOString()})`,
    '',
    `Name: ${row.name}`,
    `E-Mail: ${row.email}`,
    `Betreff: ${contactSubjectLabels[row.subject]}`,
    `Ich bin: ${contactRoleLabels[row.role]}`,
    '',
    row.message,
    '',
    `Nachrichten-ID: ${row.id}`,
  ].join('\n');
}

export function createContactService(deps: {
  repository: ContactRepository;
  mailer: Mailer;
  /** CONTACT_INBOX; without it messages are only stored */
  inbox: string | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * A contact message (spec 000 §3, §5) is stored first, then mailed to the inbox. A failing mail server
     * is logged and recorded on the row; the visitor still gets a success, because nothing was lost.
     */
    async submit(input: ContactRequest): Promise<ContactResponse> {
      const data = contactRequestSchema.parse(input);
      const row = await deps.repository.insert({
        name: data.name,
        email: data.email,
        subject: data.subject,
        role: data.role,
        message: data.message,
        privacyAcceptedAt: now(),
        mailStatus: deps.inbox ? 'pending' : 'skipped',
      });
      if (deps.inbox) {
        try {
          await deps.mailer.send({
            to: deps.inbox,
            subject: `[Kontakt] ${contactSubjectLabels[row.subject]} – ${row.name}`,
            text: mailText(row),
          });
          await deps.repository.setMailStatus(row.id, 'sent', null);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          deps.log.error({ err: error, contactMessageId: row.id }, 'contact mail failed; message is stored');
          await deps.repository.setMailStatus(row.id, 'failed', reason.slice(0, 500));
        }
      }
      return { id: row.id, receivedAt: row.createdAt.toISOString() };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
