import { useState } from 'react';
import { classMessages, courseMessages } from '@korrigo/domain';
import { Button, Input } from '@/components/ui';
import { useAddSchoolPupils, useSchoolPupils } from '../api/school-pupils';
import { withToast } from '../utils/with-toast';

/** Aus der Schule hinzufügen (spec 001 §5): a pick-list of the school's pupils, opened on demand. */
export function SchoolPupilsSection({ classId }: { classId: string }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const pupils = useSchoolPupils(classId, open);
  const add = useAddSchoolPupils();
  if (!open) {
    return (
      <Button type="button" variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {classMessages.addFromSchool}
      </Button>
    );
  }
  const needle = query.trim().toLowerCase();
  const shown = (pupils.data ?? []).filter((pupil) => pupil.name.toLowerCase().includes(needle));
  return (
    <div
      role="group"
      aria-label={classMessages.addFromSchool}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2 text-sm"
    >
      <Input
        type="search"
        aria-label={classMessages.searchSchoolPupils}
        placeholder={classMessages.searchSchoolPupils}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {pupils.isPending ? (
        <p className="text-slate-600">{classMessages.schoolPupilsLoading}</p>
      ) : shown.length === 0 ? (
        <p className="text-slate-600">{classMessages.noSchoolPupils}</p>
      ) : (
        <ul className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
          {shown.map((pupil) => (
            <li key={pupil.id} className="flex items-center justify-between gap-2">
              <span>
                {pupil.name}
                <span className="text-slate-600"> · {pupil.className}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={courseMessages.addPerson(pupil.name)}
                onClick={() =>
                  void withToast(() => add.mutateAsync({ classId, entryIds: [pupil.id] }), {
                    success: ({ added }) => classMessages.studentsAdded(added),
                    failure: classMessages.addStudentFailed,
                  })
                }
              >
                {classMessages.addPupil}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
