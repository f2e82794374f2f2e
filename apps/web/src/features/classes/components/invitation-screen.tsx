import { useNavigate } from 'react-router';
import { MailOpen } from 'lucide-react';
import { invitationMessages } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Alert, Button, Card, Skeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation, useDeclineInvitation, useInvitationPreview } from '../api/invitations';

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
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 py-10">
      <DocumentTitle title={invitationMessages.pageTitle} />
      <h1 className="text-2xl font-semibold text-slate-900">{invitationMessages.pageTitle}</h1>
      {preview.isPending ? <Skeleton className="h-40" /> : null}
      {preview.isError ? <Alert tone="error">{errorMessage(preview.error)}</Alert> : null}
      {preview.data ? (
        <Card className="flex flex-col gap-4 p-6">
          <MailOpen aria-hidden="true" className="size-8 text-primary-700" />
          <p className="text-lg text-slate-900">
            {preview.data.kind === 'school_teacher'
              ? invitationMessages.previewSchoolTeacher(preview.data.invitedByName, preview.data.schoolName)
              : invitationMessages.previewClassStudent(
                  preview.data.invitedByName,
                  preview.data.className ?? '',
                  preview.data.schoolName,
                )}
          </p>
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
    </div>
  );
}
