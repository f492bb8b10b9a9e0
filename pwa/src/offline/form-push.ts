import type { LocalDatabase } from './db';
import { type PushBatch, pushBatch, type SyncCall } from './push';
import { type LocalForm, toFormDoc, withWriteKey } from './types';

const PUSH = { medical: 'pushMedical', questionnaire: 'pushQuestionnaires' } as const;

/**
 * Medical forms and questionnaires made offline go up after their result was taken (API.md
 * "Sync"), exactly once by their own id: a push whose reply was lost is simply sent again. A
 * refusal is kept with its reason and never retried.
 */
export async function pushForms(db: LocalDatabase, call: SyncCall, batch: PushBatch): Promise<void> {
  const pending = await db.forms.find({ selector: { state: 'pending' } }).exec();
  for (const kind of ['medical', 'questionnaire'] as const) {
    const ready = [];
    const keys = new Map<string, string | null>();
    for (const doc of pending.filter((f) => f.kind === kind)) {
      const result = await db.results.findOne(doc.testResultId).exec();
      if (result?.syncState === 'pending') continue;
      if (result?.syncState === 'rejected') {
        await doc.incrementalPatch({ state: 'rejected', reason: 'Its result could not be uploaded' });
        continue;
      }
      keys.set(doc.testResultId, result?.writeKey ?? null);
      ready.push(doc);
    }
    // As many a push as the results' batch (the same throttle counts both, one per document).
    for (let i = 0; i < ready.length; ) {
      const docs = ready.slice(i, i + batch.size);
      const refusals = await pushBatch(
        call,
        PUSH[kind],
        docs.map((d) => ({
          assumedMasterState: null,
          newDocumentState: withWriteKey(toFormDoc(d.toJSON() as LocalForm), keys.get(d.testResultId)),
        })),
        batch,
      );
      i += docs.length;
      const byId = new Map(refusals.map((r) => [r.id, r]));
      for (const doc of docs) {
        const refused = byId.get(doc.id);
        await doc.incrementalPatch(refused ? { state: 'rejected', reason: refused.reason } : { state: 'uploaded' });
      }
    }
  }
}
