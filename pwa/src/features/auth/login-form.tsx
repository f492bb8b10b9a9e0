import { authenticateRequest, parseRequest } from '@scentry/shared-schema';
import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { type SessionUser, setSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { authenticate } from './api';

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const notify = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = parseRequest(authenticateRequest, { email, password });
    if (!check.ok) {
      setErrors(check.fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await authenticate(check.data);
      setSession(user);
      onSignedIn(user);
    } catch (err) {
      // spec §8: a refused sign-in is a warning titled "Login" with the server's message.
      const message = err instanceof Error ? err.message : String(err);
      notify(err instanceof ApiFailure && err.isWarning ? 'warning' : 'error', message, 'Login');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Sign in">
      <Field
        label="User Name"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        autoFocus
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}
