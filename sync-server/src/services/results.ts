import { randomUUID } from 'node:crypto';
import {
  type Answer,
  type ApiData,
  type Contract,
  GUEST_NAME,
  isKitPlayable,
  type KitDoc,
  makeWriteKey,
  PLAY_MSG,
  playKey,
  playProblem,
  type ResultDoc,
  type StoredResultDoc,
  scorePlay,
} from '@scentry/shared-schema';
import { type Db, inTransaction, nowIso } from '../db/database';
import { isWriteRace } from '../db/dialect';
import { invalid, notFound, warning } from '../lib/errors';
import type { ContractRequest } from '../lib/route';
import { hashWriteKey, holdsWriteKey, writeKeyMatches } from '../lib/write-key';
import { loadSnapshot } from '../repositories/kit-versions';
import { findKit } from '../repositories/kits';
import { organizationExists } from '../repositories/organizations';
import {
  findResult,
  insertResult,
  insertResultDetails,
  type NewResultRow,
  type ResultDetail,
  type ResultRow,
  resultAnswers,
} from '../repositories/results';
import { markOf, recordAnswer } from './devices';
import { locateResult } from './geocoder';
import { queueEvent } from './webhooks';

export type SubmitOutcome = 'stored' | 'duplicate' | 'conflict' | 'rejected';

export interface SubmitResult {
  outcome: SubmitOutcome;
  /** Whether the sender holds the stored result's write key (false for a keyless result). */
  holdsKey?: boolean;
  /** The document as the server holds it (its own score): for stored, duplicate and conflict. */
  stored?: StoredResultDoc;
  /** Why a document was rejected (a PLAY_MSG text). */
  reason?: string;
}

/** A device clock may run a little fast; a play time further ahead than this is nonsense. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

function toDoc(row: ResultRow, answers: Answer[]): StoredResultDoc {
  return {
    id: row.id,
    testKitId: row.testKitId,
    kitVersion: row.kitVersion,
    organizationId: row.organizationId,
    latitude: row.latitude,
    longitude: row.longitude,
    firstName: row.firstName,
    lastName: row.lastName,
    playedAt: row.playedAt,
    answers,
    resultStatus: row.resultStatus === 'Pass' ? 'Pass' : 'Fail',
    rightAnswerCount: row.rightAnswerCount,
  };
}

/**
 * A stored row met again under the same id: the same play is a no-op, another one a conflict. The
 * stored record comes back only to the holder of its write key (or for a keyless result, as
 * before): anyone else learns only that the id is taken (API.md "Writing to a result").
 */
async function existingOutcome(
  db: Db,
  row: ResultRow,
  key: string,
  sent: Pick<ResultDoc, 'answers' | 'writeKey'>,
): Promise<SubmitResult> {
  const holdsKey = holdsWriteKey(row.writeKeyHash, sent.writeKey);
  // The play is identical, so the stored answers are the sent ones: no need to read them.
  if (row.playHash === key) return { outcome: 'duplicate', stored: toDoc(row, sent.answers), holdsKey };
  if (!writeKeyMatches(row.writeKeyHash, sent.writeKey)) return { outcome: 'rejected', reason: PLAY_MSG.resultIdInUse };
  return { outcome: 'conflict', stored: toDoc(row, await resultAnswers(db, row.id)), holdsKey };
}

/**
 * The play time to store. A phone with a wrong clock must not lose its result: a time further
 * ahead than the clock skew allows, or before the kit version it names existed, is replaced by the
 * time received and flagged. (The play's identity keeps the time as sent, so a resend still
 * matches.)
 */
export function playTime(
  sent: string,
  versionSince: string,
  now = Date.now(),
): { playedAt: string; adjusted: boolean } {
  const at = Date.parse(sent);
  const since = Date.parse(versionSince);
  if (at > now + CLOCK_SKEW_MS || (!Number.isNaN(since) && at < since - CLOCK_SKEW_MS)) {
    return { playedAt: new Date(now).toISOString(), adjusted: true };
  }
  return { playedAt: new Date(at).toISOString(), adjusted: false };
}

/** Why a document cannot be stored, before looking at its kit; null when none. */
function documentProblem(doc: ResultDoc): string | null {
  if (Number.isNaN(Date.parse(doc.playedAt))) return PLAY_MSG.invalidPlayedAt;
  return null;
}

/**
 * Stores a played result exactly once (API.md "Sync", DESIGN.md §6), for both the sync push and
 * SaveTestResult. In one transaction: an id already stored is a duplicate when the play is the same
 * (names, location and organization of a resend are ignored) and a conflict otherwise (nothing is
 * overwritten; the stored document comes back); a new id is checked against the snapshot of the
 * kit version it names, scored by the server (the device's score is ignored) and stored with one
 * detail row per answer naming the card, answer and picture as that version showed them.
 */
