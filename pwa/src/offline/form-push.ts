import type { LocalDatabase } from './db';
import type { SyncDeps } from './sync';
import { type LocalForm, toFormDoc, withWriteKey } from './types';

const PUSH = { medical: 'pushMedical', questionnaire: 'pushQuestionnaires' } as const;

/**
 * Medical forms and questionnaires made offline go up after their result was taken (API.md
 * "Sync"), exactly once by their own id: a push whose reply was lost is simply sent again. A
 * refusal is kept with its reason and never retried.
 */
export async function pushForms(db: LocalDatabase, call: SyncDeps['call']): Promise<void> {
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
    for (let i = 0; i < ready.length; i += 20) {
      const batch = ready.slice(i, i + 20);
      const refusals = await call(PUSH[kind], {
        body: batch.map((d) => ({
          assumedMasterState: null,
          newDocumentState: withWriteKey(toFormDoc(d.toJSON() as LocalForm), keys.get(d.testResultId)),
        })),
      });
      const byId = new Map(refusals.map((r) => [r.id, r]));
      for (const doc of batch) {
        const refused = byId.get(doc.id);
        await doc.incrementalPatch(refused ? { state: 'rejected', reason: refused.reason } : { state: 'uploaded' });
      }
    }
  }
}
