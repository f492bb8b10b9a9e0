import {
  type ApiData,
  type Contract,
  isKitPlayable,
  KIT_NAME_RE,
  type KitDoc,
  type KitTombstone,
  kitCode,
  type PushConflict,
  parseRequest,
  resultDocSchema,
} from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { oneAtATime } from '../lib/one-at-a-time';
import { sentId } from '../lib/push';
import type { ContractRequest } from '../lib/route';
import { formerKit } from '../repositories/kit-versions';
import { findKitByCode, kitDocument } from '../repositories/kits';
import { recordRefusal } from './devices';
import { submitResult } from './results';

export type PullKitsBody = ContractRequest<Contract['pullKits']>['body'];
export type PushResultsBody = ContractRequest<Contract['pushResults']>['body'];

interface KitState {
  kitId: number;
  version: number;
  updatedAt: string;
}

const tombstone = (id: string, kit: KitState): KitTombstone => ({
  id,
  version: kit.version,
  updatedAt: kit.updatedAt,
  _deleted: true,
});

/**
 * A checkpoint's map with its codes normalised; the highest value wins for codes sent twice. A
 * Map, so a code such as `constructor` or `__proto__` is plain data, never a prototype lookup.
 */
function byCode(map: Record<string, number> | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const [code, value] of Object.entries(map ?? {})) {
    const id = kitCode(code);
    out.set(id, Math.max(out.get(id) ?? Number.NEGATIVE_INFINITY, value));
  }
  return out;
}

/**
 * Kits down (API.md "Sync"): for each code asked, the kit's document when it is newer than the
 * device's checkpoint or another kit than the one the checkpoint names (the code was taken
 * over), a tombstone when the kit is gone (deleted, inactive, not playable, renamed), and codes
 * the server never knew in `unknownCodes`.
 */
export async function pullKits(db: Db, body: PullKitsBody): Promise<ApiData<'pullKits'>> {
  const versions = byCode(body.checkpoint?.versions);
  const kitIds = byCode(body.checkpoint?.kitIds);
  const documents: (KitDoc | KitTombstone)[] = [];
  const unknownCodes: string[] = [];
  const seen = new Set<string>();
  for (const asked of body.codes) {
    const id = kitCode(asked);
    if (seen.has(id)) continue;
    seen.add(id);
    // Fewer than batchSize documents means caught up: the rest come with the next pull.
    if (documents.length >= body.batchSize) break;
    // Kit codes are letters and digits (DESIGN.md §7): anything else was never a kit.
    if (!KIT_NAME_RE.test(id)) {
      unknownCodes.push(asked);
      continue;
    }
    const since = versions.get(id) ?? 0;
    const heldKit = kitIds.get(id);
    // One transaction per code: the version and the cards read together (no edit in between).
    const found = await inTransaction(
      db,
      async (trx): Promise<{ doc: KitDoc | KitTombstone; kitId: number } | null | undefined> => {
        const kit = await findKitByCode(trx, id);
        if (kit) {
          const sameKit = heldKit === undefined || heldKit === kit.id;
          if (kit.version <= since && sameKit) return null;
          if (kit.isActive !== 1) return { doc: tombstone(id, { ...kit, kitId: kit.id }), kitId: kit.id };
          const live = await kitDocument(trx, kit);
          return { doc: isKitPlayable(live.cards) ? live : tombstone(id, { ...kit, kitId: kit.id }), kitId: kit.id };
        }
        const former = await formerKit(trx, id);
        if (!former) return undefined;
        return former.version > since ? { doc: tombstone(id, former), kitId: former.kitId } : null;
      },
    );
    if (found === undefined) unknownCodes.push(asked);
    else if (found) {
      documents.push(found.doc);
      versions.set(id, found.doc.version);
      kitIds.set(id, found.kitId);
    }
  }
  const checkpoint = { versions: Object.fromEntries(versions), kitIds: Object.fromEntries(kitIds) };
  return { documents, checkpoint, unknownCodes };
}

/**
 * Results up (API.md "Sync"): each document is stored exactly once; the reply lists only the
 * conflicts: the stored document for a different play under a known id, and `{id, rejected,
 * reason}` for a document that does not fit (it is stored nowhere).
 */
export async function pushResults(db: Db, rows: PushResultsBody): Promise<PushConflict[]> {
  const conflicts: PushConflict[] = [];
  for (const { newDocumentState: doc } of rows) {
    const parsed = parseRequest(resultDocSchema, doc);
    const rejected = (reason: string) => ({ id: sentId(doc), rejected: true as const, reason });
    if (!parsed.ok) {
      conflicts.push(rejected(parsed.message));
      // Answered, so never a gap (API.md "Devices"), under a mark that is itself sound.
      await recordRefusal(db, doc, 'result', parsed.message);
      continue;
    }
    const result = await submitResult(db, parsed.data);
    if (result.outcome === 'conflict' && result.stored) conflicts.push({ ...result.stored, id: parsed.data.id });
    else if (result.outcome === 'rejected') conflicts.push(rejected(result.reason ?? ''));
  }
  return conflicts;
}

/**
 * The results push as the route runs it: the documents of all pushes take turns one at a time
 * (each in its own transaction, `pushResults`), so a crowd of phones reconnecting at once never
 * holds a kit pull up for longer than one document.
 */
export function createResultsPush(db: Db): (rows: PushResultsBody) => Promise<PushConflict[]> {
  const inTurn = oneAtATime();
  return async (rows) => {
    const conflicts: PushConflict[] = [];
    for (const row of rows) conflicts.push(...(await inTurn(() => pushResults(db, [row]))));
    return conflicts;
  };
}
