import { PASSWORD_MAX } from '@scentry/shared-schema';
import { Field } from './field';
import type { BoundField } from './use-form';

/** What the password rules ask (spec §5), said under every new password. */
export function PasswordRules() {
  return (
    <p className="hint">At least 8 characters, with an uppercase letter, a lowercase letter and a digit or symbol.</p>
  );
}

/**
 * A new password and its confirmation (the form's `confirmMatches` rule ties them), then the
 * rules, unless the screen places them itself (`rules={false}`). One for every screen that sets
 * a password: create user, create organization, reset password, change password.
 */
export function PasswordPair({
  label = 'New Password',
  password,
  confirm,
  rules = true,
}: {
  label?: string;
  password: BoundField;
  confirm: BoundField;
  rules?: boolean;
}) {
  return (
    <>
      <Field label={label} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...password} />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        {...confirm}
      />
      {rules && <PasswordRules />}
    </>
  );
}
