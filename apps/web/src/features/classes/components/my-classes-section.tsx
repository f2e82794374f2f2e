import { CalendarClock, GraduationCap, School as SchoolIcon } from 'lucide-react';
import { classMessages, invitationMessages, weekdayAbbreviations, type StudentCourse } from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Badge, Card, EmptyState, Skeleton } from '@/components/ui';
import { useInvitations, useMyClasses } from '../api/invitations';
import { SubjectBadge } from './course-details-dialog';
import { ReceivedCard } from './invitations-panel';
import { JoinByCode } from './join-by-code';

const schedule = (course: StudentCourse) =>
  course.schedule.map((entry) => `${weekdayAbbreviations[entry.day]} ${entry.startTime}`).join(' · ');

/**
 * The student's 'Meine Klassen' (issue 15 §3): the classes and courses she belongs to, read-only, with the
 * teachers' names and nothing of other students; joining by a code from her teacher.
 */
export function MyClassesScreen() {
  const mine = useMyClasses();
  // invitations mailed to her address wait here too, not only in her inbox, once the address is confirmed
  const invitations = useInvitations().data;
  const received = invitations?.received ?? [];
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={invitationMessages.myTitle} />
      <PageHeader title={invitationMessages.myTitle} description={invitationMessages.mySubtitle} />
      <Card className="p-4">
        <JoinByCode />
      </Card>
      {invitations && !invitations.emailVerified ? (
        <Alert tone="warning">{invitationMessages.confirmEmailToSeeInvitations.student}</Alert>
      ) : null}
      {received.length > 0 ? (
        <section aria-labelledby="my-invitations-heading" className="flex flex-col gap-3">
          <h2 id="my-invitations-heading" className="text-xl font-semibold text-slate-900">
            {invitationMessages.myInvitations}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {received.map((item) => (
              <li key={item.id}>
                <ReceivedCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mine.isError ? <Alert tone="error">{invitationMessages.myLoadFailed}</Alert> : null}
      {mine.isPending ? <Skeleton className="h-32" /> : null}
      {mine.data && mine.data.classes.length === 0 ? (
        <EmptyState icon={GraduationCap} title={invitationMessages.myEmpty} />
      ) : null}
      {mine.data && mine.data.classes.length > 0 ? (
        <>
          <section aria-labelledby="my-classes-heading" className="flex flex-col gap-3">
            <h2 id="my-classes-heading" className="text-xl font-semibold text-slate-900">
              {invitationMessages.myClasses}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {mine.data.classes.map((item) => (
                <li key={item.id}>
                  <Card className="flex h-full flex-col gap-3 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="text-lg font-semibold text-slate-900">{item.name}</h3>
                      <Badge tone="primary">
                        {classMessages.gradeLevel} {item.gradeLevel}
                      </Badge>
                    </div>
                    <p className="flex items-center gap-1.5 text-sm text-slate-600">
                      <SchoolIcon aria-hidden="true" className="size-4" />
                      {item.schoolName}
                    </p>
                    {item.teachers.length > 0 ? (
                      <p className="text-sm text-slate-700">
                        {invitationMessages.teachers}: {item.teachers.join(', ')}
                      </p>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="my-courses-heading" className="flex flex-col gap-3">
            <h2 id="my-courses-heading" className="text-xl font-semibold text-slate-900">
              {invitationMessages.myCourses}
            </h2>
            {mine.data.courses.length === 0 ? (
              <EmptyState title={invitationMessages.myNoCourses} />
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {mine.data.courses.map((course) => (
                  <li key={course.id}>
                    <Card className="flex h-full flex-col gap-3 p-4">
                      <div className="flex items-start justify-between gap-2">
                        <h3 className="text-lg font-semibold text-slate-900">{course.name}</h3>
                        <SubjectBadge subject={course.subject} />
                      </div>
                      <p className="text-sm text-slate-600">
                        {course.classNames.join(', ')}
                        {course.classroom ? ` · ${course.classroom}` : ''}
                      </p>
                      {course.schedule.length > 0 ? (
                        <p className="flex items-center gap-1.5 text-sm text-slate-700">
                          <CalendarClock aria-hidden="true" className="size-4" />
                          {schedule(course)}
                        </p>
                      ) : null}
                      {course.teachers.length > 0 ? (
                        <p className="text-sm text-slate-700">
                          {invitationMessages.teachers}: {course.teachers.join(', ')}
                        </p>
                      ) : null}
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
