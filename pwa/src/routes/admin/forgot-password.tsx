import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';

/** "Forgot password?" from the sign-in page: public, outside the signed-in admin. */
export const Route = createFileRoute('/admin/forgot-password')({
  component: ForgotPassword,
});

function ForgotPassword() {
  return (
    <div className="login-layout">
      <main className="login-card">
        <div className="brand brand-large">
          <img src="/favicon.svg" alt="" width="40" height="40" /> Scentry
        </div>
        <h1>Forgot password</h1>
        <ForgotPasswordForm />
      </main>
    </div>
  );
}
