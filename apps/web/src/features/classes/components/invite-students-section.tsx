import { invitationMessages } from '@korrigo/domain';
import { InvitePanel } from './invite-parts';

/** 'Schüler einladen' in the class details (issue 15 §3): the class's join code and invitations by e-mail. */
export function InviteStudentsSection({ classId }: { classId: string }) {
  return (
    <section
      aria-labelledby={`invite-${classId}`}
      className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-4"
    >
      <h3 id={`invite-${classId}`} className="text-base font-semibold text-slate-900">
        {invitationMessages.inviteStudents}
      </h3>
      <InvitePanel target={{ kind: 'class_student', classId }} hint={invitationMessages.inviteStudentsHint} />
    </section>
  );
}
