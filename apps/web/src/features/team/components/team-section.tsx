import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LogOut, MailPlus, RefreshCw, Trash2, UserMinus, Users } from 'lucide-react';
import { planLink, type Team } from '@korrigo/domain';
import { PageSection } from '@/components/page';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  FormField,
  Input,
  Skeleton,
  toast,
} from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMyTeam } from '../api/get-my-team';
import {
  useCreateTeam,
  useInviteToTeam,
  useLeaveTeam,
  useRemoveTeamMember,
  useRevokeTeamInvitation,
} from '../api/team-mutations';
import { teamTexts as text } from '../content/team-texts';

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiClientError ? (error.fields?.[field] ?? errorMessage(error)) : null;

function CreateTeamForm() {
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name }, { onSuccess: () => toast.success(text.created) });
  };
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
      <FormField
        className="flex-1"
        label={text.createLabel}
        error={create.isError ? fieldError(create.error, 'name') : null}
        required
      >
        <Input
          value={name}
          maxLength={80}
          placeholder={text.createPlaceholder}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <Button type="submit" loading={create.isPending}>
        <Users aria-hidden="true" />
        {text.create}
      </Button>
    </form>
  );
}

function InviteForm({ full }: { full: boolean }) {
  const invite = useInviteToTeam();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email },
      {
        onSuccess: (sent) => {
          toast.success(text.invited(sent.email));
          setEmail('');
        },
      },
    );
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-labelledby="team-invite-title">
      <h3 id="team-invite-title" className="text-sm font-semibold text-slate-900">
        {text.inviteTitle}
      </h3>
      {full ? <Alert tone="info">{text.full}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          className="flex-1"
          label={text.inviteLabel}
          hint={text.inviteHint}
          error={invite.isError ? fieldError(invite.error, 'email') : null}
          required
        >
          <Input
            type="email"
            autoComplete="off"
            value={email}
            disabled={full}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <Button type="submit" className="sm:mt-6.5" loading={invite.isPending} disabled={full}>
          <MailPlus aria-hidden="true" />
          {text.invite}
        </Button>
      </div>
    </form>
  );
}

/** A destructive action behind a confirmation (focus starts on "Abbrechen"). */
function Confirmed({
  label,
  ariaLabel,
  title,
  description,
  icon: Icon,
  onConfirm,
  busy,
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  description: string;
  icon: typeof Trash2;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={label}
      cancelLabel={text.cancel}
      tone="danger"
      onConfirm={onConfirm}
      trigger={
        <Button variant="secondary" size="sm" loading={busy} aria-label={ariaLabel}>
          <Icon aria-hidden="true" />
          {label}
        </Button>
      }
    />
  );
}

function TeamDetails({ team }: { team: Team }) {
  const remove = useRemoveTeamMember();
  const revoke = useRevokeTeamInvitation();
  const leave = useLeaveTeam();
  const taken = team.members.length + team.invitations.length;
  const onError = (caught: unknown) => toast.error(errorMessage(caught));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <p className="text-lg font-semibold text-slate-900">{team.name}</p>
        <p className="text-sm text-slate-600">{text.ownerLine(team.ownerName)}</p>
        {team.isOwner ? <p className="text-sm text-slate-600">{text.seats(taken)}</p> : null}
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{text.membersTitle}</h3>
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
          {team.members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="flex items-center gap-2 font-medium text-slate-900">
                  {member.name}
                  {member.isOwner ? <Badge tone="primary">{text.owner}</Badge> : null}
                </span>
                <span className="truncate text-sm text-slate-600">{member.email}</span>
              </div>
              {team.isOwner && !member.isOwner ? (
                <Confirmed
                  label={text.remove}
                  ariaLabel={text.removeLabel(member.name)}
                  title={text.removeTitle}
                  description={text.removeText(member.name)}
                  icon={UserMinus}
                  busy={remove.isPending && remove.variables === member.userId}
                  onConfirm={() =>
                    remove.mutate(member.userId, { onSuccess: () => toast.success(text.removed), onError })
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      </div>

      {team.isOwner ? (
        <>
          <InviteForm full={taken >= team.maxMembers} />
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{text.pendingTitle}</h3>
            {team.invitations.length === 0 ? (
              <p className="text-sm text-slate-600">{text.pendingEmpty}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
                {team.invitations.map((invitation) => (
                  <li
                    key={invitation.id}
                    className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                  >
                    <div className="flex min-w-0 flex-col">
                      <span className="truncate font-medium text-slate-900">{invitation.email}</span>
                      <span className="text-sm text-slate-600">
                        {text.validUntil(formatDate(invitation.expiresAt))}
                      </span>
                    </div>
                    <Confirmed
                      label={text.revoke}
                      ariaLabel={`${text.revoke}: ${invitation.email}`}
                      title={text.revokeTitle}
                      description={text.revokeText(invitation.email)}
                      icon={Trash2}
                      busy={revoke.isPending && revoke.variables === invitation.id}
                      onConfirm={() =>
                        revoke.mutate(invitation.id, {
                          onSuccess: () => toast.success(text.revoked),
                          onError,
                        })
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : null}

      <div>
        <Confirmed
          label={team.isOwner ? text.dissolve : text.leave}
          title={team.isOwner ? text.dissolveTitle : text.leaveTitle}
          description={team.isOwner ? text.dissolveText : text.leaveText}
          icon={team.isOwner ? Trash2 : LogOut}
          busy={leave.isPending}
          onConfirm={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success(team.isOwner ? text.dissolved : text.left),
              onError,
            })
          }
        />
      </div>
    </div>
  );
}

/** 'Team' in a teacher's profile (issue 20 point 3): found a team, invite, members, leave. */
export function TeamSection() {
  const mine = useMyTeam();
  return (
    <PageSection id="team-title" title={text.title} intro={text.intro}>
      <Card>
        <CardHeader>
          <CardTitle>Pro Team</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {mine.isPending ? (
            <div aria-busy="true" className="flex flex-col gap-3">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : null}
          {mine.isError ? (
            <div className="flex flex-col items-start gap-3">
              <Alert tone="error">{text.loadFailed + errorMessage(mine.error)}</Alert>
              <Button variant="secondary" onClick={() => void mine.refetch()}>
                <RefreshCw aria-hidden="true" />
                {text.retry}
              </Button>
            </div>
          ) : null}
          {mine.data?.team ? <TeamDetails team={mine.data.team} /> : null}
          {mine.data && !mine.data.team && mine.data.canCreate ? <CreateTeamForm /> : null}
          {mine.data && !mine.data.team && !mine.data.canCreate ? (
            <div className="flex flex-col gap-2 text-sm text-slate-700">
              <p>
                {text.noPlan}{' '}
                <Link
                  className="font-medium text-primary-700 underline underline-offset-2"
                  to={planLink('pro_team')}
                >
                  {text.noPlanLink}
                </Link>
              </p>
              <p className="text-slate-600">{text.invitedHint}</p>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </PageSection>
  );
}
