import { MSG } from '@scentry/shared-schema';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { endOtherSessions } from './api';

/**
 * "Sign out everywhere else" (#25): asks first, since every other browser signed in to this
 * account loses its session; this one stays. Success and refusals are told as toasts (announced).
 */
export function EndOtherSessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const [busy, setBusy] = useState(false);

  async function onConfirm() {
    setBusy(true);
    try {
      await endOtherSessions();
      notify('success', MSG.otherSessionsEnded, 'Sign out everywhere else');
      onClose();
    } catch (err) {
      // A 401 has already sent this browser to the sign-in page (lib/api); anything else is told here.
      const { kind, message } = failureToast(err);
      notify(kind, message, 'Sign out everywhere else');
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Sign out everywhere else"
      message="Every other browser and device signed in to your account will be signed out and must sign in again. This one stays signed in, and your password does not change."
      confirmLabel="Sign out other sessions"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
