import { type ResetPasswordRequest, resetPasswordRequest, USER_MSG } from '@scentry/shared-schema';
import type { ReactNode } from 'react';
import { FormActions } from './form-actions';
import { Modal } from './modal';
import { PasswordPair } from './password-pair';
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
  const { errors, busy } = form;

  function close() {
    form.reset();
    onClose();
  }

  return (
    <Modal open={target !== null} title="Reset Password" onClose={close}>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        {target && <p>A new password for {target.who}. Their open sessions end.</p>}
        <PasswordPair
          password={form.field('password')}
          // A refused user id (none chosen) has no field of its own: said under the confirmation.
          confirm={{ ...form.field('confirmPassword'), error: errors.confirmPassword ?? errors.userId }}
        />
        <FormActions busy={busy} submit="Reset Password" onCancel={close} />
      </form>
    </Modal>
  );
}
