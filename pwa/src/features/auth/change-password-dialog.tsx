import { changePasswordRequest, PASSWORD_MAX } from '@scentry/shared-schema';
import { getSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { confirmMatches, useForm } from '../../ui/use-form';
import { changePassword } from './api';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm({
    schema: changePasswordRequest,
    initial: EMPTY,
    toInput: (v) => ({ id: getSession()?.id, ...v }),
    check: confirmMatches('newPassword'),
    submit: (data) => changePassword(data),
    // spec §8: success shows the message and closes; a failure warns with the server's message.
    title: 'Change Password',
    failureAs: 'warning',
    success: 'Password changed successfully',
    onSuccess: () => close(),
  });
  const { values, errors, busy } = form;

  function close() {
    form.reset();
    onClose();
  }

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => form.set(key, e.target.value);

  return (
    <Modal open={open} title="Change Password" onClose={close}>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          maxLength={PASSWORD_MAX}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
        />
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          maxLength={PASSWORD_MAX}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <Field
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          maxLength={PASSWORD_MAX}
          onChange={set('confirmPassword')}
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
            {busy ? 'Saving…' : 'Change Password'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