export async function submitResult(db: Db, doc: ResultDoc, retry: RetryRule = {}): Promise<SubmitResult> {
  try {
    return await attempt(db, doc, retry);
  } catch (err) {
    // Another writer stored or changed something between this transaction's read and its write:
    // it has rolled back, and a second attempt sees that writer's row (duplicate or conflict).
    if (!isResultWriteRace(err)) throw err;
    return attempt(db, doc, retry);
  }
}

// SQLite: a read snapshot gone stale before the write, or the id taken (its unique indexes are
// not a race here); PostgreSQL: unique violation, serialization failure.
const isResultWriteRace = (err: unknown): boolean => isWriteRace(err, { unique: false });

/**
 * For SaveTestResult, whose clients know no kit versions: a retry under a stored id is compared on
 * the version it was judged against and, when the retry gave no play time, at the stored one.
 */
export interface RetryRule {
  inheritStored?: { playedAt: boolean };
}

/** How a device's numbered result was answered (API.md "Devices"). */
const OUTCOME_RECORDED = {
  stored: 'stored',
  duplicate: 'duplicate',
  conflict: 'conflict',
  rejected: 'refused',
} as const;

async function attempt(db: Db, doc: ResultDoc, retry: RetryRule): Promise<SubmitResult> {
  const id = doc.id.toLowerCase();
  const mark = markOf(doc);
  return inTransaction(
    db,
    async (trx) => {
      const result = await decide(trx, db, doc, id, retry);
      // In the same transaction: a stored result always has its device's record.
      await recordAnswer(trx, mark, {
        kind: 'result',
        documentId: id,
        resultId: id,
        outcome: OUTCOME_RECORDED[result.outcome],
        reason: result.reason ?? null,
      });
      // In the same transaction too: a result stored for an organization is an event for its webhooks.
      const organizationId = result.outcome === 'stored' ? (result.stored?.organizationId ?? null) : null;
      if (organizationId !== null) await queueEvent(trx, organizationId, 'result.stored', id);
      return result;
    },
    // READ COMMITTED on PostgreSQL: the id is settled by its unique key (on conflict, then the
    // winner read), the kit snapshot read never changes, and the tallies every insert of a kit's
    // day raises are counts raised in place. Under SERIALIZABLE a crowd of results of one kit
    // failed on those tally rows past the retries (two instances, 60 at once: 500s). On SQLite the
    // results stored in one turn of the event loop share one commit (grouped: db/database.ts).
    { isolation: 'read committed', grouped: true },
  );
}

