import {
  MSG,
  PASSWORD_MAX,
  TOTP_CODE_MAX,
  type TotpSetupReply,
  totpConfirmRequest,
  totpEnableRequest,
  totpSetupRequest,
} from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { getSession, updateSessionTotp } from '../../lib/session';
import { Field } from '../../ui/field';
import { type BoundField, useForm } from '../../ui/use-form';
import { totpDisable, totpEnable, totpRecoveryCodes, totpSetup } from './api';
import { RecoveryCodes } from './recovery-codes';
import './two-step.css';

type Stage =
  | { kind: 'off' }
  | { kind: 'scan'; setup: TotpSetupReply }
  | { kind: 'codes'; codes: string[]; turnedOn: boolean }
  | { kind: 'on' };

const TITLE = 'Two-step sign-in';

/** The server says the state is not what this device thought (another session changed it). */
const stateMessage = (err: unknown) => (err instanceof ApiFailure && err.isWarning ? err.message : undefined);

/** The base32 secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * /admin/two-step: set two-step sign-in up (password → QR code and the key as text → a code → the
 * recovery codes, once), get new recovery codes, or turn it off. A session REQUIRE_TOTP holds back
 * lands here first and goes on once it is on.
 */
export function TwoStepPage() {
  const session = getSession();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(session?.totpEnabled ? { kind: 'on' } : { kind: 'off' });
  const [required, setRequired] = useState(Boolean(session?.totpSetupRequired));
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new stage's heading takes the focus, so a screen reader hears where the user now is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new stage only
  useEffect(() => {
    heading.current?.focus();
  }, [stage.kind]);

  const stageHeading = (text: string) => (
    <h2 ref={heading} tabIndex={-1} className="two-step-heading">
      {text}
    </h2>
  );

  function turnedOn(codes: string[]) {
    updateSessionTotp({ totpEnabled: true, totpSetupRequired: false });
    setRequired(false);
    setStage({ kind: 'codes', codes, turnedOn: true });
  }

  let body: ReactNode;
  switch (stage.kind) {
    case 'off':
      body = (
        <>
          {stageHeading('Set up')}
          <p>
            Two-step sign-in asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft
            Authenticator, 1Password, …) after your password, so a stolen password alone cannot open your account.
          </p>
          <SetupForm
            onStarted={(setup) => setStage({ kind: 'scan', setup })}
            onAlreadyOn={() => {
              updateSessionTotp({ totpEnabled: true, totpSetupRequired: false });
              setStage({ kind: 'on' });
            }}
          />
        </>
      );
      break;
    case 'scan':
      body = (
        <>
          {stageHeading('Scan the QR code')}
          <ol className="two-step-steps">
            <li>
              <p>Scan this QR code with your authenticator app:</p>
              <img
                className="two-step-qr"
                src={stage.setup.qrCode}
                alt="QR code to add Scentry to your authenticator app"
                width={200}
                height={200}
              />
              <p>
                Or type this key into the app (time-based):{' '}
                <code className="two-step-secret" data-testid="totp-secret">
                  {grouped(stage.setup.secret)}
                </code>
              </p>
            </li>
            <li>
              <p>Enter the 6-digit code the app now shows for Scentry:</p>
              <EnableForm onEnabled={turnedOn} onCancel={() => setStage({ kind: 'off' })} />
            </li>
          </ol>
        </>
      );
      break;
    case 'codes':
      body = (
        <>
          {stageHeading(
            stage.turnedOn ? 'Two-step sign-in is on: save your recovery codes' : 'Your new recovery codes',
          )}
          <RecoveryCodes codes={stage.codes} who={accountName()} />
          <div className="actions actions-start">
            <button
              type="button"
              className="button"
              onClick={() => (stage.turnedOn ? navigate({ to: '/admin/dashboard' }) : setStage({ kind: 'on' }))}
            >
              {stage.turnedOn ? 'I have saved them: continue' : 'I have saved them'}
            </button>
          </div>
        </>
      );
      break;
    case 'on':
      body = (
        <>
          {stageHeading('Two-step sign-in is on')}
          <p>Signing in asks for a code from your authenticator app (or a recovery code) after your password.</p>
          <ConfirmForm
            legend="New recovery codes"
            hint="Makes 10 new recovery codes; the old ones stop working."
            submitLabel="Make new recovery codes"
            busyLabel="Making codes…"
            call={async (data) => (await totpRecoveryCodes(data)).recoveryCodes}
            onDone={(codes) => setStage({ kind: 'codes', codes, turnedOn: false })}
            onStateChanged={() => {
              updateSessionTotp({ totpEnabled: false });
              setStage({ kind: 'off' });
            }}
          />
          <ConfirmForm
            legend="Turn off two-step sign-in"
            hint="Your password alone will sign you in again."
            submitLabel="Turn off"
            busyLabel="Turning off…"
            danger
            call={async (data) => {
              await totpDisable(data);
              return [];
            }}
            onDone={() => {
              updateSessionTotp({ totpEnabled: false });
              setStage({ kind: 'off' });
            }}
            onStateChanged={() => {
              updateSessionTotp({ totpEnabled: false });
              setStage({ kind: 'off' });
            }}
          />
        </>
      );
      break;
  }

  return (
    <section className="stack two-step">
      <h1>{TITLE}</h1>
      {required && (
        <p className="notice notice-warning" role="status">
          {MSG.totpSetupRequired}: your organization asks every staff account for it. The rest of Scentry opens once it
          is on.
        </p>
      )}
      {body}
    </section>
  );
}

