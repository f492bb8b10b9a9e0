import { authenticateRequest, EMAIL_MAX, PASSWORD_MAX } from '@scentry/shared-schema';
import { type SessionUser, setSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { useForm } from '../../ui/use-form';
import { authenticate } from './api';

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const form = useForm({
    schema: authenticateRequest,
    initial: { email: '', password: '' },
    submit: (data) => authenticate(data),
    // spec §8: a refused sign-in is a warning titled "Login" with the server's message.
    title: 'Login',
    failureAs: 'warning',
    onSuccess: (user) => {
      setSession(user);
      onSignedIn(user);
    },
  });
  const { values, errors } = form;

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate aria-label="Sign in">
      <Field
        label="User Name"
        type="email"
        name="email"
        autoComplete="username"
        maxLength={EMAIL_MAX}
        value={values.email}
        onChange={(e) => form.set('email', e.target.value)}
        error={errors.email}
        autoFocus
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        value={values.password}
        onChange={(e) => form.set('password', e.target.value)}
        error={errors.password}
      />
      <button type="submit" className="button button-block" disabled={form.busy}>
        {form.busy ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}
