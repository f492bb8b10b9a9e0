import {
  isKitPlayable,
  KIT_NAME_RE,
  type KitDoc,
  type KitTombstone,
  MSG,
  PLAY_MSG,
  parseRequest,
  pullRequestSchema,
  pushRowSchema,
  resultDocSchema,
  success,
} from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { invalid } from '../../../lib/errors';
import { parse } from '../../../lib/validate';
import { findKitByCode, formerKit, kitDocument } from '../../../repositories/kits';
import { submitResult } from '../../../services/results';

/** Rows per push: a device sends its waiting results in batches of at most this many. */
export const PUSH_MAX_ROWS = 100;

const pushBody = z.array(pushRowSchema);

interface KitState {
  version: number;
  updatedAt: string;
}

const tombstone = (id: string, kit: KitState): KitTombstone => ({
  id,
  version: kit.version,
  updatedAt: kit.updatedAt,
  _deleted: true,
});

export default async function syncRoutes(app: FastifyInstance) {
  const { db } = app;

  /**
   * Kits down (API.md "Sync"): for each code asked, the kit's document when it is newer than the
   * device's checkpoint, a tombstone when the kit is gone (deleted, inactive, not playable, renamed),
   * and codes the server never knew in `unknownCodes`.
   */
  app.post('/api/sync/kits/pull', { config: { access: 'public' } }, async (req) => {
    const body = parse(pullRequestSchema, req.body);
    const versions: Record<string, number> = {};
    for (const [code, version] of Object.entries(body.checkpoint?.versions ?? {})) {
      const id = code.trim().toLowerCase();
      versions[id] = Math.max(versions[id] ?? Number.NEGATIVE_INFINITY, version);
    }
    const documents: (KitDoc | KitTombstone)[] = [];
    const unknownCodes: string[] = [];
    const seen = new Set<string>();
    for (const asked of body.codes) {
      const id = asked.toLowerCase();
      if (seen.has(id)) continue;
      seen.add(id);
      // Fewer than batchSize documents means caught up: the rest come with the next pull.
      if (documents.length >= body.batchSize) break;
      // Kit codes are letters and digits (DESIGN.md §7): anything else was never a kit.
      if (!KIT_NAME_RE.test(id)) {
        unknownCodes.push(asked);
        continue;
      }
      const since = versions[id] ?? 0;
      // One transaction per code: the version and the cards read together (no edit in between).
      const doc = await db.transaction().execute(async (trx): Promise<KitDoc | KitTombstone | null | undefined> => {
        const kit = await findKitByCode(trx, id);
        if (kit) {
          if (kit.version <= since) return null;
          if (kit.isActive !== 1) return tombstone(id, kit);
          const live = await kitDocument(trx, kit);
          return isKitPlayable(live.cards) ? live : tombstone(id, kit);
        }
        const former = await formerKit(trx, id);
        if (!former) return undefined;
        return former.version > since ? tombstone(id, former) : null;
      });
      if (doc === undefined) unknownCodes.push(asked);
      else if (doc) {
        documents.push(doc);
        versions[id] = doc.version;
      }
    }
    return success({ documents, checkpoint: { versions }, unknownCodes });
  });

  /**
   * Results up (API.md "Sync"): each document is stored exactly once; the reply lists only the
   * conflicts: the stored document for a different play under a known id, and the sent document
   * marked `rejected` with its reason when it does not fit (it is stored nowhere).
   */
  app.post('/api/sync/results/push', { config: { access: 'public' } }, async (req) => {
    if (!Array.isArray(req.body)) throw invalid(MSG.invalidRequest, 'The body must be an array of push rows');
    if (req.body.length > PUSH_MAX_ROWS) throw invalid(PLAY_MSG.tooManyResults);
    const rows = parseRequest(pushBody, req.body);
    if (!rows.ok) throw invalid(MSG.invalidRequest, rows.message);
    const sent = rows.data.map((r, i) => {
      const doc = r.newDocumentState;
      if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
        throw invalid(MSG.invalidRequest, `${i}.newDocumentState: must be a result document`);
      }
      return doc as Record<string, unknown>;
    });

    const conflicts: Record<string, unknown>[] = [];
    for (const doc of sent) {
      const parsed = parseRequest(resultDocSchema, doc);
      if (!parsed.ok) {
        conflicts.push({ ...doc, rejected: true, reason: parsed.message });
        continue;
      }
      const result = await submitResult(db, parsed.data);
      if (result.outcome === 'conflict' && result.stored) conflicts.push({ ...result.stored, id: parsed.data.id });
      else if (result.outcome === 'rejected') conflicts.push({ ...doc, rejected: true, reason: result.reason });
    }
    return success(conflicts);
  });
}
