import {
  authenticateRequest,
  EMAIL_MAX,
  PASSWORD_MAX,
  type SignInReply,
  type TotpChallengeData,
} from '@scentry/shared-schema';
import { useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { type SessionUser, setSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { useForm } from '../../ui/use-form';
import { authenticate } from './api';
import { deviceTokenFor, rememberDeviceToken } from './device-tokens';
import { TotpStep } from './totp-step';

/** The password step's answer: signed in, or (a TOTP account) the challenge of the second step. */
type PasswordStep = { reply: SignInReply; email: string } | { challenge: string; email: string };

const challengeOf = (err: unknown): string | undefined => {
  if (!(err instanceof ApiFailure) || !err.isWarning) return undefined;
  const data = err.envelope.data as Partial<TotpChallengeData> | null;
  return data?.totpRequired === true && typeof data.challenge === 'string' ? data.challenge : undefined;
};

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  // The second step's challenge and the e-mail it is for; the password is not kept past the first step.
  const [second, setSecond] = useState<{ challenge: string; email: string } | null>(null);

  function signedIn(reply: SignInReply, email: string, withCode: boolean) {
    rememberDeviceToken(email, reply.deviceToken);
    // The device token is kept apart from the session (signing out must not forget it).
    const { deviceToken: _kept, ...user } = reply;
    const session: SessionUser = { ...user, totpEnabled: withCode };
    setSession(session);
    onSignedIn(session);
  }

  const form = useForm({
    schema: authenticateRequest,
    initial: { email: '', password: '' },
    submit: async (data): Promise<PasswordStep> => {
      // The token this device got at its last sign-in of this account: others' failures cannot lock it out.
      try {
        return { reply: await authenticate({ ...data, deviceToken: deviceTokenFor(data.email) }), email: data.email };
      } catch (err) {
        const challenge = challengeOf(err);
        if (challenge) return { challenge, email: data.email };
        throw err;
      }
    },
    // spec §8: a refused sign-in is a warning titled "Login" with the server's message.
    title: 'Login',
    failureAs: 'warning',
    onSuccess: (step) => {
      if ('reply' in step) return signedIn(step.reply, step.email, false);
      // The password goes from the form's state at once: the second step needs only the challenge.
      form.setValues({ email: step.email, password: '' });
      setSecond(step);
    },
  });

  if (second) {
    return (
      <TotpStep
        challenge={second.challenge}
        onSignedIn={(reply) => signedIn(reply, second.email, true)}
        onRestart={() => setSecond(null)}
      />
    );
  }

  return (
    <form className="stack" onSubmit={form.onSubmit} noValidate aria-label="Sign in">
      <Field
        label="User Name"
        type="email"
        autoComplete="username"
        maxLength={EMAIL_MAX}
        autoFocus
        data-autofocus
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
