import { MSG, resetPasswordWithTokenRequest } from '@scentry/shared-schema';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { PasswordPair } from '../../ui/password-pair';
import { confirmMatches, useForm } from '../../ui/use-form';
import { resetPasswordWithToken } from './api';

/**
 * The token of a reset link, from the address's fragment (`#token=…`: never sent to the server
 * with the page load). Read once, when the page opens.
 */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{1,128}$/.test(token) ? token : null;
}

/**
 * A new password with a reset link's token (spec §5's rules). The token is kept in memory only;
 * a link that is expired, used or voided (or no token at all) is said plainly, with a way to ask
 * for a new one.
 */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const [dead, setDead] = useState(token === null);
  const form = useForm({
    schema: resetPasswordWithTokenRequest,
    initial: { password: '', confirmPassword: '' },
    toInput: (v) => ({ token: token ?? '', ...v }),
    check: confirmMatches('password'),
    submit: async (data) => {
      try {
        return await resetPasswordWithToken(data);
      } catch (err) {
        // The link's own refusal is shown on the page (not only a toast): nothing more to try here.
        if (err instanceof ApiFailure && err.message === MSG.resetLinkExpired) setDead(true);
        throw err;
      }
    },
    title: 'Reset password',
    onSuccess: onDone,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A dead link: focus goes to the refusal's heading (the form's first field has autoFocus).
    if (dead) heading.current?.focus();
  }, [dead]);
  // The page's one task starts in its first field, as the sign-in form does.
  // (`data-autofocus`: also when the page is opened from the e-mail, once the app's shell goes.)
  const password = { ...form.field('password'), autoFocus: true, 'data-autofocus': true };

  if (dead) {
    return (
      <div className="stack">
        <h2 ref={heading} tabIndex={-1} data-autofocus>
          {MSG.resetLinkExpired}
        </h2>
        <p className="notice notice-error" role="alert">
          A reset link works once, for one hour, and only the newest one sent works. Ask for a new link.
        </p>
        <Link to="/admin/forgot-password" className="button button-block">
          Ask for a new link
        </Link>
        <Link to="/admin/login" className="center-link">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate>
      <p>Choose a new password for your staff account. Every session of the account ends: sign in again after.</p>
      <PasswordPair password={password} confirm={form.field('confirmPassword')} />
      <button type="submit" className="button button-block" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
