import { REPORT_PENDING_MAX } from '@scentry/shared-schema';
import type { LocalDatabase } from './db';
import type { DeviceMark, LocalDevice } from './types';

export type { DeviceMark, LocalDevice };

/**
 * This device's identity and numbering (API.md "Devices: sequences, gaps and reports"): a random
 * `deviceId` and `deviceKey`, and one counter `seq` across every document the device makes
 * (results, questionnaires, medical forms, e-mails), sent at once or queued. They live in the
 * device's database beside the documents they number: event mode's Next player never touches it,
 * and a browser that clears the site's data (or Safari's eviction after 7 days unused) clears
 * both together, so the device comes back as a new one rather than with numbers it cannot account for.
 */
export const DEVICE_DOC = 'this';

/** 144 random bits, base64url (24 characters): the key the server keeps a hash of. */
function makeDeviceKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

async function deviceDoc(db: LocalDatabase) {
  const found = await db.device.findOne(DEVICE_DOC).exec();
  if (found) return found;
  try {
    return await db.device.insert({
      id: DEVICE_DOC,
      deviceId: crypto.randomUUID(),
      deviceKey: makeDeviceKey(),
      lastSeq: 0,
    });
  } catch (err) {
    // Another tab made it first: theirs stands.
    const made = await db.device.findOne(DEVICE_DOC).exec();
    if (made) return made;
    throw err;
  }
}

/** Runs `fn` holding the device's numbering lock across tabs (Web Locks), or as is without them. */
function withSeqLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('scentry-device-seq', fn) as Promise<T>) : fn();
}

/**
 * The next number of this device, for a document about to be made. Atomic across tabs: the
 * increment is a revision-checked write of the device's row (a tab that lost the race reapplies
 * it to the winner's value), under a Web Lock where the browser has one.
 */
export function nextMark(db: LocalDatabase): Promise<DeviceMark> {
  return withSeqLock(async () => {
    const doc = await deviceDoc(db);
    // The number is the one this modifier wrote: RxDB applies queued modifiers one after another
    // and hands every caller the final document (and runs a modifier again after a conflict, so
    // the last run's number is the stored one).
    let mark: DeviceMark = { deviceId: '', seq: 0 };
    await doc.incrementalModify((d) => {
      mark = { deviceId: d.deviceId, seq: d.lastSeq + 1 };
      return { ...d, lastSeq: mark.seq };
    });
    return mark;
  });
}

/** This device as its report names it; null before it made anything. */
export async function findDevice(db: LocalDatabase): Promise<LocalDevice | null> {
  const doc = await db.device.findOne(DEVICE_DOC).exec();
  return doc ? { id: doc.id, deviceId: doc.deviceId, deviceKey: doc.deviceKey, lastSeq: doc.lastSeq } : null;
}

/** The numbers of the documents still unsent on the device, ascending (at most REPORT_PENDING_MAX). */
export async function pendingSeqs(db: LocalDatabase): Promise<number[]> {
  const [results, forms, emails] = await Promise.all([
    db.results.find({ selector: { syncState: 'pending' } }).exec(),
    db.forms.find({ selector: { state: 'pending' } }).exec(),
    db.emails.find({ selector: { state: 'pending' } }).exec(),
  ]);
  const seqs = [...results, ...forms, ...emails]
    .map((d) => (d as unknown as { seq?: number | null }).seq)
    .filter((s): s is number => typeof s === 'number');
  return [...new Set(seqs)].sort((a, b) => a - b).slice(0, REPORT_PENDING_MAX);
}

/** What the device says of itself besides its numbers: its build and, on an event tablet, its name. */
export interface DeviceLabel {
  build: string;
  name: string | null;
}

/** The report (API.md "Devices"); null for a device that has made nothing yet (it is not listed). */
export async function deviceReport(db: LocalDatabase, label: DeviceLabel) {
  const device = await findDevice(db);
  if (!device) return null;
  return {
    deviceId: device.deviceId,
    deviceKey: device.deviceKey,
    build: label.build,
    name: label.name?.trim() ? label.name.trim() : null,
    lastSeq: device.lastSeq,
    pendingSeqs: await pendingSeqs(db),
  };
}
