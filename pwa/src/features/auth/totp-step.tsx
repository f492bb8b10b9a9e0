import { MSG, type SignInReply, TOTP_CODE_MAX, verifyTotpRequest } from '@scentry/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { Field } from '../../ui/field';
import { useForm } from '../../ui/use-form';
import { verifyTotp } from './api';
import './two-step.css';

/**
 * The second step of a TOTP account's sign-in: a code from the authenticator app (or a recovery
 * code) sent with the challenge the password step gave. The password is not asked again, nor kept.
 */
export function TotpStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (reply: SignInReply) => void;
  /** Back to the password step (the challenge died, or the user chose to). */
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm({
    schema: verifyTotpRequest,
    initial: { code: '' },
    toInput: (v) => ({ challenge, code: v.code }),
    submit: async (data) => {
      try {
        return await verifyTotp(data);
      } catch (err) {
        // A dead challenge (expired, used, 5 wrong codes) takes no more codes: back to the password
        // step; the toast says why.
        if (err instanceof ApiFailure && err.message === MSG.totpChallengeExpired) onRestart();
        throw err;
      }
    },
    title: 'Login',
    failureAs: 'warning',
    onSuccess: onSignedIn,
  });

  // The step's heading takes the focus (a screen reader hears where it is), then the code field.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate aria-labelledby="totp-step-title">
      <h2 id="totp-step-title" tabIndex={-1} ref={heading} className="totp-step-title">
        Two-step sign-in
      </h2>
      <p className="hint" id="totp-step-hint">
        {recovery
          ? 'Enter one of your recovery codes. Each code works once.'
          : 'Enter the 6-digit code your authenticator app shows for Scentry.'}
      </p>
      <Field
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={TOTP_CODE_MAX}
        pattern={recovery ? undefined : '[0-9 ]*'}
        autoFocus
        {...form.field('code')}
        aria-describedby={form.errors.code ? `${form.field('code').id}-error` : 'totp-step-hint'}
      />
      <button type="submit" className="button button-block" disabled={form.busy}>
        {form.busy ? 'Checking…' : 'Verify'}
      </button>
      <div className="totp-step-links">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery((r) => !r);
            form.reset();
          }}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
