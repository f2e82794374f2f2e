import { GraduationCap, School as SchoolIcon } from 'lucide-react';
import { classMessages, invitationMessages } from '@korrigo/domain';
import { Alert, Badge, Card, EmptyState, Skeleton } from '@/components/ui';
import { useInvitations, useMyClasses } from '../api/invitations';
import { ReceivedCard } from './invitations-panel';
import { JoinByCode } from './join-by-code';

/**
 * The student's 'Meine Klassen' inside 'Mein Lernprofil' (issue 15 §3, issue 33 §5: the sidebar has no
 * classes screen for her, spec 001 §2): the classes she belongs to, read-only, with the teachers' names and
 * nothing of other students; joining by a code from her teacher, and the invitations waiting for her. Her
 * courses are the learning profile's course cards.
 */
export function MyClassesSection() {
  const mine = useMyClasses();
  // invitations mailed to her address wait here too, not only in her inbox, once the address is confirmed
  const invitations = useInvitations().data;
  const received = invitations?.received ?? [];
  return (
    <section aria-labelledby="my-classes-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="my-classes-heading" className="text-xl font-semibold text-slate-900">
          {invitationMessages.myTitle}
        </h2>
        <p className="text-sm text-slate-600">{invitationMessages.mySubtitle}</p>
      </div>
      {invitations && !invitations.emailVerified ? (
        <Alert tone="warning">{invitationMessages.confirmEmailToSeeInvitations.student}</Alert>
      ) : null}
      {received.length > 0 ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold text-slate-900">{invitationMessages.myInvitations}</h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {received.map((item) => (
              <li key={item.id}>
                <ReceivedCard item={item} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {mine.isError ? <Alert tone="error">{invitationMessages.myLoadFailed}</Alert> : null}
      {mine.isPending ? <Skeleton className="h-32" /> : null}
      {mine.data && mine.data.classes.length === 0 ? (
        <EmptyState icon={GraduationCap} title={invitationMessages.myEmpty} />
      ) : null}
      {mine.data && mine.data.classes.length > 0 ? (
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
      ) : null}
      <Card className="p-4">
        <JoinByCode />
      </Card>
    </section>
  );
}
