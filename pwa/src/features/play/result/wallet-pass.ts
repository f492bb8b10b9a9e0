import { PLAYER_ROUTES } from '@scentry/shared-schema';
import { t } from '../../../i18n';
import { ApiFailure } from '../../../lib/api';
import { type FetchedFile, fetchFile } from '../../../lib/file-call';

/** Waits (a little) for a sync run, so a result saved a moment ago has reached the server. */
async function syncBriefly(): Promise<void> {
  const { requestSync } = await import('../../../offline/sync');
  await Promise.race([requestSync(), new Promise((r) => setTimeout(r, 8_000))]);
}

/**
 * The signed wallet pass of a result (API.md "E-mails and passes"): asked with the result id and
 * the write key this phone made with it (none for a result of an older build, which the server
 * takes without one). A result still waiting to upload is pushed first; a refusal comes back as
 * ApiFailure with a sentence for the player.
 */
export async function fetchWalletPass(resultId: string): Promise<FetchedFile> {
  const store = await import('../../../offline/store');
  if ((await store.resultSyncState(resultId)) === 'pending') await syncBriefly();
  const writeKey = await store.resultWriteKey(resultId);
  try {
    return await fetchFile(PLAYER_ROUTES.generatePkSafePass, { TestResultId: resultId, WriteKey: writeKey });
  } catch (err) {
    if (err instanceof ApiFailure && (err.httpStatus === 404 || err.httpStatus === 403)) {
      // What the player is told (the server's own messages here speak to developers), in their language.
      const message = err.httpStatus === 404 ? t('wallet.notStored') : t('wallet.notAllowed');
      throw new ApiFailure(err.httpStatus, { ...err.envelope, message });
    }
    throw err;
  }
}
