import { classMessages } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Alert, Skeleton } from '@/components/ui';
import { ClassesScreen } from '@/features/classes/components/classes-screen';
import { useProfile } from '@/features/profile/api/get-profile';

/** spec 001 §2: 'My classes' is for teachers; a student who types the address is told so. */
export default function ClassesRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data && profile.data.accountType !== 'teacher') {
    return (
      <div className="flex flex-col gap-4">
        <DocumentTitle title={classMessages.title} />
        <h1 className="text-2xl font-semibold text-slate-900">{classMessages.title}</h1>
        <Alert tone="info">{classMessages.forTeachers}</Alert>
      </div>
    );
  }
  return <ClassesScreen />;
}
