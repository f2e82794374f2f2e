import { DocumentTitle } from '@/components/page';
import { SignupWizard } from '@/features/auth/components/signup-wizard';

export default function SignupRoute() {
  return (
    <>
      <DocumentTitle title="Registrieren" />
      <SignupWizard />
    </>
  );
}
