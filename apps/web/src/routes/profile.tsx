import { DocumentTitle } from '@/components/page';
import { ProfileScreen } from '@/features/profile/components/profile-screen';

export default function ProfileRoute() {
  return (
    <>
      <DocumentTitle title="Profil" />
      <ProfileScreen />
    </>
  );
}
