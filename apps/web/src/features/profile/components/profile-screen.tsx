import { useState, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { messages, type Profile } from '@korrigo/domain';
import { PageContainer } from '@/components/page';
import { Alert, Button, Card, CardContent, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from '../api/get-profile';
import { ProfileEditForm } from './profile-edit-form';
import { PrivacySection } from './privacy-section';
import { ProfileView } from './profile-view';

function ProfileSkeleton() {
  return (
    <Card aria-busy="true" aria-label={messages.common.loading}>
      <CardContent className="flex items-center gap-5">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-44" />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * /profile (spec 000 §2): view mode, or the edit form. `planActions` (from the route: features/billing) go
 * beside the upgrade button; `sections` are other features' parts of the profile (the team, the student ID),
 * composed by the route, shown above 'Meine Daten'.
 */
export function ProfileScreen({
  planActions,
  sections,
}: {
  planActions?: (profile: Profile) => ReactNode;
  sections?: (profile: Profile) => ReactNode;
} = {}) {
  const profile = useProfile();
  const [editing, setEditingState] = useState(false);
  const setEditing = (value: boolean) => {
    setEditingState(value);
    // The other mode starts at its top, not where the button was.
    window.scrollTo({ top: 0 });
  };

  return (
    <PageContainer className="max-w-5xl">
      {profile.isPending ? <ProfileSkeleton /> : null}
      {profile.isError ? (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-2xl font-semibold text-slate-900">Profil</h1>
          <Alert tone="error">{messages.profile.loadFailedPrefix + errorMessage(profile.error)}</Alert>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            <RefreshCw aria-hidden="true" />
            Erneut versuchen
          </Button>
        </div>
      ) : null}
      {profile.data ? (
        editing ? (
          <ProfileEditForm profile={profile.data} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-10">
            <ProfileView
              profile={profile.data}
              onEdit={() => setEditing(true)}
              planActions={planActions?.(profile.data)}
            />
            {sections?.(profile.data)}
            <PrivacySection />
          </div>
        )
      ) : null}
    </PageContainer>
  );
}
