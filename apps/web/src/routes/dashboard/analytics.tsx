import { Skeleton } from '@/components/ui';
import { AnalyticsScreen, AnalyticsStudentNotice } from '@/features/analytics/components/analytics-screen';
import { useProfile } from '@/features/profile/api/get-profile';

/**
 * spec 001 §2, issue 18 §1: the teacher's analytics. Students see the item in the navigation too (spec's
 * visibility table); they get a notice pointing to their own figures, and no request for the teachers' ones.
 */
export default function AnalyticsRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data?.accountType === 'student') return <AnalyticsStudentNotice />;
  return <AnalyticsScreen />;
}
