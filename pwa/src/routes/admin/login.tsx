import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/login-form';
import { getSession, wasSessionExpired } from '../../lib/session';

export const Route = createFileRoute('/admin/login')({
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/admin/dashboard' });
  },
  component: Login,
});

function Login() {
  const navigate = useNavigate();
  // The 401 rule marked it just before sending the user here.
  const expired = wasSessionExpired();
  return (
    <div className="login-layout">
      <main className="login-card">
        <div className="brand brand-large">
          <img src="/favicon.svg" alt="" width="40" height="40" /> Scentry
        </div>
        <h1>Sign in</h1>
        {expired && (
          <p className="notice" role="status">
            Your session has ended. Please sign in again.
          </p>
        )}
        <LoginForm onSignedIn={() => navigate({ to: '/admin/dashboard' })} />
      </main>
    </div>
  );
}
