import { createHash, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_MSG,
  DEVICE_RETENTION_DAYS,
  type DeviceListRequest,
  type DeviceRow as DeviceListRow,
  type DeviceReport,
  deviceIdSchema,
  type ListResult,
  MISSING_SEQS_SHOWN,
  MSG,
  NEW_DEVICES_PER_ADDRESS_DAY,
  PENDING_ATTENTION_MS,
  SEQ_GAP_WINDOW,
  seqSchema,
} from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { forbidden, notFound, tooMany } from '../lib/errors';
import type { Counters } from '../limits/counters';
import {
  answeredSeqs,
  type DeviceRow,
  deleteOldDevices,
  devicesInScope,
  findDevice,
  insertDevice,
  insertDeviceRecord,
  type RecordKind,
  type RecordOutcome,
  receivedOf,
  updateDevice,
} from '../repositories/devices';
import { audit } from './audit';
import type { Origin } from './caller';

/**
 * Devices (API.md "Devices: sequences, gaps and reports"): what each device numbered, what the
 * server answered for each number, the device's reports of what it still holds, and the gaps
 * between them.
 */

/** `deviceId` and `seq` of a document or an online call. */
export interface DeviceMark {
  deviceId: string;
  seq: number;
}

/** The mark of a parsed document or body: both fields, or none. */
export const markOf = (v: { deviceId?: string | null; seq?: number | null }): DeviceMark | null =>
  v.deviceId && typeof v.seq === 'number' ? { deviceId: v.deviceId, seq: v.seq } : null;

/**
 * The mark of a document refused before it could be parsed: its `deviceId` and `seq` (any case)
 * when they are themselves well formed, else none (a refusal is recorded only under a sound mark).
 */
export function looseMark(doc: unknown): DeviceMark | null {
  if (doc === null || typeof doc !== 'object') return null;
  const field = (name: string) => {
    const key = Object.keys(doc).find((k) => k.toLowerCase() === name);
    return key === undefined ? undefined : (doc as Record<string, unknown>)[key];
  };
  const id = deviceIdSchema.safeParse(field('deviceid'));
  const seq = seqSchema.safeParse(field('seq'));
  return id.success && seq.success ? { deviceId: id.data, seq: seq.data } : null;
}

/** An answer to a marked document, as recorded. */
export interface Answer {
  kind: RecordKind;
  documentId: string | null;
  resultId: string | null;
  outcome: RecordOutcome;
  reason?: string | null;
}

/**
 * Records the server's answer to a device's numbered document (nothing for an unmarked one). In
 * the transaction that stored it (`db` a transaction's handle) wherever there is one.
 */
export async function recordAnswer(db: Db, mark: DeviceMark | null, answer: Answer): Promise<void> {
  if (!mark) return;
  await insertDeviceRecord(db, {
    deviceId: mark.deviceId,
    seq: mark.seq,
    documentId: answer.documentId?.toLowerCase() ?? '',
    kind: answer.kind,
    resultId: answer.resultId?.toLowerCase() ?? null,
    outcome: answer.outcome,
    reason: answer.reason ?? null,
    at: new Date().toISOString(),
  });
}

/**
 * Records the refusal of a document that could not be parsed (a push's row, an online call's
 * body), under its loose mark; the document's id and result as sent, when they are text.
 */
export async function recordRefusal(db: Db, doc: unknown, kind: RecordKind, reason: string): Promise<void> {
  const mark = looseMark(doc);
  if (!mark) return;
  const text = (name: string): string | null => {
    const fields = doc as Record<string, unknown>;
    const key = Object.keys(fields).find((k) => k.toLowerCase() === name);
    const v = key === undefined ? undefined : fields[key];
    return typeof v === 'string' ? v.slice(0, 100) : null;
  };
  const documentId = text('id');
  await recordAnswer(db, mark, {
    kind,
    documentId,
    resultId: kind === 'result' ? documentId : text('testresultid'),
    outcome: 'refused',
    reason,
  });
}

// ── Reports ─────────────────────────────────────────────────────────────────

const keyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const DAY_MS = 86_400_000;
const SWEEP_EVERY_MS = 60 * 60_000;
let lastSweepAt = Number.NEGATIVE_INFINITY;

/**
 * A device's report: the first one of an id keeps its key's hash (a later one with another key is
 * refused, 403), and a client address brings at most NEW_DEVICES_PER_ADDRESS_DAY new ids a day
 * (429). At most once an hour a report also removes devices not heard from for
 * DEVICE_RETENTION_DAYS, with their records (never their results).
 */
