import { useState } from 'react';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';

/** A secret just made (created or rotated), with the address it signs for. */
export interface ShownSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

/**
 * The signing secret, shown once: after an endpoint is created and after "Rotate secret". It is
 * never fetched again, so the dialog says so and offers Copy; closing it forgets it.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const notify = useToast();
  const [copied, setCopied] = useState(false);

  function close() {
    setCopied(false);
    onClose();
  }

  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied(true);
      notify('success', 'Signing secret copied', 'Integrations');
    } catch {
      notify('warning', 'Could not copy: select the secret and copy it', 'Integrations');
    }
  }

  return (
    <Modal open={shown !== null} title="Signing secret" onClose={close}>
      {shown && (
        <div className="stack">
          <p>
            {shown.rotated ? 'The new secret' : 'The secret'} of <span className="webhook-url-text">{shown.url}</span>.
            The receiver checks each delivery’s signature with it (Standard Webhooks).
          </p>
          <p className="notice notice-warning">
            Copy it now and keep it with the receiver: it will not be shown again.
          </p>
          <p>
            <code className="webhook-secret">{shown.secret}</code>
          </p>
          <div className="actions">
            <button type="button" className="button button-ghost" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className="button" onClick={close}>
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