/** The store of one result, in `trx`: stored, a duplicate, a conflict, or refused with its reason. */
async function decide(trx: Db, db: Db, doc: ResultDoc, id: string, retry: RetryRule): Promise<SubmitResult> {
  const key = playKey(doc);
  // A stored row under this id decides: the same play is a no-op, another one a conflict.
  const againstStored = (row: ResultRow) => {
    const inherit = retry.inheritStored;
    const compared = inherit
      ? playKey({ ...doc, kitVersion: row.kitVersion, playedAt: inherit.playedAt ? row.playedAt : doc.playedAt })
      : key;
    return existingOutcome(trx, row, compared, doc);
  };
  // The usual case is a new id, so the row is looked up only when the document cannot be
  // stored or the insert finds the id taken (one query less on the hot path).
  const refuse = async (reason: string): Promise<SubmitResult> => {
    const existing = await findResult(trx, id);
    return existing ? againstStored(existing) : { outcome: 'rejected', reason };
  };

  const problem = documentProblem(doc);
  if (problem) return refuse(problem);
  const kit = await loadSnapshot(db, doc.testKitId, doc.kitVersion, trx);
  if (!kit) return refuse(PLAY_MSG.unknownKitVersion);
  if (!isKitPlayable(kit.cards)) return refuse(PLAY_MSG.kitVersionNotPlayable);
  const misfit = playProblem(kit, doc.answers);
  if (misfit) return refuse(misfit);
  // An organization that is not (or no longer) known is dropped: the result is never lost for it.
  let organizationId = doc.organizationId ?? null;
  if (organizationId !== null && !(await organizationExists(trx, organizationId))) organizationId = null;
  const time = playTime(doc.playedAt, kit.updatedAt);

  const score = scorePlay(kit, doc.answers);
  const located = doc.latitude != null && doc.longitude != null;
  const latitude = located ? (doc.latitude as number) : null;
  const longitude = located ? (doc.longitude as number) : null;
  // Country, state and city are resolved once, here (offline, a few microseconds).
  const place = locateResult(latitude, longitude);
  const row: NewResultRow = {
    id,
    testKitId: doc.testKitId,
    kitVersion: doc.kitVersion,
    organizationId,
    latitude,
    longitude,
    country: place.country,
    state: place.state,
    city: place.city,
    firstName: doc.firstName?.trim() || GUEST_NAME.firstName,
    lastName: doc.lastName?.trim() || GUEST_NAME.lastName,
    playedAt: time.playedAt,
    playedAtAdjusted: time.adjusted ? 1 : 0,
    resultStatus: score.resultStatus,
    rightAnswerCount: score.rightAnswerCount,
    playHash: key,
    // Fixed here, at the first store: no later request sets or changes it.
    writeKeyHash: doc.writeKey ? hashWriteKey(doc.writeKey) : null,
  };
  // Another writer may have stored the id meanwhile: then theirs stands.
  if (!(await insertResult(trx, row))) {
    const winner = await findResult(trx, id);
    if (winner) return againstStored(winner);
    throw new Error(`test result ${id} neither inserted nor found`);
  }

  const cards = new Map(kit.cards.map((c) => [c.id, c]));
  const details = doc.answers.map((a): ResultDetail => {
    // playProblem has proved that the card and the option exist in this version.
    const card = cards.get(a.scentCardId) as KitDoc['cards'][number];
    const option = card.options.find(
      (o) => o.scentOptionId === a.scentOptionId,
    ) as KitDoc['cards'][number]['options'][number];
    const correct = card.correctScentOptionId as number;
    return {
      scentCardId: card.id,
      scentCardName: card.name,
      cardSortOrder: card.sortOrder,
      scentOptionId: option.scentOptionId,
      answerName: option.name,
      answerStoredPath: option.storedPath,
      correctScentOptionId: correct,
      smellIntensity: a.smellIntensity,
      isCorrect: a.scentOptionId === correct,
    };
  });
  await insertResultDetails(trx, id, details);
  return { outcome: 'stored', stored: toDoc(row, doc.answers), holdsKey: row.writeKeyHash !== null };
}

export type SaveTestResultBody = ContractRequest<Contract['saveTestResult']>['body'];

/**
 * The spec's online submission (spec §3), stored by the same rule as the sync push. A client may
 * send its own result `Id` (a UUID) to retry safely; `PlayedAt` defaults to now.
 */
export async function saveTestResult(db: Db, body: SaveTestResultBody): Promise<ApiData<'saveTestResult'>> {
  const id = (body.id ?? randomUUID()).toLowerCase();
  // A client that sends no key gets one made here (and must keep it for the writes after play).
  const writeKey = body.writeKey ?? makeWriteKey();
  const kit = await findKit(db, body.testKitId);
  const snapshot = kit?.isActive === 1 ? await loadSnapshot(db, kit.id, kit.version) : undefined;
  if (!kit || !snapshot || !isKitPlayable(snapshot.cards)) {
    await recordAnswer(db, markOf(body), {
      kind: 'result',
      documentId: id,
      resultId: id,
      outcome: 'refused',
      reason: PLAY_MSG.invalidKit,
    });
    throw notFound(PLAY_MSG.invalidKit);
  }
  const doc: ResultDoc = {
    id,
    writeKey,
    deviceId: body.deviceId ?? null,
    seq: body.seq ?? null,
    testKitId: body.testKitId,
    kitVersion: kit.version,
    organizationId: body.organizationId ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    firstName: body.firstName ?? null,
    lastName: body.lastName ?? null,
    playedAt: body.playedAt ?? nowIso(),
    answers: body.testResultDetails.map((d) => ({
      scentCardId: d.scentCardsId,
      scentOptionId: d.answerId,
      smellIntensity: d.smellIntensity,
    })),
  };
  // A retry under a stored id is judged on what was stored (see RetryRule).
  const result = await submitResult(db, doc, { inheritStored: { playedAt: !body.playedAt } });
  // Another play under a stored id is refused the same way whoever asks (nothing of it comes back).
  if (result.reason === PLAY_MSG.resultIdInUse) throw warning(PLAY_MSG.resultConflict);
  if (result.outcome === 'rejected') throw invalid(result.reason ?? PLAY_MSG.somethingWrong);
  if (result.outcome === 'conflict' || !result.stored) throw warning(PLAY_MSG.resultConflict);
  const { resultStatus, rightAnswerCount } = result.stored;
  // The key goes back when it is the stored one: stored now, or an identical resend carrying it.
  return {
    resultStatus,
    testResultId: result.stored.id,
    rightAnswerCount,
    writeKey: result.holdsKey ? writeKey : null,
  };
}
