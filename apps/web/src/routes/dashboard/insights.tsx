import { Skeleton } from '@/components/ui';
import { InsightsScreen, InsightsStudentNotice } from '@/features/analytics/components/insights-screen';
import { useProfile } from '@/features/profile/api/get-profile';

/** spec 001 §2 'Teacher insights', issue 18 §2; a student gets a short notice pointing to her Lern-Assistent. */
export default function InsightsRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data?.accountType === 'student') return <InsightsStudentNotice />;
  return <InsightsScreen />;
}
