import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { currentLocale, useT } from '../../i18n';
import { eventStartPath, useEvent } from '../../lib/event-mode';
import { useActiveGame } from '../../lib/play-progress';
import { useUnsentForm } from '../../lib/unsent-form';
import { useSyncStatus } from '../../offline/status';
import { ConfirmDialog } from '../../ui/confirm';
import { idleTimes, startIdleTimer } from './idle';
import './event.css';

/** The time on the device's clock, in the player's language. */
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString(currentLocale(), { hour: 'numeric', minute: '2-digit' });

/**
 * The event's line under the frame's bar, on every screen while event mode is on: what waits to
 * upload ("3 plays · 2 forms · 1 e-mail waiting to upload", or "All 37 plays uploaded"), the last
 * upload (the device's clock) and "Sync now". During a player's turn also the large "Next player", and the idle reset.
 * Next player asks first while a game or a form on screen holds answers it would throw away.
 */
export function EventFrame() {
  const t = useT();
  const event = useEvent();
  const s = useSyncStatus();
  const navigate = useNavigate();
  const game = useActiveGame();
  const unsentForm = useUnsentForm();
  const [asking, setAsking] = useState<'game' | 'form' | null>(null);
  if (!event) return null;
  const plays = Math.max(0, s.waiting - s.formsWaiting);
  const parts = [
    plays > 0 && t('event.waiting.plays', { count: plays }),
    s.formsWaiting > 0 && t('event.waiting.forms', { count: s.formsWaiting }),
    s.emailsWaiting > 0 && t('event.waiting.emails', { count: s.emailsWaiting }),
  ].filter((p): p is string => Boolean(p));
  // Back to the start, replacing this screen in the history: the router's guard clears the player.
  const toStart = () => navigate({ href: eventStartPath(event.code), replace: true });
  return (
    <>
      <aside className="event-bar" aria-label={t('event.bar.label')}>
        <p className="event-waiting" role="status" data-testid="event-waiting">
          {parts.length
            ? t('event.waiting', { list: parts.join(' · ') })
            : s.resultsUploaded > 0
              ? t('event.uploadedAll', { count: s.resultsUploaded })
              : t('event.uploaded')}
          {s.lastSync && <span className="event-last"> · {t('event.lastUpload', { time: clock(s.lastSync) })}</span>}
          {!s.online && parts.length > 0 && <span className="event-last"> · {t('event.offline')}</span>}
        </p>
        {/* The tablet's controls, together after the line. "Sync now" is always there, its label
            fixed: the bar keeps its shape when a play queues or uploads (no layout shift under a
            player's card), and staff can sync before packing up even when nothing waits (each
            sync sends the device's report). */}
        <div className="event-actions">
          <button
            type="button"
            className="button button-ghost event-sync"
            onClick={() => void import('../../offline/sync').then(({ requestSync }) => requestSync({ fresh: true }))}
          >
            {t('event.syncNow')}
          </button>
          {event.playerActive && (
            <button
              type="button"
              className="button button-ghost button-large event-next"
              onClick={() => (game ? setAsking('game') : unsentForm ? setAsking('form') : toStart())}
            >
              {t('event.next')}
            </button>
          )}
        </div>
      </aside>
      {event.playerActive && <IdleReset onIdle={toStart} />}
      <ConfirmDialog
        open={asking === 'game'}
        title={t('event.next.title')}
        message={t('event.next.message')}
        confirmLabel={t('event.next.confirm')}
        cancelLabel={t('event.next.cancel')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          toStart();
        }}
      />
      <ConfirmDialog
        open={asking === 'form'}
        title={t('event.discard.title')}
        message={t('event.discard.message')}
        confirmLabel={t('event.discard.confirm')}
        cancelLabel={t('event.discard.cancel')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          toStart();
        }}
      />
    </>
  );
}

/**
 * A player's turn ends after the idle time without a touch, a key or a scroll: "Still there?"
 * first (a modal dialog that takes the focus and is announced), then the start screen.
 */
function IdleReset({ onIdle }: { onIdle: () => void }) {
  const t = useT();
  const [warnedAt, setWarnedAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now);
  const ref = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof startIdleTimer> | null>(null);
  const idle = useRef(onIdle);
  idle.current = onIdle;
  // Read once per turn: the test-only setting is in place before the app starts.
  const [times] = useState(idleTimes);

  useEffect(() => {
    timer.current = startIdleTimer({
      ...times,
      target: window,
      onWarn: () => setWarnedAt(Date.now()),
      onBack: () => setWarnedAt(null),
      onIdle: () => {
        setWarnedAt(null);
        idle.current();
      },
    });
    return () => timer.current?.stop();
  }, [times]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (warnedAt !== null && !dialog.open) {
      dialog.showModal();
      stay.current?.focus();
    }
    if (warnedAt === null && dialog.open) dialog.close();
    if (warnedAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [warnedAt]);

  const seconds = warnedAt === null ? 0 : Math.max(0, Math.ceil((warnedAt + times.warnMs - now) / 1000));
  return (
    <dialog
      ref={ref}
      className="modal event-idle"
      role="alertdialog"
      aria-labelledby="event-idle-title"
      aria-describedby="event-idle-message"
      onCancel={(e) => {
        e.preventDefault();
        timer.current?.touch();
      }}
    >
      <header className="modal-header">
        <h2 id="event-idle-title">{t('event.idle.title')}</h2>
      </header>
      <div className="modal-body">
        <p id="event-idle-message">{warnedAt !== null && t('event.idle.message', { seconds })}</p>
        <div className="actions">
          <button ref={stay} type="button" className="button button-large" onClick={() => timer.current?.touch()}>
            {t('event.idle.stay')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
