import type { Db } from '../db/database';

/** A pending reset link as stored (its token only as a hash). */
export interface ResetTokenRow {
  tokenHash: string;
  userId: number;
  passwordStamp: string;
  expiresAt: string;
}

/**
 * Stores a user's new link and deletes their older ones (a newer link voids the older), together
 * with every expired link of anyone (so the table never grows past the links of the last hour).
 */
export async function replaceResetToken(
  db: Db,
  row: ResetTokenRow & { createdAt: string },
  now: string,
): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('userId', '=', row.userId).execute();
  await db.deleteFrom('passwordResetTokens').where('expiresAt', '<=', now).execute();
  await db.insertInto('passwordResetTokens').values(row).execute();
}

/** Deletes the expired links of anyone: the work a request for an unknown e-mail does too. */
export async function deleteExpiredResetTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('expiresAt', '<=', now).execute();
}

/** Whether the user has a link that still works: not expired, made under their current password (its stamp). */
export async function hasLiveResetToken(db: Db, userId: number, passwordStamp: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select('tokenHash')
    .where('userId', '=', userId)
    .where('passwordStamp', '=', passwordStamp)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findResetToken(db: Db, tokenHash: string): Promise<ResetTokenRow | undefined> {
  return db
    .selectFrom('passwordResetTokens')
    .select(['tokenHash', 'userId', 'passwordStamp', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Takes a link for use: deletes it (with every other link of its user) and says whether it was
 * still there. Inside the reset's transaction, two requests racing with one token cannot both
 * find it: the link works once.
 */
export async function takeResetTokens(db: Db, tokenHash: string, userId: number): Promise<boolean> {
  const taken = await db.deleteFrom('passwordResetTokens').where('tokenHash', '=', tokenHash).executeTakeFirst();
  await db.deleteFrom('passwordResetTokens').where('userId', '=', userId).execute();
  return Number(taken.numDeletedRows) === 1;
}
