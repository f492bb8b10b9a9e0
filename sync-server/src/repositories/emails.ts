import type { Selectable } from 'kysely';
import type { Db, EmailsTable } from '../db/database';

export type EmailRow = Selectable<EmailsTable>;
export type Delivery = NonNullable<EmailRow['delivered']>;

export const findEmail = (db: Db, id: string): Promise<EmailRow | undefined> =>
  db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst();

/** The e-mails to one (lower-cased) recipient claimed at or after `since`: how many, and the oldest's time. */
export async function recipientSince(
  db: Db,
  recipient: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<string | null>('createdAt').as('oldest')])
    .where('recipient', '=', recipient)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

/** The different recipients (lower-cased) a result's report or questionnaire went to (or is going to). */
export async function recipientsOfResult(db: Db, testResultId: string, kind: string): Promise<string[]> {
  const rows = await db
    .selectFrom('emails')
    .select('recipient')
    .distinct()
    .where('testResultId', '=', testResultId)
    .where('kind', '=', kind)
    .execute();
  return rows.map((r) => r.recipient);
}

/** The different recipients one client key e-mailed at or after `since`, each with its latest e-mail's time. */
export async function recipientsOfClientSince(
  db: Db,
  clientKey: string,
  since: string,
): Promise<{ recipient: string; last: string }[]> {
  return db
    .selectFrom('emails')
    .select((eb) => ['recipient', eb.fn.max<string>('createdAt').as('last')])
    .where('clientKey', '=', clientKey)
    .where('createdAt', '>=', since)
    .groupBy('recipient')
    .execute();
}

/** Forgets the client keys of e-mails older than `before`: they count for no cap any more. */
export async function forgetClientKeys(db: Db, before: string): Promise<void> {
  await db
    .updateTable('emails')
    .set({ clientKey: null })
    .where('clientKey', 'is not', null)
    .where('createdAt', '<', before)
    .execute();
}

/** Claims an id (delivered null) unless it is taken: whether this call took it. */
export async function insertEmailClaim(
  db: Db,
  row: Omit<EmailRow, 'delivered' | 'createdAt'> & { createdAt: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('emails')
    .values({ ...row, delivered: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Takes over a claim left unsent since before `staleBefore` (its sender died mid-send): whether
 * this call took it. Its time becomes now, as a fresh claim's would be.
 */
export async function takeOverStaleClaim(db: Db, id: string, staleBefore: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('emails')
    .set({ createdAt: now })
    .where('id', '=', id)
    .where('delivered', 'is', null)
    .where('createdAt', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markDelivered(db: Db, id: string, delivered: Delivery): Promise<void> {
  await db.updateTable('emails').set({ delivered }).where('id', '=', id).execute();
}

/** Gives up a claim whose mail did not go out, so a retry may send it (a sent one is never removed). */
export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db.deleteFrom('emails').where('id', '=', id).where('delivered', 'is', null).execute();
}

/** E-mails claimed and not delivered yet (being sent, or left by a sender that died): how many, and the oldest's claim time. */
export async function pendingEmails(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('createdAt').as('oldest')])
    .where('delivered', 'is', null)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null) ?? null };
}
