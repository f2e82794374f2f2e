import { Skeleton } from '@/components/ui';
import { ClassesScreen } from '@/features/classes/components/classes-screen';
import { MyClassesScreen } from '@/features/classes/components/my-classes-screen';
import { useProfile } from '@/features/profile/api/get-profile';

/** spec 001 §2: 'My classes' is the teacher's screen; a student sees her own classes and courses (issue 15 §3). */
export default function ClassesRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data && profile.data.accountType !== 'teacher') return <MyClassesScreen />;
  return <ClassesScreen />;
}
