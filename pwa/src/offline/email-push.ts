import { ApiFailure } from '../lib/api';
import type { LocalDatabase } from './db';
import type { SyncCall } from './push';
import { type LocalEmail, toEmailDoc, withWriteKey } from './types';

/**
 * Refusals for good: the e-mail is shown as not sent, never retried. Others retry: network, 429,
 * 5xx, and 404 (its result or questionnaire has not reached the server yet).
 */
const refusedForGood = (err: unknown): err is ApiFailure =>
  err instanceof ApiFailure &&
  err.httpStatus >= 400 &&
  err.httpStatus < 500 &&
  err.httpStatus !== 404 &&
  err.httpStatus !== 429;

/**
 * E-mails made offline (or before their result was uploaded) go up one per request (API.md
 * "Sync"), each after its result was taken; the server makes the PDF. The server sends each id
 * once, so a push whose reply was lost is simply sent again. One the server cannot send yet
 * (404: its result or questionnaire not stored) stays pending, the others go on, and the run
 * then fails so the sync loop tries again later.
 */
export async function pushEmails(db: LocalDatabase, call: SyncCall): Promise<void> {
  const pending = await db.emails.find({ selector: { state: 'pending' } }).exec();
  let notYet: ApiFailure | undefined;
  for (const doc of pending) {
    const result = await db.results.findOne(doc.testResultId).exec();
    if (result?.syncState === 'pending') continue;
    if (result?.syncState === 'rejected') {
      await doc.incrementalPatch({ state: 'rejected', reason: 'Its result could not be uploaded', pdfBase64: '' });
      continue;
    }
    // The answers of a questionnaire e-mail must reach the server first: one the server refused
    // for good will never be there, so neither will this e-mail (rather than retrying forever).
    if (doc.kind === 'questionnaire') {
      const forms = await db.forms.find({ selector: { testResultId: doc.testResultId } }).exec();
      const questionnaire = forms.filter((f) => f.kind === 'questionnaire');
      if (questionnaire.some((f) => f.state === 'pending')) continue;
      if (questionnaire.length > 0 && questionnaire.every((f) => f.state === 'rejected')) {
        await doc.incrementalPatch({ state: 'rejected', reason: 'Its answers could not be uploaded', pdfBase64: '' });
        continue;
      }
    }
    try {
      const conflicts = await call('pushEmails', {
        body: [
          {
            assumedMasterState: null,
            newDocumentState: withWriteKey(toEmailDoc(doc.toJSON() as LocalEmail), result?.writeKey),
          },
        ],
      });
      const refused = conflicts.find((c) => c.id === doc.id);
      await doc.incrementalPatch(
        refused ? { state: 'rejected', reason: refused.reason, pdfBase64: '' } : { state: 'sent', pdfBase64: '' },
      );
    } catch (err) {
      if (err instanceof ApiFailure && err.httpStatus === 404) {
        notYet = err;
        continue;
      }
      if (!refusedForGood(err)) throw err;
      await doc.incrementalPatch({ state: 'rejected', reason: err.message, pdfBase64: '' });
    }
  }
  if (notYet) throw notYet;
}
