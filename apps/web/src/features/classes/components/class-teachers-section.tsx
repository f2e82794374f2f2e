import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { classMessages } from '@korrigo/domain';
import { Button, Select } from '@/components/ui';
import { useChangeClassTeacher, useClassTeachers } from '../api/class-teachers';
import { withToast } from '../utils/with-toast';

/**
 * The class's teachers (spec 001 §6: colleagues share a class only where they are its teachers): add a
 * colleague of the school, remove a teacher, never the last one.
 */
export function ClassTeachersSection({ classId }: { classId: string }) {
  const headingId = useId();
  const query = useClassTeachers(classId);
  const change = useChangeClassTeacher();
  const [picked, setPicked] = useState('');
  const teachers = query.data?.teachers ?? [];
  const available = query.data?.available ?? [];

  const run = (userId: string, add: boolean) =>
    withToast(
      () => change.mutateAsync({ classId, userId, add }),
      {
        success: add ? classMessages.teacherAdded : classMessages.teacherRemoved,
        failure: classMessages.teacherChangeFailed,
        serverMessage: true,
      },
      () => setPicked(''),
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 text-sm">
      <h3 id={headingId} className="font-medium text-slate-600">
        {`${classMessages.teachers} (${teachers.length})`}
      </h3>
      <ul className="flex flex-col gap-0.5" aria-label={classMessages.teachers}>
        {teachers.map((teacher) => (
          <li key={teacher.id} className="flex items-center justify-between gap-2">
            <span>{teacher.name}</span>
            {teachers.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={classMessages.removeTeacher(teacher.name)}
                onClick={() => void run(teacher.id, false)}
              >
                <X aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {query.data && available.length === 0 ? (
        <p className="text-slate-600">{classMessages.noColleagues}</p>
      ) : null}
      {available.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <Select
              aria-label={classMessages.colleague}
              value={picked}
              onChange={(event) => setPicked(event.target.value)}
            >
              <option value="">{classMessages.colleague}</option>
              {available.map((teacher) => (
                <option key={teacher.id} value={teacher.id}>
                  {teacher.name}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="button"
            variant="secondary"
            disabled={picked === ''}
            loading={change.isPending}
            onClick={() => void run(picked, true)}
          >
            {classMessages.addTeacher}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
