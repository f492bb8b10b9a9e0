import { authenticateRequest, EMAIL_MAX, PASSWORD_MAX } from '@scentry/shared-schema';
import { type SessionUser, setSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { useForm } from '../../ui/use-form';
import { authenticate } from './api';
import { deviceTokenFor, rememberDeviceToken } from './device-tokens';

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const form = useForm({
    schema: authenticateRequest,
    initial: { email: '', password: '' },
    submit: async (data) => {
      // The token this device got at its last sign-in of this account: others' failures cannot lock it out.
      const reply = await authenticate({ ...data, deviceToken: deviceTokenFor(data.email) });
      rememberDeviceToken(data.email, reply.deviceToken);
      return reply;
    },
    // spec §8: a refused sign-in is a warning titled "Login" with the server's message.
    title: 'Login',
    failureAs: 'warning',
    onSuccess: (reply) => {
      // The device token is kept apart from the session (signing out must not forget it).
      const { deviceToken: _kept, ...user } = reply;
      setSession(user);
      onSignedIn(user);
    },
  });

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate aria-label="Sign in">
      <Field
        label="User Name"
        type="email"
        autoComplete="username"
        maxLength={EMAIL_MAX}
        autoFocus
        {...form.field('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        {...form.field('password')}
      />
      <button type="submit" className="button button-block" disabled={form.busy}>
        {form.busy ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}
