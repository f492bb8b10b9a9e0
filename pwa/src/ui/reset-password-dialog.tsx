import { PASSWORD_MAX, type ResetPasswordRequest, resetPasswordRequest, USER_MSG } from '@scentry/shared-schema';
import type { ReactNode } from 'react';
import { Field } from './field';
import { Modal } from './modal';
import { confirmMatches, useForm } from './use-form';

/** Whose password is reset: the user's id and how the dialog names them. */
export interface ResetTarget {
  userId: number | null;
  who: ReactNode;
}

/**
 * The Admin sets a user's new password (spec §5 rules); every session of that user ends. One
 * dialog for the Users and Client lists; each passes its own save (its own cache to refresh).
 */
export function ResetPasswordDialog({
  target,
  reset,
  onClose,
}: {
  target: ResetTarget | null;
  reset: (data: ResetPasswordRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    schema: resetPasswordRequest,
    initial: { password: '', confirmPassword: '' },
    toInput: (v) => ({ userId: target?.userId ?? undefined, ...v }),
    check: confirmMatches('password'),
    submit: (data) => reset(data),
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
    <Modal open={target !== null} title="Reset Password" onClose={close}>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        {target && <p>A new password for {target.who}. Their open sessions end.</p>}
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
          error={errors.confirmPassword ?? errors.userId}
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