export async function reportDevice(
  db: Db,
  /** Where new devices per address are counted; null: not counted (RATE_LIMITS=off). */
  counters: Counters | null,
  report: DeviceReport,
  ip: string,
  now: number = Date.now(),
): Promise<void> {
  const at = new Date(now).toISOString();
  const hash = keyHash(report.deviceKey);
  const pending = [...new Set(report.pendingSeqs)].sort((a, b) => a - b);
  const known = await findDevice(db, report.deviceId);
  if (known && !sameHash(known.keyHash, hash)) throw forbidden(DEVICE_MSG.notAllowed);
  if (!known && counters) {
    const taken = await counters.hit([{ key: `device-new:${ip}`, limit: NEW_DEVICES_PER_ADDRESS_DAY }], DAY_MS, now);
    if (!taken.ok) throw tooMany(MSG.tooManyRequests, taken.retryAfterSeconds);
  }
  await inTransaction(db, async (trx) => {
    const row = await findDevice(trx, report.deviceId);
    const fields = {
      build: report.build,
      name: report.name || null,
      lastSeq: report.lastSeq,
      pendingSeqs: JSON.stringify(pending),
      lastContactAt: at,
    };
    if (!row) {
      const made = await insertDevice(trx, {
        deviceId: report.deviceId,
        keyHash: hash,
        ...fields,
        pendingSince: pending.length ? at : null,
        dismissed: '[]',
        firstContactAt: at,
      });
      if (made) return;
      // Another instance made it meanwhile: its key stands.
      const other = await findDevice(trx, report.deviceId);
      if (!other || !sameHash(other.keyHash, hash)) throw forbidden(DEVICE_MSG.notAllowed);
      await updateDevice(trx, report.deviceId, { ...fields, pendingSince: pending.length ? at : null });
      return;
    }
    if (!sameHash(row.keyHash, hash)) throw forbidden(DEVICE_MSG.notAllowed);
    await updateDevice(trx, report.deviceId, {
      ...fields,
      pendingSince: pending.length ? (row.pendingSince ?? at) : null,
    });
  });
  if (now - lastSweepAt >= SWEEP_EVERY_MS) {
    lastSweepAt = now;
    await deleteOldDevices(db, new Date(now - DEVICE_RETENTION_DAYS * DAY_MS).toISOString());
  }
}

// ── Gaps ────────────────────────────────────────────────────────────────────

type Range = [number, number];

