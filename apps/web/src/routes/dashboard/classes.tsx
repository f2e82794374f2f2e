import { Navigate } from 'react-router';
import { Skeleton } from '@/components/ui';
import { ClassesScreen } from '@/features/classes/components/classes-screen';
import { useProfile } from '@/features/profile/api/get-profile';

/**
 * spec 001 §2: 'My classes' is the teacher's screen (hidden for students). A student who opens it anyway (an
 * old link, a bookmark) goes to 'Mein Lernprofil', where her own classes and courses are (issue 33 §5).
 */
export default function ClassesRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data && profile.data.accountType !== 'teacher')
    return <Navigate to="/dashboard/mytests" replace />;
  return <ClassesScreen />;
}
