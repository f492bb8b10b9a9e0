import { isValidEmail, REPORT_MSG } from '@scentry/shared-schema';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../i18n';
import { serverMessage } from '../i18n/server-message';
import { Modal } from './modal';

/**
 * Get Via Email (spec §4, for the result and the questionnaire answers): OK with a valid address closes the modal and starts the sending; an
 * invalid one shows the spec's message and the modal stays open. The address is cleared once sent.
 */
export function EmailDialog({
  open,
  onClose,
  onSend,
  hint,
}: {
  /** What the address is for (default: the result's PDF), in the player's language. */
  hint?: string;
  open: boolean;
  onClose: () => void;
  /** Resolves true when the e-mail was sent or queued (the address is then cleared). */
  onSend: (email: string) => Promise<boolean>;
}) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!isValidEmail(value)) {
      setError(serverMessage(REPORT_MSG.invalidEmail));
      return;
    }
    setError(null);
    onClose();
    void onSend(value).then((done) => {
      if (done) setEmail('');
    });
  }

  return (
    <Modal
      open={open}
      title={t('email.title')}
      closeLabel={t('forms.close')}
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <p className="hint">{hint ?? t('email.hint')}</p>
        <div className="field">
          <label htmlFor={inputId}>{t('email.address')}</label>
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="actions">
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setError(null);
              onClose();
            }}
          >
            {t('forms.cancel')}
          </button>
          <button type="submit" className="button">
            {t('forms.ok')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