/** Sorted, merged ranges (adjacent ones joined). */
function merge(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export interface Gaps {
  /** The numbers looked at: 1 to `upTo`. */
  upTo: number;
  count: number;
  /** The first MISSING_SEQS_SHOWN missing numbers. */
  first: number[];
  /** Every missing number, as ranges. */
  ranges: Range[];
}

/**
 * A device's gaps (API.md "Devices"): every number from 1 to max(the highest answered, the last
 * report's lastSeq) with no answer, not waiting on the device (the last report's pendingSeqs) and
 * not dismissed. Answered numbers above lastSeq + SEQ_GAP_WINDOW count for no gap. Computed on
 * ranges, so a number of any size costs nothing.
 */
export function gapsOf(input: { answered: number[]; lastSeq: number; pending: number[]; dismissed: Range[] }): Gaps {
  const ceiling = input.lastSeq + SEQ_GAP_WINDOW;
  let highest = 0;
  for (const s of input.answered) if (s <= ceiling && s > highest) highest = s;
  const upTo = Math.max(highest, input.lastSeq);
  const covered = merge([
    ...input.answered.filter((s) => s <= upTo).map((s): Range => [s, s]),
    ...input.pending.filter((s) => s <= upTo).map((s): Range => [s, s]),
    ...input.dismissed.map(([a, b]): Range => [Math.max(1, a), Math.min(upTo, b)]),
  ]);
  const ranges: Range[] = [];
  let next = 1;
  for (const [a, b] of covered) {
    if (a > next) ranges.push([next, a - 1]);
    next = Math.max(next, b + 1);
  }
  if (next <= upTo) ranges.push([next, upTo]);
  let count = 0;
  const first: number[] = [];
  for (const [a, b] of ranges) {
    count += b - a + 1;
    for (let s = a; s <= b && first.length < MISSING_SEQS_SHOWN; s++) first.push(s);
  }
  return { upTo, count, first, ranges };
}

const parseSeqs = (json: string): number[] => {
  const v = JSON.parse(json) as unknown;
  return Array.isArray(v) ? v.filter((s): s is number => Number.isInteger(s)) : [];
};
const parseRanges = (json: string): Range[] => {
  const v = JSON.parse(json) as unknown;
  return Array.isArray(v)
    ? v.filter((r): r is Range => Array.isArray(r) && Number.isInteger(r[0]) && Number.isInteger(r[1]))
    : [];
};

const deviceGaps = (row: DeviceRow, answered: number[]): Gaps =>
  gapsOf({
    answered,
    lastSeq: row.lastSeq,
    pending: parseSeqs(row.pendingSeqs),
    dismissed: parseRanges(row.dismissed),
  });

// ── The devices screen ──────────────────────────────────────────────────────

/** Whose devices a caller sees: all (Admin), or those that sent a result of their organization. */
export interface DeviceScope {
  organizationId: number | null;
}

const SORTABLE: Record<string, (r: DeviceListRow) => string | number> = {
  name: (r) => (r.name ?? '').toLowerCase(),
  build: (r) => r.build.toLowerCase(),
  lastcontactat: (r) => r.lastContactAt,
  pending: (r) => r.pending,
  missingcount: (r) => r.missingCount,
  lastresultat: (r) => r.lastResultAt ?? '',
};

/**
 * GetDeviceList: each device with what waits on it and what never arrived; "Needs attention" =
 * something waiting for over an hour, or anything missing. Newest contact first by default. For a
 * Client Admin, what was received and the last result count only their organization's documents;
 * gaps and pending are bare numbers.
 */
export async function listDevices(
  db: Db,
  scope: DeviceScope,
  request: DeviceListRequest,
  now: number = Date.now(),
): Promise<ListResult<DeviceListRow>> {
  const devices = await devicesInScope(db, scope.organizationId);
  const ids = devices.map((d) => d.deviceId);
  const answered = await answeredSeqs(db, ids);
  const received = await receivedOf(db, ids, scope.organizationId);
  let rows: DeviceListRow[] = devices.map((d) => {
    const gaps = deviceGaps(d, answered.get(d.deviceId) ?? []);
    const got = received.get(d.deviceId);
    return {
      deviceId: d.deviceId,
      name: d.name,
      build: d.build,
      lastContactAt: d.lastContactAt,
      pending: parseSeqs(d.pendingSeqs).length,
      lastSeq: d.lastSeq,
      highestSeqReceived: got?.highestSeq ?? null,
      receivedCount: got?.count ?? 0,
      missingCount: gaps.count,
      missingSeqs: gaps.first,
      lastResultAt: got?.lastResultAt ?? null,
      pendingSince: d.pendingSince,
    } as DeviceListRow & { pendingSince: string | null };
  });
  const filter = request.filter ?? {};
  if (filter.needsAttention) {
    rows = rows.filter((r) => {
      const since = (r as DeviceListRow & { pendingSince: string | null }).pendingSince;
      const waitingLong = r.pending > 0 && since !== null && now - Date.parse(since) > PENDING_ATTENTION_MS;
      return waitingLong || r.missingCount > 0;
    });
  }
  const text = filter.searchText?.trim().toLowerCase();
  if (text) {
    rows = rows.filter(
      (r) => (r.name ?? '').toLowerCase().includes(text) || r.build.toLowerCase().includes(text) || r.deviceId === text,
    );
  }
  const sort = request.sortColumns?.find((c) => SORTABLE[c.columnName.toLowerCase()]);
  const key = sort ? SORTABLE[sort.columnName.toLowerCase()] : SORTABLE.lastcontactat;
  const dir = sort ? (sort.sortOrder === 'desc' ? -1 : 1) : -1;
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir || a.deviceId.localeCompare(b.deviceId);
  });
  const start = (request.pageNumber - 1) * request.rowsPerPage;
  const list = rows.slice(start, start + request.rowsPerPage).map((r) => {
    const { pendingSince: _p, ...row } = r as DeviceListRow & { pendingSince: string | null };
    return row;
  });
  return { list, totalCount: rows.length };
}

/**
 * DismissGaps: today's missing numbers of a device the caller sees are marked as known (they no
 * longer count; a number that goes missing later does). Audited, in the change's transaction.
 */
export async function dismissGaps(db: Db, origin: Origin, scope: DeviceScope, deviceId: string): Promise<void> {
  const visible = (await devicesInScope(db, scope.organizationId)).some((d) => d.deviceId === deviceId);
  if (!visible) throw notFound(DEVICE_MSG.unknownDevice);
  await inTransaction(db, async (trx) => {
    const row = await findDevice(trx, deviceId);
    if (!row) throw notFound(DEVICE_MSG.unknownDevice);
    const gaps = deviceGaps(row, (await answeredSeqs(trx, [deviceId])).get(deviceId) ?? []);
    const dismissed = merge([...parseRanges(row.dismissed), ...gaps.ranges]);
    await updateDevice(trx, deviceId, { dismissed: JSON.stringify(dismissed) });
    await audit(trx, origin, 'update', 'device', deviceId, {
      detail: `dismissed ${gaps.count} missing record${gaps.count === 1 ? '' : 's'}`,
    });
  });
}
