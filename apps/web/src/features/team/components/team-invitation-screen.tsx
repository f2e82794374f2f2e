import { useNavigate } from 'react-router';
import { MailOpen } from 'lucide-react';
import { DocumentTitle } from '@/components/page';
import { Alert, Button, Card, Skeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import {
  useAcceptTeamInvitation,
  useDeclineTeamInvitation,
  useTeamInvitationPreview,
} from '../api/team-invitation';
import { teamTexts as text } from '../content/team-texts';

/**
 * /team/einladung/:token (issue 20 point 3): who invites into which team, with Annehmen and Ablehnen.
 * Accepting leads to the profile, where the team now shows.
 */
export function TeamInvitationScreen({ token }: { token: string }) {
  const preview = useTeamInvitationPreview(token);
  const accept = useAcceptTeamInvitation();
  const decline = useDeclineTeamInvitation();
  const navigate = useNavigate();
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (team) => {
        toast.success(text.accepted(team.name));
        void navigate('/profile');
      },
      onError: (caught) => toast.error(errorMessage(caught)),
    });
  const onDecline = () =>
    decline.mutate(token, {
      onSuccess: () => {
        toast.success(text.declined);
        void navigate('/dashboard');
      },
      onError: (caught) => toast.error(errorMessage(caught)),
    });

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10 sm:px-0">
      <DocumentTitle title={text.invitationTitle} />
      <h1 className="text-2xl font-semibold text-slate-900">{text.invitationTitle}</h1>
      {preview.isPending ? <Skeleton className="h-40" aria-busy="true" /> : null}
      {preview.isError ? <Alert tone="error">{errorMessage(preview.error)}</Alert> : null}
      {preview.data ? (
        <Card className="flex flex-col gap-4 p-6">
          <MailOpen aria-hidden="true" className="size-8 text-primary-700" />
          <p className="text-lg text-slate-900">
            {text.invitationText(preview.data.ownerName, preview.data.teamName)}
          </p>
          <p className="text-sm text-slate-600">{text.invitationFor(preview.data.email)}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={onAccept} loading={accept.isPending} disabled={busy}>
              {text.accept}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={onDecline}
              loading={decline.isPending}
              disabled={busy}
            >
              {text.decline}
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
