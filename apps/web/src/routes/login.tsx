import { DocumentTitle } from '@/components/page';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <>
      <DocumentTitle title="Anmelden" />
      <LoginForm />
    </>
  );
}
