import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/login-form';
import { getSession } from '../../lib/session';

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): { expired?: boolean } =>
    search.expired === true || search.expired === 'true' ? { expired: true } : {},
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/admin/dashboard' });
  },
  component: Login,
});

function Login() {
  const navigate = useNavigate();
  const { expired } = Route.useSearch();
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
