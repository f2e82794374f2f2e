import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { invitationMessages, type CreateInvitationRequest, type SentInvitation } from '@korrigo/domain';
import { CopyButton } from '@/components/copy-button';
import { Button, FormField, Input, toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { invitationLink, useCreateInvitation } from '../api/invitations';

/** A join code with its link and copy buttons. */
export function JoinCode({ invitation }: { invitation: SentInvitation }) {
  const link = invitationLink(invitation.code);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-700">
        {invitationMessages.joinCode}:{' '}
        <strong className="font-mono text-lg tracking-wider text-slate-900" data-testid="join-code">
          {invitation.code}
        </strong>
      </p>
      <p className="text-sm break-all text-slate-700">
        {invitationMessages.joinLink}: <span className="font-mono">{link}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={invitation.code} label={invitationMessages.copyCode} />
        <CopyButton text={link} label={invitationMessages.copyLink} />
      </div>
    </div>
  );
}

/**
 * The join code of a school or class, made when the teacher first asks for it (the server answers the one
 * there is), and a form to invite one person by e-mail.
 */
export function InvitePanel({
  target,
  hint,
}: {
  target:
    | Omit<Extract<CreateInvitationRequest, { kind: 'class_student' }>, 'email'>
    | Omit<Extract<CreateInvitationRequest, { kind: 'school_teacher' }>, 'email'>;
  hint: string;
}) {
  const create = useCreateInvitation();
  const [joinCode, setJoinCode] = useState<SentInvitation | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const showCode = () =>
    create.mutate(target, {
      onSuccess: setJoinCode,
      onError: (caught) => toast.error(errorMessage(caught)),
    });

  const invite = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { ...target, email },
      {
        onSuccess: (sent) => {
          toast.success(invitationMessages.invitationSent(sent.email ?? email));
          setEmail('');
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{hint}</p>
      {joinCode ? (
        <JoinCode invitation={joinCode} />
      ) : (
        <div>
          <Button type="button" variant="secondary" onClick={showCode} disabled={create.isPending}>
            {invitationMessages.showJoinCode}
          </Button>
        </div>
      )}
      <form noValidate onSubmit={invite} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label={invitationMessages.email} error={error} className="flex-1">
          <Input
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={create.isPending || !email.trim()}>
          <Mail aria-hidden="true" />
          {invitationMessages.sendInvitation}
        </Button>
      </form>
    </div>
  );
}
