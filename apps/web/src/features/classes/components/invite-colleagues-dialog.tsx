import { useState } from 'react';
import { classMessages, invitationMessages, type School } from '@korrigo/domain';
import { Dialog, DialogContent, FormField, Select } from '@/components/ui';
import { InvitePanel } from './invite-parts';

/**
 * 'Kollegium einladen' (issue 15 §1): the join code of one of the teacher's schools and invitations by
 * e-mail. Colleagues who join see the school, and a class only once they are made its teacher.
 */
export function InviteColleaguesDialog({
  open,
  onOpenChange,
  schools,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schools: School[];
}) {
  const [schoolId, setSchoolId] = useState(schools[0]?.id ?? '');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={invitationMessages.inviteColleagues} className="max-w-xl">
        <div className="flex flex-col gap-4">
          {schools.length > 1 ? (
            <FormField label={classMessages.school}>
              <Select value={schoolId} onChange={(event) => setSchoolId(event.target.value)}>
                {schools.map((school) => (
                  <option key={school.id} value={school.id}>
                    {school.name}
                  </option>
                ))}
              </Select>
            </FormField>
          ) : (
            <p className="text-sm text-slate-700">
              {classMessages.school}: <strong>{schools[0]?.name}</strong>
            </p>
          )}
          {schoolId ? (
            <InvitePanel
              key={schoolId}
              target={{ kind: 'school_teacher', schoolId }}
              hint={invitationMessages.inviteColleaguesHint}
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
