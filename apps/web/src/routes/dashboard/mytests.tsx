import { gradeMessages, learningProfileMessages } from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Skeleton } from '@/components/ui';
import { MyClassesSection } from '@/features/classes/components/my-classes-section';
import { LearningProfileScreen } from '@/features/learning-profile/components/learning-profile-screen';
import { useProfile } from '@/features/profile/api/get-profile';
import { ResultReadOnly } from '@/features/results/components/result-read-only';

/**
 * spec 001 §2: 'Mein Lernprofil' is the students' screen (the teachers' navigation does not show it); a
 * teacher who opens it anyway gets a calm notice, as on the other one-role screens. The grade detail shows
 * the result view's read-only part. Her classes are here too: the sidebar shows her no classes screen
 * (issue 33 §5).
 */
export default function MytestsRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data?.accountType === 'teacher') {
    return (
      <div className="flex flex-col gap-6">
        <DocumentTitle title={learningProfileMessages.title} />
        <PageHeader title={learningProfileMessages.title} />
        <Alert tone="info">{gradeMessages.studentsOnly}</Alert>
      </div>
    );
  }
  return (
    <LearningProfileScreen
      classes={<MyClassesSection />}
      renderResult={({ result, text, textTitle }) => (
        <ResultReadOnly result={result} text={text} textTitle={textTitle} />
      )}
    />
  );
}
