import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatInvitationCode, invitationMessages, normalizeInvitationCode } from '@korrigo/domain';
import { Button, FormField, Input } from '@/components/ui';

/** 'Code eingeben' (issue 15 §3): a typed join code opens the invitation page, which shows and accepts it. */
export function JoinByCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeInvitationCode(code);
    if (!normalized) {
      setError(invitationMessages.invalidCode);
      return;
    }
    navigate(`/einladung/${formatInvitationCode(normalized)}`);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormField
        label={invitationMessages.enterCode}
        hint={invitationMessages.enterCodeHint}
        error={error}
        className="flex-1 sm:max-w-xs"
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-EFGH"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="sm:mb-6">
        {invitationMessages.join}
      </Button>
    </form>
  );
}
