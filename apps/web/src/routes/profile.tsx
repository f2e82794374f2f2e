import { DocumentTitle } from '@/components/page';
import { SubscriptionActions } from '@/features/billing/components/subscription-actions';
import { ProfileScreen } from '@/features/profile/components/profile-screen';

export default function ProfileRoute() {
  return (
    <>
      <DocumentTitle title="Profil" />
      <ProfileScreen planActions={(profile) => <SubscriptionActions profile={profile} />} />
    </>
  );
}
