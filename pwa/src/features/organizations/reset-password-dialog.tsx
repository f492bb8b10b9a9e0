import { PASSWORD_MAX, resetPasswordRequest, USER_MSG } from '@scentry/shared-schema';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useForm } from '../../ui/use-form';
import type { OrganizationRow } from './api';
import { useResetOrganizationPassword } from './queries';

const EMPTY = { password: '', confirmPassword: '' };

/** The Admin sets a new password for an organization's user (spec §5 rules); their sessions end. */
export function ResetOrganizationPasswordDialog({
  organization,
  onClose,
}: {
  organization: OrganizationRow | null;
  onClose: () => void;
}) {
  const reset = useResetOrganizationPassword();
  const form = useForm({
    schema: resetPasswordRequest,
    initial: EMPTY,
    toInput: (v) => ({ userId: organization?.userId ?? undefined, ...v }),
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
    <Modal open={organization !== null} title="Reset Password" onClose={close}>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        {organization && (
          <p>
            A new password for the user of <strong>{organization.organizationName}</strong>
            {organization.userEmail ? ` (${organization.userEmail})` : ''}. Their open sessions end.
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
