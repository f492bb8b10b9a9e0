import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { SignInCard } from './-components/sign-in-card';

/** "Forgot password?" from the sign-in page: public, outside the signed-in admin. */
export const Route = createFileRoute('/admin/forgot-password')({
  component: ForgotPassword,
});

function ForgotPassword() {
  return (
    <SignInCard title="Forgot password">
      <ForgotPasswordForm />
    </SignInCard>
  );
}
