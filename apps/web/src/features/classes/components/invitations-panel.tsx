import { MailOpen } from 'lucide-react';
import { useNavigate } from 'react-router';
import { invitationMessages, type ReceivedInvitation, type SentInvitation } from '@korrigo/domain';
import { CopyButton } from '@/components/copy-button';
import { Alert, Badge, Button, Card, EmptyState, Skeleton } from '@/components/ui';
import { formatDate } from '@/lib/format';
import {
  invitationLink,
  useAcceptInvitation,
  useDeclineInvitation,
  useInvitations,
  useRevokeInvitation,
} from '../api/invitations';
import { withToast } from '../utils/with-toast';

/** How many open invitations the 'Einladungen' tab counts: received and sent together. */
export function usePendingInvitationCount(): number {
  const invitations = useInvitations();
  return (invitations.data?.received.length ?? 0) + (invitations.data?.sent.length ?? 0);
}

const where = (item: { schoolName: string; className: string | null }) =>
  item.className ? `${item.className} · ${item.schoolName}` : item.schoolName;

/**
 * The 'pending invitations' tab of the class list (spec 001 §2, issue 15 §1, §3): invitations to the teacher
 * (accept, decline) and the ones she sent or the join codes she made (copy, revoke).
 */
export function InvitationsPanel() {
  const invitations = useInvitations();
  if (invitations.isError) return <Alert tone="error">{invitationMessages.loadFailed}</Alert>;
  if (!invitations.data) return <Skeleton className="h-24" />;
  const { received, sent, emailVerified } = invitations.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="received-invitations" className="flex flex-col gap-3">
        <h3 id="received-invitations" className="text-base font-semibold text-slate-900">
          {invitationMessages.received}
        </h3>
        {emailVerified ? null : (
          <Alert tone="warning">{invitationMessages.confirmEmailToSeeInvitations.teacher}</Alert>
        )}
        {received.length === 0 ? (
          <EmptyState icon={MailOpen} title={invitationMessages.noReceived} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {received.map((item) => (
              <li key={item.id}>
                <ReceivedCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sent-invitations" className="flex flex-col gap-3">
        <h3 id="sent-invitations" className="text-base font-semibold text-slate-900">
          {invitationMessages.sent}
        </h3>
        {sent.length === 0 ? (
          <EmptyState title={invitationMessages.noSent} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {sent.map((item) => (
              <li key={item.id}>
                <SentCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** An invitation to the signed-in account (teacher or student), with Annehmen and Ablehnen. */
export function ReceivedCard({ item }: { item: ReceivedInvitation }) {
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const navigate = useNavigate();
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">{where(item)}</p>
        <Badge tone="info">
          {item.kind === 'school_teacher' ? invitationMessages.kindSchool : invitationMessages.kindClass}
        </Badge>
      </div>
      <p className="text-sm text-slate-600">
        {invitationMessages.from(item.invitedByName)} · {formatDate(item.createdAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={accept.isPending}
          onClick={() =>
            withToast(
              () => accept.mutateAsync(item.code),
              {
                success:
                  item.kind === 'school_teacher'
                    ? invitationMessages.acceptedSchool
                    : invitationMessages.acceptedClass,
                failure: invitationMessages.notFound,
                serverMessage: true,
              },
              () => navigate(item.kind === 'school_teacher' ? '/dashboard/classes' : '/dashboard/mytests'),
            )
          }
        >
          {invitationMessages.accept}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={decline.isPending}
          onClick={() =>
            withToast(() => decline.mutateAsync(item.code), {
              success: invitationMessages.declined,
              failure: invitationMessages.notFound,
              serverMessage: true,
            })
          }
        >
          {invitationMessages.decline}
        </Button>
      </div>
    </Card>
  );
}

function SentCard({ item }: { item: SentInvitation }) {
  const revoke = useRevokeInvitation();
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">{where(item)}</p>
        <Badge tone={item.email ? 'neutral' : 'primary'}>
          {item.kind === 'school_teacher' ? invitationMessages.kindSchool : invitationMessages.kindClass}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        {item.email ? (
          <>
            {invitationMessages.to}: {item.email}
          </>
        ) : (
          <>
            {invitationMessages.joinCodeFor}: <span className="font-mono font-semibold">{item.code}</span>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={invitationLink(item.code)} label={invitationMessages.copyLink} />
        {item.email ? null : <CopyButton text={item.code} label={invitationMessages.copyCode} />}
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={revoke.isPending}
          aria-label={`${where(item)}: ${invitationMessages.revoke}`}
          onClick={() =>
            withToast(() => revoke.mutateAsync(item.id), {
              success: invitationMessages.revoked,
              failure: invitationMessages.notFound,
              serverMessage: true,
            })
          }
        >
          {invitationMessages.revoke}
        </Button>
      </div>
    </Card>
  );
}
