import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { courseMessages, type CoursePerson } from '@korrigo/domain';
import { Button, Input, Select } from '@/components/ui';
import { useCourseMemberOptions } from '../api/get-course-member-options';
import { availableMembers } from '../utils/member-filter';

type Option = CoursePerson & { classId?: string; className?: string };

/**
 * The participant or teacher list of the course edit view (spec 001 §2, §4): the chosen people with remove
 * buttons and a pick-list that opens on demand. Changes stay in the form until Speichern.
 */
export function CourseMembersField({
  courseId,
  kind,
  chosen,
  onChange,
  locked = [],
}: {
  courseId: string;
  kind: 'students' | 'teachers';
  chosen: CoursePerson[];
  onChange: (people: CoursePerson[]) => void;
  /** people who cannot be removed here (the signed-in teacher) */
  locked?: string[];
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [classId, setClassId] = useState('');
  const options = useCourseMemberOptions(courseId, open);
  const searchId = useId();
  const filterId = useId();
  const label = kind === 'students' ? courseMessages.participants : courseMessages.teachers;
  const source: Option[] = options.data?.[kind] ?? [];
  const classes = [
    ...new Map(
      (options.data?.students ?? []).map((student) => [student.classId, student.className]),
    ).entries(),
  ];
  const available = availableMembers(
    source,
    chosen.map((person) => person.id),
    search,
    kind === 'students' ? classId : '',
  );

  return (
    // min-w-0: a fieldset is as wide as its widest content by default, and in the two-column grid of the
    // course form a long button pushed the pupils' list under the teachers' column beside it
    <fieldset className="flex min-w-0 flex-col gap-2" aria-label={label}>
      <legend className="text-sm font-medium text-slate-700">{`${label} (${chosen.length})`}</legend>
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-600">
          {kind === 'students' ? courseMessages.noStudents : courseMessages.noTeachers}
        </p>
      ) : (
        <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto text-sm">
          {chosen.map((person) => (
            <li key={person.id} className="flex items-center justify-between gap-2">
              <span>{person.name}</span>
              {locked.includes(person.id) ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  aria-label={courseMessages.removePerson(person.name)}
                  onClick={() => onChange(chosen.filter((other) => other.id !== person.id))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <div className="flex flex-col gap-2 rounded-md border border-slate-200 p-2">
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={searchId} className="sr-only">
              {kind === 'students' ? courseMessages.searchStudents : courseMessages.searchTeachers}
            </label>
            <Input
              id={searchId}
              type="search"
              placeholder={
                kind === 'students' ? courseMessages.searchStudents : courseMessages.searchTeachers
              }
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {kind === 'students' ? (
              <>
                <label htmlFor={filterId} className="sr-only">
                  {courseMessages.classFilter}
                </label>
                <Select id={filterId} value={classId} onChange={(event) => setClassId(event.target.value)}>
                  <option value="">{courseMessages.allClasses}</option>
                  {classes.map(([id, name]) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </Select>
              </>
            ) : null}
          </div>
          {options.isPending ? null : available.length === 0 ? (
            <p className="text-sm text-slate-600">{courseMessages.noneAvailable}</p>
          ) : (
            <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto text-sm">
              {available.map((option) => (
                <li key={option.id}>
                  <Button
                    type="button"
                    variant="ghost"
                    aria-label={courseMessages.addPerson(option.name)}
                    onClick={() => onChange([...chosen, { id: option.id, name: option.name }])}
                  >
                    {option.name}
                    {option.className ? ` (${option.className})` : ''}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <Button
          type="button"
          variant="secondary"
          className="h-auto min-h-10 py-2 whitespace-normal"
          onClick={() => setOpen(true)}
        >
          {kind === 'students' ? courseMessages.addStudent : courseMessages.addTeacher}
        </Button>
      )}
    </fieldset>
  );
}
