import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/login-form';
import { getSession, wasSessionExpired } from '../../lib/session';

/**
 * Where to go after signing in: only an event's set-up (/event/<code> sends staff here and wants
 * them back); anything else is the dashboard, so the address cannot send a user elsewhere.
 */
const returnTo = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\/event\/[^/?#]+$/.test(value) ? value : undefined;

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const to = returnTo(search.redirect);
    return to ? { redirect: to } : {};
  },
  beforeLoad: ({ search }) => {
    if (!getSession()) return;
    if (search.redirect) throw redirect({ href: search.redirect });
    throw redirect({ to: '/admin/dashboard' });
  },
  component: Login,
});

function Login() {
  const navigate = useNavigate();
  const { redirect: back } = Route.useSearch();
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
        <LoginForm onSignedIn={() => (back ? navigate({ href: back }) : navigate({ to: '/admin/dashboard' }))} />
      </main>
    </div>
  );
}
