import { MSG, type ResetPasswordRequest, resetPasswordRequest, USER_MSG } from '@scentry/shared-schema';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormActions } from './form-actions';
import { Modal } from './modal';
import { PasswordPair } from './password-pair';
import { useToast } from './toast';
import { confirmMatches, failureToast, useForm } from './use-form';

/** Whose password is reset: the user's id and how the dialog names them. */
export interface ResetTarget {
  userId: number | null;
  who: ReactNode;
}

type Method = 'link' | 'manual';

/**
 * The Admin resets a user's password, one of two ways: "Send a reset link" (the default: the user
 * chooses their own password from an e-mailed link; SendResetLink) or "Set a password" by hand
 * (spec §5 rules; every session of that user ends). One dialog for the Users and Client lists;
 * each passes its own calls (its own cache to refresh). Without `sendLink`, or for a target with
 * no user, only the password by hand is offered.
 */
export function ResetPasswordDialog({
  target,
  reset,
  sendLink,
  onClose,
}: {
  target: ResetTarget | null;
  reset: (data: ResetPasswordRequest) => Promise<unknown>;
  sendLink?: (userId: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const notify = useToast();
  const ids = useId();
  const canLink = Boolean(sendLink) && target?.userId != null;
  const [chosen, setChosen] = useState<Method>('link');
  const method: Method = canLink ? chosen : 'manual';
  const [sending, setSending] = useState(false);
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
    setChosen('link');
    onClose();
  }

  async function onSendLink(e: FormEvent) {
    e.preventDefault();
    if (sending || !sendLink || target?.userId == null) return;
    setSending(true);
    try {
      await sendLink(target.userId);
      notify('success', MSG.resetLinkSent, 'Reset Password');
      close();
    } catch (err) {
      const toast = failureToast(err, 'warning');
      notify(toast.kind, toast.message, 'Reset Password');
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open={target !== null} title="Reset Password" onClose={close}>
      {canLink && (
        <fieldset className="method-choice">
          <legend className="visually-hidden">How to reset the password</legend>
          <label>
            <input
              type="radio"
              name={`${ids}-method`}
              value="link"
              checked={method === 'link'}
              onChange={() => setChosen('link')}
            />
            <span>
              <strong>Send a reset link</strong>
              <br />
              <span className="hint">They choose their own password from an e-mailed link.</span>
            </span>
          </label>
          <label>
            <input
              type="radio"
              name={`${ids}-method`}
              value="manual"
              checked={method === 'manual'}
              onChange={() => setChosen('manual')}
            />
            <span>
              <strong>Set a password</strong>
              <br />
              <span className="hint">You choose it and pass it on to them.</span>
            </span>
          </label>
        </fieldset>
      )}
      {method === 'link' ? (
        <form className="stack" onSubmit={onSendLink} noValidate>
          {target && (
            <p>
              {target.who} gets an e-mail with a link to choose a new password. It works once, for one hour; their
              password stays as it is until then.
            </p>
          )}
          <div className="actions">
            <button type="button" className="button button-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={sending}>
              {sending ? 'Sending…' : 'Send link'}
            </button>
          </div>
        </form>
      ) : (
        <form className="stack" onSubmit={form.onSubmit} noValidate>
          {target && <p>A new password for {target.who}. Their open sessions end.</p>}
          <PasswordPair
            password={form.field('password')}
            // A refused user id (none chosen) has no field of its own: said under the confirmation.
            confirm={{ ...form.field('confirmPassword'), error: errors.confirmPassword ?? errors.userId }}
          />
          <FormActions busy={busy} submit="Reset Password" onCancel={close} />
        </form>
      )}
    </Modal>
  );
}
