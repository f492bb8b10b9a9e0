import { type Selectable, sql } from 'kysely';
import type { Db, DevicesTable } from '../db/database';

/** How a device's document was answered (API.md "Devices"). */
export type RecordOutcome = 'stored' | 'duplicate' | 'conflict' | 'refused';
export type RecordKind = 'result' | 'questionnaire' | 'medical' | 'email';

export interface DeviceRecord {
  deviceId: string;
  seq: number;
  /** The document's id ('' for a direct form call, which has none). */
  documentId: string;
  kind: RecordKind;
  /** The result the document is (or belongs to); scopes it to an organization. */
  resultId: string | null;
  outcome: RecordOutcome;
  reason: string | null;
  at: string;
}

/**
 * Records an answer to a device's document. The first answer to a (device, seq, document) stays:
 * a resend answered again as a duplicate adds nothing. Call in the transaction that stored it.
 */
export async function insertDeviceRecord(db: Db, r: DeviceRecord): Promise<void> {
  // Plain (portable) SQL: it is on the path of every numbered upload (as insertResult).
  await sql`insert into device_records (device_id, seq, document_id, kind, result_id, outcome, reason, at)
    values (${r.deviceId}, ${r.seq}, ${r.documentId}, ${r.kind}, ${r.resultId}, ${r.outcome}, ${r.reason}, ${r.at})
    on conflict (device_id, seq, document_id) do nothing`.execute(db);
}

/** A device's row as read. */
export type DeviceRow = Selectable<DevicesTable>;

export function findDevice(db: Db, deviceId: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();
}

export async function insertDevice(db: Db, row: DeviceRow): Promise<boolean> {
  const r = await db
    .insertInto('devices')
    .values(row)
    .onConflict((oc) => oc.column('deviceId').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateDevice(
  db: Db,
  deviceId: string,
  patch: Partial<Omit<DeviceRow, 'deviceId' | 'keyHash' | 'firstContactAt'>>,
): Promise<void> {
  await db.updateTable('devices').set(patch).where('deviceId', '=', deviceId).execute();
}

/** Every device, or those that sent a result of `organizationId` (a Client Admin's). */
export function devicesInScope(db: Db, organizationId: number | null): Promise<DeviceRow[]> {
  let q = db.selectFrom('devices').selectAll();
  if (organizationId !== null) {
    q = q.where('deviceId', 'in', (eb) =>
      eb
        .selectFrom('deviceRecords as r')
        .innerJoin('testResults as t', 't.id', 'r.resultId')
        .select('r.deviceId')
        .where('r.kind', '=', 'result')
        .where('t.organizationId', '=', organizationId),
    );
  }
  return q.execute();
}

/** The distinct numbers answered for each of `deviceIds`, ascending. */
export async function answeredSeqs(db: Db, deviceIds: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>(deviceIds.map((id) => [id, []]));
  if (!deviceIds.length) return out;
  const rows = await db
    .selectFrom('deviceRecords')
    .select(['deviceId', 'seq'])
    .where('deviceId', 'in', deviceIds)
    .groupBy(['deviceId', 'seq'])
    .orderBy('deviceId')
    .orderBy('seq')
    .execute();
  for (const r of rows) out.get(r.deviceId)?.push(Number(r.seq));
  return out;
}

/**
 * What each device sent that was received (stored or a duplicate of a stored one): the highest
 * number, how many numbers, and the last result's time; of `organizationId`'s results only when given.
 */
export async function receivedOf(
  db: Db,
  deviceIds: string[],
  organizationId: number | null,
): Promise<Map<string, { highestSeq: number | null; count: number; lastResultAt: string | null }>> {
  const out = new Map<string, { highestSeq: number | null; count: number; lastResultAt: string | null }>();
  if (!deviceIds.length) return out;
  let q = db
    .selectFrom('deviceRecords as r')
    .select([
      'r.deviceId',
      (eb) => eb.fn.max('r.seq').as('highestSeq'),
      (eb) => eb.fn.count('r.seq').distinct().as('count'),
      (eb) =>
        eb.fn
          .max(eb.case().when('r.kind', '=', 'result').then(eb.ref('r.at')).else(sql<string>`NULL`).end())
          .as('lastResultAt'),
    ])
    .where('r.deviceId', 'in', deviceIds)
    .where('r.outcome', 'in', ['stored', 'duplicate'])
    .groupBy('r.deviceId');
  if (organizationId !== null) {
    q = q.innerJoin('testResults as t', 't.id', 'r.resultId').where('t.organizationId', '=', organizationId);
  }
  for (const r of await q.execute()) {
    out.set(r.deviceId, {
      highestSeq: r.highestSeq === null ? null : Number(r.highestSeq),
      count: Number(r.count),
      lastResultAt: (r.lastResultAt as string | null) ?? null,
    });
  }
  return out;
}

/**
 * Removes devices not heard from since `before` and the records of devices no longer kept that
 * are older than that (a device that never reported keeps nothing longer). Results stay.
 */
export async function deleteOldDevices(db: Db, before: string): Promise<void> {
  await db.deleteFrom('devices').where('lastContactAt', '<', before).execute();
  await db
    .deleteFrom('deviceRecords')
    .where('at', '<', before)
    .where('deviceId', 'not in', (eb) => eb.selectFrom('devices').select('deviceId'))
    .execute();
}
