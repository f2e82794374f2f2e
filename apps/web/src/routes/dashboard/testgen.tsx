import { testCreatorMessages } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Alert, Skeleton } from '@/components/ui';
import { useProfile } from '@/features/profile/api/get-profile';
import { TeamLibrary } from '@/features/team/components/team-library';
import { TestCreatorScreen } from '@/features/test-creator/components/test-creator-screen';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';

/** spec 001 §2: the test creator is for teachers only. */
export default function TestgenRoute() {
  const { user } = useSession();
  const profile = useProfile();
  // a test placed in the LMS course opens here (ADR 0031, deep linking)
  const [params] = useSearchParams();

  return (
    <>
      <DocumentTitle title={testCreatorMessages.title} />
      {profile.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {profile.data && profile.data.accountType !== 'teacher' ? (
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-semibold text-slate-900">{testCreatorMessages.title}</h1>
          <Alert tone="info">{testCreatorMessages.teachersOnly}</Alert>
        </div>
      ) : null}
      {user && (profile.data?.accountType === 'teacher' || profile.isError) ? (
        <TestCreatorScreen
          key={user.uid}
          userId={user.uid}
          teamLibrary={<TeamLibrary userId={user.uid} />}
          openTestId={params.get('testId') ?? undefined}
        />
      ) : null}
    </>
  );
}
