import { teamInvitationDays, teamMaxMembers } from '@korrigo/domain';
import type { Mail } from '../../platform/mail';

// The Pro Team invitation (issue 20 point 3): colleagues read Sie.

export function teamInvitationMail(invitation: {
  to: string;
  ownerName: string;
  teamName: string;
  url: string;
}): Mail {
  const { ownerName, teamName, url } = invitation;
  return {
    to: invitation.to,
    subject: `Korrigo: Einladung ins Team „${teamName}“`,
    text:
      `Guten Tag,\n\n${ownerName} lädt Sie in das Pro Team „${teamName}“ bei Korrigo ein. Im Team arbeiten ` +
      `bis zu ${teamMaxMembers} Lehrkräfte zusammen: Sie teilen gespeicherte Tests und die Leistungen des ` +
      `Tarifs Pro Team.\n\nÖffnen Sie diesen Link und melden Sie sich mit dieser E-Mail-Adresse an (oder ` +
      `registrieren Sie sich als Lehrkraft):\n\n${url}\n\nDer Link gilt ${teamInvitationDays} Tage. Ihre ` +
      `eigenen Tests bleiben Ihre, auch wenn Sie das Team später verlassen.\n\nWenn Sie die Einladung nicht ` +
      `erwartet haben, können Sie diese E-Mail ignorieren.\n`,
  };
}
