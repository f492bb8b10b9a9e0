import { MSG } from '@scentry/shared-schema';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/login-form';
import { getSession, wasSessionExpired } from '../../lib/session';
import { SignInCard } from './-components/sign-in-card';

/**
 * Where to go after signing in: only an event's set-up (/event/<code> sends staff here and wants
 * them back); anything else is the dashboard, so the address cannot send a user elsewhere.
 */
const returnTo = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\/event\/[^/?#]+$/.test(value) ? value : undefined;

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string; reset?: 'done' } => {
    const to = returnTo(search.redirect);
    return {
      ...(to ? { redirect: to } : {}),
      // Back from a password reset by link: the sign-in page says it worked.
      ...(search.reset === 'done' ? { reset: 'done' as const } : {}),
    };
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
  const { redirect: back, reset } = Route.useSearch();
  // The 401 rule marked it just before sending the user here.
  const expired = wasSessionExpired();
  return (
    <SignInCard title="Sign in">
      {expired && (
        <p className="notice" role="status">
          Your session has ended. Please sign in again.
        </p>
      )}
      {reset === 'done' && (
        <p className="notice" role="status">
          {MSG.resetDone}
        </p>
      )}
      <LoginForm onSignedIn={() => (back ? navigate({ href: back }) : navigate({ to: '/admin/dashboard' }))} />
      <Link to="/admin/forgot-password" className="center-link">
        Forgot password?
      </Link>
    </SignInCard>
  );
}
