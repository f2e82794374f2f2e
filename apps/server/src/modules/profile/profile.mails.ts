import type { AccountType } from '@korrigo/domain';
import type { Mail } from '../../platform/mail';

// The mails about changes to an account's sign-in. Mail texts live beside the code that sends them (as the
// reset mail in platform/auth.ts does); teachers read Sie, students du.

type Recipient = { name: string; accountType: AccountType };

const resetLink = (linkBase: string) => `${linkBase}/reset-password`;

/** To the new address: only following this link makes it the sign-in address. */
export function emailChangeConfirmationMail(
  to: Recipient & { newEmail: string },
  url: string,
  validHours: number,
): Mail {
  const text =
    to.accountType === 'teacher'
      ? `Hallo ${to.name},\n\nSie möchten die E-Mail-Adresse Ihres Korrigo-Kontos in ${to.newEmail} ändern. ` +
        `Bitte bestätigen Sie die neue Adresse über diesen Link. Er ist ${validHours} Stunden gültig:\n\n${url}\n\n` +
        `Erst dann gilt die neue Adresse: Alle Sitzungen werden beendet, und Sie melden sich mit ihr neu an.\n` +
        `Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.\n`
      : `Hallo ${to.name},\n\ndu möchtest die E-Mail-Adresse deines Korrigo-Kontos in ${to.newEmail} ändern. ` +
        `Bitte bestätige die neue Adresse über diesen Link. Er ist ${validHours} Stunden gültig:\n\n${url}\n\n` +
        `Erst dann gilt die neue Adresse: Alle Sitzungen werden beendet, und du meldest dich mit ihr neu an.\n` +
        `Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.\n`;
  return { to: to.newEmail, subject: 'Korrigo: Neue E-Mail-Adresse bestätigen', text };
}

/** To the old address: someone with the password asked to move the account to another address. */
export function emailChangeNoticeMail(
  to: Recipient & { email: string; newEmail: string },
  linkBase: string,
): Mail {
  const text =
    to.accountType === 'teacher'
      ? `Hallo ${to.name},\n\nfür Ihr Korrigo-Konto wurde beantragt, die E-Mail-Adresse von ${to.email} in ` +
        `${to.newEmail} zu ändern. Die Änderung gilt erst, wenn der Link in der E-Mail an die neue Adresse ` +
        `geöffnet wird; bis dahin melden Sie sich weiter mit ${to.email} an.\n\n` +
        `Waren Sie das nicht? Dann kennt jemand Ihr Passwort. Setzen Sie es sofort über „Passwort vergessen“ ` +
        `zurück:\n\n${resetLink(linkBase)}\n\nDas beendet alle Sitzungen und verwirft die beantragte Änderung.\n`
      : `Hallo ${to.name},\n\nfür dein Korrigo-Konto wurde beantragt, die E-Mail-Adresse von ${to.email} in ` +
        `${to.newEmail} zu ändern. Die Änderung gilt erst, wenn der Link in der E-Mail an die neue Adresse ` +
        `geöffnet wird; bis dahin meldest du dich weiter mit ${to.email} an.\n\n` +
        `Warst du das nicht? Dann kennt jemand dein Passwort. Setze es sofort über „Passwort vergessen“ ` +
        `zurück:\n\n${resetLink(linkBase)}\n\nDas beendet alle Sitzungen und verwirft die beantragte Änderung.\n`;
  return {
    to: to.email,
    subject:
      to.accountType === 'teacher'
        ? 'Korrigo: Ihre E-Mail-Adresse soll geändert werden'
        : 'Korrigo: Deine E-Mail-Adresse soll geändert werden',
    text,
  };
}

/** To the account's address after a password change in the profile. */
export function passwordChangedMail(to: Recipient & { email: string }, linkBase: string): Mail {
  const text =
    to.accountType === 'teacher'
      ? `Hallo ${to.name},\n\ndas Passwort Ihres Korrigo-Kontos wurde soeben geändert; alle anderen Sitzungen ` +
        `wurden beendet.\n\nWaren Sie das nicht? Dann setzen Sie Ihr Passwort sofort über „Passwort vergessen“ ` +
        `zurück:\n\n${resetLink(linkBase)}\n`
      : `Hallo ${to.name},\n\ndas Passwort deines Korrigo-Kontos wurde soeben geändert; alle anderen Sitzungen ` +
        `wurden beendet.\n\nWarst du das nicht? Dann setze dein Passwort sofort über „Passwort vergessen“ ` +
        `zurück:\n\n${resetLink(linkBase)}\n`;
  return { to: to.email, subject: 'Korrigo: Passwort geändert', text };
}
