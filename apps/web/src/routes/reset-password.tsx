import { DocumentTitle } from '@/components/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** spec 000 §2: /reset-password is the login screen in reset mode. */
export default function ResetPasswordRoute() {
  return (
    <>
      <DocumentTitle title="Passwort zurücksetzen" />
      <ResetPasswordForm />
    </>
  );
}
