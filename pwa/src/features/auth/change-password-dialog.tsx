import { changePasswordRequest, PASSWORD_MAX } from '@scentry/shared-schema';
import { getSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { FormActions } from '../../ui/form-actions';
import { Modal } from '../../ui/modal';
import { PasswordPair } from '../../ui/password-pair';
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
  const { busy } = form;

  function close() {
    form.reset();
    onClose();
  }

  return (
    <Modal open={open} title="Change Password" onClose={close}>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.field('oldPassword')}
        />
        <PasswordPair password={form.field('newPassword')} confirm={form.field('confirmPassword')} />
        <FormActions busy={busy} submit="Change Password" onCancel={close} />
      </form>
    </Modal>
  );
}
