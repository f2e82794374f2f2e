import { lessonPlanMessages } from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Skeleton } from '@/components/ui';
import { LessonPlansScreen } from '@/features/lesson-plans/components/lesson-plans-screen';
import { useProfile } from '@/features/profile/api/get-profile';

/**
 * spec 001 §2 lessonsplan: the teachers' tool (their navigation alone shows it); a student who opens it anyway
 * gets a calm notice, as on the other one-role screens.
 */
export default function LessonsplanRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data && profile.data.accountType !== 'teacher') {
    return (
      <div className="flex flex-col gap-6">
        <DocumentTitle title={lessonPlanMessages.title} />
        <PageHeader title={lessonPlanMessages.title} />
        <Alert tone="info">{lessonPlanMessages.teachersOnly}</Alert>
      </div>
    );
  }
  return <LessonPlansScreen />;
}
