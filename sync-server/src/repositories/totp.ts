import type { Db } from '../db/database';
import { inTransaction, nowIso } from '../db/database';

/** What the TOTP calls read of a user: the encrypted secrets and the last accepted step. */
export interface TotpState {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

export async function findTotpState(db: Db, userId: number): Promise<TotpState | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['totpSecret', 'totpPendingSecret', 'totpEnabledAt', 'totpLastStep'])
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      secret: row.totpSecret,
      pendingSecret: row.totpPendingSecret,
      enabledAt: row.totpEnabledAt,
      lastStep: row.totpLastStep,
    }
  );
}

/** The secret being set up (encrypted); replaces any earlier one not confirmed. */
export async function setPendingTotpSecret(db: Db, userId: number, encrypted: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totpPendingSecret: encrypted, updatedAt: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records `step` as the last accepted one when it is later than the stored one: false when another
 * request took that step (or a later one) first, so one code signs in once however it is raced.
 */
export async function takeTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totpLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Turns TOTP on with the pending secret (which must still be `pendingSecret`, so a set-up started
 * meanwhile is not confirmed by this code) and stores the new recovery codes' hashes, replacing any.
 */
export async function enableTotp(
  db: Db,
  userId: number,
  pendingSecret: string,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const r = await trx
      .updateTable('users')
      .set({
        totpSecret: pendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: nowIso(),
        totpLastStep: step,
        updatedAt: nowIso(),
      })
      .where('id', '=', userId)
      .where('totpPendingSecret', '=', pendingSecret)
      .where('totpEnabledAt', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await replaceCodes(trx, userId, codeHashes);
    return true;
  });
}

async function replaceCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('totpRecoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('totpRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })))
    .execute();
}

/** New recovery codes for a user: the old ones, used or not, stop working. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await inTransaction(db, (trx) => replaceCodes(trx, userId, codeHashes));
}

/** Uses a recovery code once: false when it is not one of the user's or was used already. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const r = await db
    .updateTable('totpRecoveryCodes')
    .set({ usedAt: nowIso() })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Recovery codes not used yet. */
export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('totpRecoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Turns TOTP off: secret, set-up, step and recovery codes gone, challenges of the user voided.
 * `endSessions` also ends every session of the user (an Admin's clear: the phone may be in other
 * hands); the user's own turning off keeps their sessions.
 */
export async function clearTotp(db: Db, userId: number, endSessions: boolean): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: nowIso(),
        ...(endSessions ? { tokenVersion: eb('tokenVersion', '+', 1), keptTokenId: null } : {}),
      }))
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('totpRecoveryCodes').where('userId', '=', userId).execute();
    await trx.deleteFrom('totpChallenges').where('userId', '=', userId).execute();
  });
}

export interface NewChallenge {
  id: string;
  userId: number;
  tokenVersion: number;
  deviceId: string | null;
  expiresAt: number;
}

/** Stores a challenge, and deletes the expired ones (a few rows per sign-in: the table stays small). */
export async function insertChallenge(db: Db, challenge: NewChallenge, now = Date.now()): Promise<void> {
  await db.deleteFrom('totpChallenges').where('expiresAt', '<=', now).execute();
  await db
    .insertInto('totpChallenges')
    .values({ ...challenge, attempts: 0, usedAt: null })
    .execute();
}

export interface ChallengeRow {
  userId: number;
  tokenVersion: number;
  deviceId: string | null;
}

/**
 * Counts one attempt on a live challenge (unused, unexpired, fewer than `maxAttempts` so far) and
 * returns it; undefined when the challenge is dead. Counted before the code is checked, so a burst
 * of guesses in parallel gets no more checks than the limit.
 */
export async function countChallengeAttempt(
  db: Db,
  id: string,
  maxAttempts: number,
  now = Date.now(),
): Promise<ChallengeRow | undefined> {
  return db
    .updateTable('totpChallenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['userId', 'tokenVersion', 'deviceId'])
    .executeTakeFirst();
}

/** Marks a challenge used: false when another request used it first. */
export async function useChallenge(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('totpChallenges')
    .set({ usedAt: nowIso() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
