import type { InvitationKind } from '@korrigo/domain';
import type { Mail } from '../../platform/mail';

// The invitation mail (issue 15 §1, §3): colleagues read Sie, students du, as on every screen.

export function invitationMail(invitation: {
  to: string;
  kind: InvitationKind;
  inviterName: string;
  schoolName: string;
  className: string | null;
  code: string;
  url: string;
}): Mail {
  const { inviterName, schoolName, className, code, url } = invitation;
  if (invitation.kind === 'school_teacher') {
    return {
      to: invitation.to,
      subject: `Korrigo: Einladung ins Kollegium der Schule ${schoolName}`,
      text:
        `Guten Tag,\n\n${inviterName} lädt Sie ein, dem Kollegium der Schule „${schoolName}“ bei Korrigo ` +
        `beizutreten. Öffnen Sie dazu diesen Link und melden Sie sich mit dieser E-Mail-Adresse an ` +
        `(oder registrieren Sie sich als Lehrkraft):\n\n${url}\n\nIhr Einladungscode: ${code}\n\n` +
        `Wenn Sie die Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.\n`,
    };
  }
  return {
    to: invitation.to,
    subject: `Korrigo: Einladung in die Klasse ${className ?? ''}`.trim(),
    text:
      `Hallo,\n\n${inviterName} lädt dich in die Klasse ${className ?? ''} (${schoolName}) bei Korrigo ein. ` +
      `Öffne dazu diesen Link und melde dich mit dieser E-Mail-Adresse an (oder registriere dich als ` +
      `Schülerin oder Schüler):\n\n${url}\n\nDein Einladungscode: ${code}\n\n` +
      `Wenn du die Einladung nicht erwartet hast, kannst du diese E-Mail ignorieren.\n`,
  };
}
