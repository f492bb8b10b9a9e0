import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n';
import { type EventState, endEvent, getEvent, updateEvent } from '../../lib/event-mode';
import { startNewPlayer, updatePlayer } from '../../lib/player';
import { clearSession, isStaff, type SessionUser } from '../../lib/session';
import { Modal } from '../../ui/modal';
import { afterWrongPin, lockRemaining, NO_TRIES, triesLeft, verifyPin } from './pin';
import './event.css';

/**
 * The event's start screen, between players: the kit's name, a large Start (card 1 of the kit,
 * directly) and the frame's language control; for staff, "End event" (the PIN) and, for a
 * forgotten PIN, the staff sign-in (`signIn` draws the form; a sign-in ends the event).
 */
export function EventStart({
  event,
  signIn,
}: {
  event: EventState;
  signIn: (onSignedIn: (user: SessionUser) => void) => ReactNode;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [provider, setProvider] = useState(false);
  const [ending, setEnding] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [refused, setRefused] = useState(false);

  function start() {
    startNewPlayer();
    if (provider) updatePlayer({ isAddOrganizationChecked: true });
    updateEvent({ playerActive: true });
    if (provider) navigate({ to: '/addOrganizationPage' });
    else navigate({ to: '/scent/$id', params: { id: event.code } });
  }

  return (
    <section className="hero event-start" aria-labelledby="event-kit">
      <p className="eyebrow">Olfactory test kit</p>
      <h1 id="event-kit" data-testid="event-kit">
        {event.kitName}
      </h1>
      <p>{t('event.start.lead')}</p>
      <button type="button" className="button button-large event-go" onClick={start}>
        {t('event.start')}
      </button>
      <label className="check-row home-opt-in">
        <input type="checkbox" checked={provider} onChange={(e) => setProvider(e.target.checked)} />
        <span>{t('event.start.provider')}</span>
      </label>
      <div className="event-staff">
        <button type="button" className="button button-ghost" onClick={() => setEnding(true)}>
          {t('event.end')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={signingIn}
          onClick={() => setSigningIn((on) => !on)}
        >
          {t('event.forgot')}
        </button>
      </div>
      {signingIn && (
        <section className="event-signin card" aria-labelledby="event-signin-title">
          <h2 id="event-signin-title">{t('event.signin.title')}</h2>
          <p className="hint">{t('event.signin.note')}</p>
          {refused && (
            <p className="notice notice-error" role="alert">
              {t('event.signin.notStaff')}
            </p>
          )}
          {signIn((user) => {
            // Only staff end an event: any other account is signed out again at once.
            if (!isStaff(user)) {
              clearSession();
              setRefused(true);
              return;
            }
            endEvent();
            navigate({ to: '/admin/dashboard', replace: true });
          })}
        </section>
      )}
      <EndEventDialog
        open={ending}
        onClose={() => setEnding(false)}
        onEnded={() => {
          endEvent();
          navigate({ to: '/home', replace: true });
        }}
      />
    </section>
  );
}

/** Asks for the PIN; 5 wrong ones in a row lock it for a minute (kept on the device: a reload keeps the lock). */
function EndEventDialog({ open, onClose, onEnded }: { open: boolean; onClose: () => void; onEnded: () => void }) {
  const t = useT();
  const id = useId();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now);
  const tries = getEvent()?.tries ?? NO_TRIES;
  const locked = lockRemaining(tries, now);

  useEffect(() => {
    if (!open || locked === 0) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [open, locked]);

  useEffect(() => {
    if (open) {
      setPin('');
      setMessage(null);
      setNow(Date.now());
    }
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const event = getEvent();
    if (!event || busy || lockRemaining(event.tries, Date.now()) > 0) return;
    setBusy(true);
    try {
      if (await verifyPin(pin, event.pin)) {
        updateEvent({ tries: NO_TRIES });
        onEnded();
        return;
      }
      const next = afterWrongPin(event.tries, Date.now());
      updateEvent({ tries: next });
      setNow(Date.now());
      setPin('');
      setMessage(next.lockedUntil ? null : t('event.end.wrong', { left: triesLeft(next) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title={t('event.end.title')} onClose={onClose}>
      {locked > 0 ? (
        <p className="notice notice-warning" role="alert" data-testid="event-locked">
          {t('event.end.locked', { seconds: Math.ceil(locked / 1000) })}
        </p>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={id}>{t('event.end.pin')}</label>
            <input
              id={id}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            />
            {message && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {message}
              </p>
            )}
          </div>
          <div className="actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              {t('event.end.cancel')}
            </button>
            <button type="submit" className="button button-danger" disabled={busy || pin.length < 4}>
              {busy ? t('event.end.checking') : t('event.end')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
