import { changePasswordRequest, parseRequest } from '@scentry/shared-schema';
import { type FormEvent, useState } from 'react';
import { getSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { changePassword } from './api';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function close() {
    setForm(EMPTY);
    setErrors({});
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = parseRequest(changePasswordRequest, { id: getSession()?.id, ...form });
    if (!check.ok) {
      setErrors(check.fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await changePassword(check.data);
      notify('success', 'Password changed successfully', 'Change Password');
      close();
    } catch (err) {
      notify('warning', err instanceof Error ? err.message : String(err), 'Change Password');
    } finally {
      setBusy(false);
    }
  }

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Modal open={open} title="Change Password" onClose={close}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
        />
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <Field
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
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
