import { EMAIL_MAX, forgotPasswordRequest, MSG } from '@scentry/shared-schema';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../ui/field';
import { useForm } from '../../ui/use-form';
import { forgotPassword } from './api';

/**
 * "Forgot password?": asks the e-mail, then shows the server's one answer (the same whatever the
 * e-mail: it says nothing about whether an account exists). A refusal (429, bad address) is
 * toasted and the form stays.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const form = useForm({
    schema: forgotPasswordRequest,
    initial: { email: '' },
    submit: (data) => forgotPassword(data),
    title: 'Forgot password',
    onSuccess: () => setSent(true),
  });
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form is gone: focus goes to what replaced it, which a screen reader then reads.
    if (sent) done.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div className="stack">
        <h2 ref={done} tabIndex={-1}>
          Check your e-mail
        </h2>
        <p className="notice" role="status">
          {MSG.resetLinkRequested}
        </p>
        <p>No e-mail after a few minutes? Check the spam folder, or ask again.</p>
        <button type="button" className="button button-ghost button-block" onClick={() => setSent(false)}>
          Ask again
        </button>
        <Link to="/admin/login" className="center-link">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate aria-label="Forgot password">
      <p>Enter the e-mail of your staff account. We will send you a link to choose a new password.</p>
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        maxLength={EMAIL_MAX}
        autoFocus
        data-autofocus
        {...form.field('email')}
      />
      <button type="submit" className="button button-block" disabled={form.busy}>
        {form.busy ? 'Sending…' : 'Send reset link'}
      </button>
      <Link to="/admin/login" className="center-link">
        Back to sign in
      </Link>
    </form>
  );
}
