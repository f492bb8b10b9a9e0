import { ApiFailure, callPlayer } from '../../lib/api';
import { formatResultDate } from '../../report/format';
import type { ReportModel } from '../../report/model';

export type EmailOutcome = 'sent' | 'queued';

function base64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** Waits (a little) for a sync run, so a result saved a moment ago has reached the server. */
async function syncBriefly(): Promise<void> {
  const { requestSync } = await import('../../offline/sync');
  await Promise.race([requestSync(), new Promise((r) => setTimeout(r, 8_000))]);
}

/**
 * E-mails a report's PDF to `email`, exactly once: sent at once when online and the result is on
 * the server; otherwise (offline, result still uploading, the network failing mid-way) kept on the
 * device and pushed by the sync loop under the same id, which the server sends once however it
 * arrives. A refusal by the server (bad address, too many e-mails) is thrown as ApiFailure.
 */
export async function emailReport(model: ReportModel, email: string, pdf: Blob): Promise<EmailOutcome> {
  const store = await import('../../offline/store');
  const id = crypto.randomUUID();
  const name = model.playerName;
  const date = formatResultDate(model.playedAt);
  let state = await store.resultSyncState(model.resultId);
  if (navigator.onLine && state === 'pending') {
    await syncBriefly();
    state = await store.resultSyncState(model.resultId);
  }
  if (navigator.onLine && state !== 'pending') {
    const form = new FormData();
    form.append(
      'model',
      JSON.stringify({
        Name: name,
        Email: email,
        Date: date,
        // A result the server refused (or never held) cannot be named; the report still goes.
        ...(state === 'uploaded' ? { TestResultId: model.resultId } : {}),
        Id: id,
      }),
    );
    form.append('file', pdf, 'report.pdf');
    try {
      await callPlayer('sendResultInEmail', { form });
      return 'sent';
    } catch (err) {
      // The server said no: the player must know. The network or the server failing: keep it.
      if (err instanceof ApiFailure && err.httpStatus >= 400 && err.httpStatus < 500) throw err;
    }
  }
  await store.queueEmailLocally({
    id,
    testResultId: model.resultId,
    kind: 'result',
    name,
    email,
    date,
    pdfBase64: await base64(pdf),
  });
  const { requestSync } = await import('../../offline/sync');
  void requestSync();
  return 'queued';
}
