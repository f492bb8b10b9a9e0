import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ResetPasswordForm, tokenFromHash } from '../../features/auth/reset-password-form';
import { clearSession } from '../../lib/session';
import { SignInCard } from './-components/sign-in-card';

/**
 * The e-mailed reset link: /admin/reset-password#token=…. Public (outside the signed-in admin).
 * The token is read from the fragment when the page opens, then taken out of the address bar
 * (and of the history entry), so it is not left on screen, in a bookmark or in the history.
 */
export const Route = createFileRoute('/admin/reset-password')({
  component: ResetPassword,
});

function ResetPassword() {
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, []);
  return (
    <SignInCard title="Reset password">
      <ResetPasswordForm
        token={token}
        onDone={() => {
          // Every session of that account ended on the server; a session kept here would be one.
          clearSession();
          navigate({ to: '/admin/login', search: { reset: 'done' } });
        }}
      />
    </SignInCard>
  );
}