/** The session keeps no e-mail: the recovery codes' file names the account by its user's name. */
function accountName(): string {
  const s = getSession();
  return s ? `${s.firstName} ${s.lastName}`.trim() : '';
}

function SetupForm({ onStarted, onAlreadyOn }: { onStarted: (s: TotpSetupReply) => void; onAlreadyOn: () => void }) {
  const form = useForm({
    schema: totpSetupRequest,
    initial: { password: '' },
    submit: async (data) => {
      try {
        return await totpSetup(data);
      } catch (err) {
        if (stateMessage(err) === MSG.totpAlreadyOn) onAlreadyOn();
        throw err;
      }
    },
    title: TITLE,
    failureAs: 'warning',
    onSuccess: onStarted,
  });
  return (
    <form className="stack two-step-form" onSubmit={form.onSubmit} noValidate aria-label="Set up two-step sign-in">
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        {...form.field('password')}
      />
      <div className="actions actions-start">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Starting…' : 'Set up two-step sign-in'}
        </button>
      </div>
    </form>
  );
}

/** A code field: digits from the app (numeric keyboard, one-time-code), or any code (a recovery code too). */
function CodeField({ label, digitsOnly, ...field }: BoundField & { label: string; digitsOnly: boolean }) {
  return (
    <Field
      label={label}
      inputMode={digitsOnly ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={TOTP_CODE_MAX}
      {...field}
    />
  );
}

function EnableForm({ onEnabled, onCancel }: { onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const form = useForm({
    schema: totpEnableRequest,
    initial: { code: '' },
    submit: (data) => totpEnable(data),
    title: TITLE,
    failureAs: 'warning',
    success: 'Two-step sign-in is on',
    onSuccess: (r) => onEnabled(r.recoveryCodes),
  });
  return (
    <form className="stack two-step-form" onSubmit={form.onSubmit} noValidate aria-label="Confirm with a code">
      <CodeField label="Authentication code" digitsOnly {...form.field('code')} />
      <div className="actions actions-start">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Checking…' : 'Turn on'}
        </button>
      </div>
    </form>
  );
}

/** A change that needs the password and a code (a recovery code counts): new codes, or turning off. */
function ConfirmForm(props: {
  legend: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  call: (data: { password: string; code: string }) => Promise<string[]>;
  onDone: (codes: string[]) => void;
  onStateChanged: () => void;
}) {
  const form = useForm({
    schema: totpConfirmRequest,
    initial: { password: '', code: '' },
    submit: async (data) => {
      try {
        return await props.call(data);
      } catch (err) {
        if (stateMessage(err) === MSG.totpNotOn) props.onStateChanged();
        throw err;
      }
    },
    title: TITLE,
    failureAs: 'warning',
    onSuccess: (codes) => {
      form.reset();
      props.onDone(codes);
    },
  });
  return (
    <form className="two-step-form" onSubmit={form.onSubmit} noValidate>
      <fieldset className="stack">
        <legend>{props.legend}</legend>
        <p className="hint">{props.hint}</p>
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.field('password')}
        />
        <CodeField label="Authentication code or recovery code" digitsOnly={false} {...form.field('code')} />
        <div className="actions actions-start">
          <button type="submit" className={props.danger ? 'button button-danger' : 'button'} disabled={form.busy}>
            {form.busy ? props.busyLabel : props.submitLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
