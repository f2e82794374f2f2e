import { DocumentTitle } from '@/components/page';
import { LogoutScreen } from '@/features/auth/components/logout-screen';

export default function LogoutRoute() {
  return (
    <>
      <DocumentTitle title="Abmelden" />
      <LogoutScreen />
    </>
  );
}
