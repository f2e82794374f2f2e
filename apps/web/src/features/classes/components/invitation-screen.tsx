import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MailOpen } from 'lucide-react';
import { invitationMessages, type InvitationPreview } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Alert, Button, Card, Skeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import {
  useAcceptInvitation,
  useDeclineInvitation,
  useInvitationDetails,
  useInvitationPreview,
} from '../api/invitations';

/** Who invites into which school or class: the same sentence signed in and signed out. */
function InvitationSentence({ invitation }: { invitation: InvitationPreview }) {
  return (
    <p className="text-lg text-slate-900">
      {invitation.kind === 'school_teacher'
        ? invitationMessages.previewSchoolTeacher(invitation.invitedByName, invitation.schoolName)
        : invitationMessages.previewClassStudent(
            invitation.invitedByName,
            invitation.className ?? '',
            invitation.schoolName,
          )}
    </p>
  );
}

function InvitationFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10">
      <DocumentTitle title={invitationMessages.pageTitle} />
      <h1 className="text-2xl font-semibold text-slate-900">{invitationMessages.pageTitle}</h1>
      {children}
    </div>
  );
}

/**
 * /einladung/:code for a visitor without a session (issue 34 §5): the mail's reader often has no account yet.
 * She reads what she is invited to, then signs up (or in) and comes back here (`?next=`) to accept.
 */
export function InvitationVisitorScreen({ code }: { code: string }) {
  const details = useInvitationDetails(code);
  const back = `?next=${encodeURIComponent(`/einladung/${code}`)}`;
  const forTeachers = details.data?.kind === 'school_teacher';
  return (
    <InvitationFrame>
      {details.isPending ? <Skeleton className="h-40" /> : null}
      {details.isError ? <Alert tone="error">{errorMessage(details.error)}</Alert> : null}
      {details.data ? (
        <Card className="flex flex-col gap-4 p-6">
          <MailOpen aria-hidden="true" className="size-8 text-primary-700" />
          <InvitationSentence invitation={details.data} />
          <p className="text-sm text-slate-700">
            {forTeachers ? invitationMessages.visitorSchoolTeacher : invitationMessages.visitorClassStudent}
            {details.data.personal
              ? ` ${forTeachers ? invitationMessages.visitorPersonalTeacher : invitationMessages.visitorPersonalStudent}`
              : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={`/signup${back}`}>{invitationMessages.signUp}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={`/login${back}`}>{invitationMessages.signIn}</Link>
            </Button>
          </div>
        </Card>
      ) : null}
    </InvitationFrame>
  );
}

/**
 * /einladung/:code (issue 15 §1, §3): who invites into which school or class, with Annehmen and Ablehnen.
 * Accepting leads to where the school now shows (the teacher's classes screen) or the class (the student's
 * learning profile, issue 33 §5).
 */
export function InvitationScreen({ code }: { code: string }) {
  const preview = useInvitationPreview(code);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const navigate = useNavigate();

  const onAccept = () =>
    accept.mutate(code, {
      onSuccess: (result) => {
        toast.success(
          result.kind === 'school_teacher'
            ? invitationMessages.acceptedSchool
            : invitationMessages.acceptedClass,
        );
        navigate(result.kind === 'school_teacher' ? '/dashboard/classes' : '/dashboard/mytests');
      },
      onError: (caught) => toast.error(errorMessage(caught)),
    });

  const onDecline = () =>
    decline.mutate(code, {
      onSuccess: () => {
        toast.success(invitationMessages.declined);
        navigate('/dashboard');
      },
      onError: (caught) => toast.error(errorMessage(caught)),
    });

  return (
    <InvitationFrame>
      {preview.isPending ? <Skeleton className="h-40" /> : null}
      {preview.isError ? <Alert tone="error">{errorMessage(preview.error)}</Alert> : null}
      {preview.data ? (
        <Card className="flex flex-col gap-4 p-6">
          <MailOpen aria-hidden="true" className="size-8 text-primary-700" />
          <InvitationSentence invitation={preview.data} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={onAccept} disabled={accept.isPending}>
              {invitationMessages.accept}
            </Button>
            {preview.data.personal ? (
              <Button type="button" variant="secondary" onClick={onDecline} disabled={decline.isPending}>
                {invitationMessages.decline}
              </Button>
            ) : (
              <Button type="button" variant="secondary" onClick={() => navigate('/dashboard')}>
                {invitationMessages.decline}
              </Button>
            )}
          </div>
        </Card>
      ) : null}
    </InvitationFrame>
  );
}
