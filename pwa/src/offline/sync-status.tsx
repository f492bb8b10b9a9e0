import { useT } from '../i18n';
import { localDateTime } from '../i18n/dates';
import { serverMessage } from '../i18n/server-message';
import { hasLocalDatabase, useSyncStatus } from './status';
import { requestSync } from './sync';

/**
 * Upload status. While something waits or was refused: what waits (results and forms counted
 * apart, each in its own plural: "1 result waiting to upload", never "results and forms"), the last
 * sync, a sync-now control and the refusals. Otherwise one quiet line ("All uploaded" and the last
 * sync): nothing to act on, so nothing to tap. The hidden `waiting-count` is everything that waits
 * to upload (journeys read it).
 */
export function SyncStatusPanel() {
  const s = useSyncStatus();
  const t = useT();
  if (!hasLocalDatabase()) return null;
  const calm = s.waiting === 0 && s.emailsWaiting === 0 && s.rejected.length === 0 && s.rejectedEmails.length === 0;
  const lastSync = s.lastSync && (
    <span className="sync-time"> · {t('sync.lastSync', { time: localDateTime(s.lastSync) })}</span>
  );
  if (calm) {
    return (
      <aside className="sync-quiet" aria-label={t('sync.label')}>
        <p className="sync-line" role="status">
          <span className="sync-check" aria-hidden="true">
            ✓
          </span>{' '}
          <span data-testid="waiting-count" hidden>
            0
          </span>
          {t('sync.allUploaded')}
          {lastSync}
        </p>
      </aside>
    );
  }
  const results = s.waiting - s.formsWaiting;
  const waiting = [
    results > 0 && t('sync.resultsWaiting', { count: results }),
    s.formsWaiting > 0 && t('sync.formsWaiting', { count: s.formsWaiting }),
  ].filter(Boolean);
  return (
    <aside className="sync" aria-label={t('sync.label')}>
      <p className="sync-line" role="status">
        <span data-testid="waiting-count" hidden>
          {s.waiting}
        </span>
        {s.waiting > 0 ? (
          <>
            {waiting.join(' · ')}
            {!s.online && ` ${t('sync.offlineUpload')}`}
          </>
        ) : (
          t('sync.nothingWaiting')
        )}
        {lastSync}
      </p>
      {s.emailsWaiting > 0 && (
        <p className="sync-line" data-testid="emails-waiting">
          {t('sync.emailsWaiting', { count: s.emailsWaiting })}
          {!s.online && ` ${t('sync.offlineSend')}`}
        </p>
      )}
      <button
        type="button"
        className="button button-ghost"
        disabled={s.syncing || !s.online}
        onClick={() => void requestSync()}
      >
        {s.syncing ? t('sync.syncing') : t('sync.syncNow')}
      </button>
      {s.rejected.length > 0 && (
        <div className="notice notice-error">
          <p>
            <strong>{t('sync.notUploaded')}</strong>
          </p>
          <ul>
            {s.rejected.map((r) => (
              <li key={r.id}>
                {t('sync.rejected', {
                  kit: r.kitName,
                  time: localDateTime(r.playedAt),
                  reason: serverMessage(r.reason),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {s.rejectedEmails.length > 0 && (
        <div className="notice notice-error">
          <p>
            <strong>{t('sync.emailsNotSent')}</strong>
          </p>
          <ul>
            {s.rejectedEmails.map((e) => (
              <li key={e.id}>
                {e.email}: {serverMessage(e.reason)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
