import { serverMessage } from '../i18n/server-message';
import { hasLocalDatabase, useSyncStatus } from './status';
import { requestSync } from './sync';

const time = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/** "result", "results", or what is mixed in: "results and forms". */
function waitingWhat(all: number, forms: number): string {
  const results = all - forms;
  if (!forms) return results === 1 ? 'result' : 'results';
  if (!results) return forms === 1 ? 'form' : 'forms';
  return 'results and forms';
}

/**
 * Upload status. While something waits or was refused: what waits, the last sync, a sync-now
 * control and the refusals. Otherwise one quiet line ("All uploaded" and the last sync): nothing
 * to act on, so nothing to tap.
 */
export function SyncStatusPanel() {
  const s = useSyncStatus();
  if (!hasLocalDatabase()) return null;
  const calm = s.waiting === 0 && s.emailsWaiting === 0 && s.rejected.length === 0 && s.rejectedEmails.length === 0;
  if (calm) {
    return (
      <aside className="sync-quiet" aria-label="Upload status">
        <p className="sync-line" role="status">
          <span className="sync-check" aria-hidden="true">
            ✓
          </span>{' '}
          <span data-testid="waiting-count" hidden>
            0
          </span>
          All uploaded
          {s.lastSync && <span className="sync-time"> · Last sync {time(s.lastSync)}</span>}
        </p>
      </aside>
    );
  }
  return (
    <aside className="sync" aria-label="Upload status">
      <p className="sync-line" role="status">
        {s.waiting > 0 ? (
          <>
            <strong data-testid="waiting-count">{s.waiting}</strong> {waitingWhat(s.waiting, s.formsWaiting)} waiting to
            upload
            {!s.online && ' (offline: it uploads by itself when you are back online)'}
          </>
        ) : (
          <>
            <span data-testid="waiting-count" hidden>
              0
            </span>
            Nothing waiting to upload
          </>
        )}
        {s.lastSync && <span className="sync-time"> · Last sync {time(s.lastSync)}</span>}
      </p>
      {s.emailsWaiting > 0 && (
        <p className="sync-line" data-testid="emails-waiting">
          <strong>{s.emailsWaiting}</strong> {s.emailsWaiting === 1 ? 'e-mail' : 'e-mails'} waiting to send
          {!s.online && ' (it goes out by itself when you are back online)'}
        </p>
      )}
      <button
        type="button"
        className="button button-ghost"
        disabled={s.syncing || !s.online}
        onClick={() => void requestSync()}
      >
        {s.syncing ? 'Syncing…' : 'Sync now'}
      </button>
      {s.rejected.length > 0 && (
        <div className="notice notice-error">
          <p>
            <strong>Not uploaded:</strong>
          </p>
          <ul>
            {s.rejected.map((r) => (
              <li key={r.id}>
                {r.kitName}, played {time(r.playedAt)}: {serverMessage(r.reason)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {s.rejectedEmails.length > 0 && (
        <div className="notice notice-error">
          <p>
            <strong>E-mails not sent:</strong>
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
