import { PASSWORD_MAX, resetPasswordRequest, USER_MSG } from '@scentry/shared-schema';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useForm } from '../../ui/use-form';
import type { UserListRow } from './api';
import { useResetPassword } from './queries';

const EMPTY = { password: '', confirmPassword: '' };

/** The Admin sets a user's new password (spec §5 rules); every session of that user ends. */
export function ResetPasswordDialog({ user, onClose }: { user: UserListRow | null; onClose: () => void }) {
  const reset = useResetPassword();
  const form = useForm({
    schema: resetPasswordRequest,
    initial: EMPTY,
    toInput: (v) => ({ userId: user?.id, ...v }),
    submit: (data) => reset.mutateAsync(data),
    // spec §8: a failed reset is a warning titled 'Password Changed'.
    title: 'Password Changed',
    failureAs: 'warning',
    success: USER_MSG.passwordReset,
    onSuccess: () => close(),
  });
  const { values, errors, busy } = form;

  function close() {
    form.reset();
    onClose();
  }

  return (
    <Modal open={user !== null} title="Reset Password" onClose={close}>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        {user && (
          <p>
            A new password for <strong>{`${user.firstName} ${user.lastName}`}</strong> ({user.email}). Their open
            sessions end.
          </p>
        )}
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          maxLength={PASSWORD_MAX}
          onChange={(e) => form.set('password', e.target.value)}
          error={errors.password}
        />
        <Field
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          maxLength={PASSWORD_MAX}
          onChange={(e) => form.set('confirmPassword', e.target.value)}
          error={errors.confirmPassword}
        />
        <p className="hint">
          At least 8 characters, with an uppercase letter, a lowercase letter and a digit or symbol.
        </p>
        <div className="actions">
          <button type="button" className="button button-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Reset Password'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
