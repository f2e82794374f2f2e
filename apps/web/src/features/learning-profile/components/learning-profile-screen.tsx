import type { ReactNode } from 'react';
import { learningProfileMessages as m } from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Button, Skeleton } from '@/components/ui';
import { useLearningProfile } from '../api/get-learning-profile';
import { CourseSection } from './course-section';
import { GradesSection } from './grades-section';
import type { RenderResult } from './grade-detail-dialog';

export type { RenderResult } from './grade-detail-dialog';

type LearningProfileScreenProps = {
  renderResult: RenderResult;
  /** her classes, with joining by code (composed by the route: features stay apart; issue 33 §5) */
  classes?: ReactNode;
};

/**
 * The student's 'Mein Lernprofil' (spec 001 §2, issue 17 §2): her classes and courses (issue 33 §5: the
 * sidebar has no classes screen for her), her grades, what comes next.
 */
export function LearningProfileScreen({ renderResult, classes }: LearningProfileScreenProps) {
  const profile = useLearningProfile();
  return (
    <div className="flex flex-col gap-8">
      <DocumentTitle title={m.title} />
      <PageHeader title={m.title} description={m.intro} />
      {classes}
      {profile.isPending ? <LoadingState /> : null}
      {profile.isError ? (
        <Alert tone="error">
          <div className="flex flex-col items-start gap-2">
            <span>{m.loadFailed}</span>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              loading={profile.isFetching}
              onClick={() => void profile.refetch()}
            >
              {m.retry}
            </Button>
          </div>
        </Alert>
      ) : null}
      {profile.data ? (
        <>
          <CourseSection courses={profile.data.courses} />
          <GradesSection profile={profile.data} renderResult={renderResult} />
        </>
      ) : null}
    </div>
  );
}

function LoadingState() {
  return (
    <div className="flex flex-col gap-8" data-testid="learning-profile-loading">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}
