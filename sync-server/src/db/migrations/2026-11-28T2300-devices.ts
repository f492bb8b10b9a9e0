import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Devices (issue 43; API.md "Devices: sequences, gaps and reports").
 *
 * - `devices`: one row a device that sent a keyed report: the SHA-256 of its key (the first
 *   report's), its build and tablet name, its last report's `lastSeq` and `pendingSeqs` (JSON),
 *   since when something has been waiting on it, and the missing numbers its staff dismissed
 *   (JSON ranges `[[from, to], …]`).
 * - `device_records`: every (deviceId, seq) the server answered, with the document, its kind, the
 *   result it belongs to and the outcome (stored, duplicate, conflict, refused with its reason):
 *   written in the transaction that stored the document, so a stored document always has its
 *   record. A seq used twice by one device is two rows (the clash is kept, nothing refused). One
 *   row a stored document: the one write its store adds (SaveTestResult's cost, docs/performance.md).
 */
const DEVICES = `CREATE TABLE devices (
  device_id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL,
  build TEXT NOT NULL,
  name TEXT,
  last_seq INTEGER NOT NULL,
  pending_seqs TEXT NOT NULL,
  pending_since TEXT,
  dismissed TEXT NOT NULL DEFAULT '[]',
  first_contact_at TEXT NOT NULL,
  last_contact_at TEXT NOT NULL
)`;

const RECORDS = `CREATE TABLE device_records (
  device_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  document_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  result_id TEXT,
  outcome TEXT NOT NULL,
  reason TEXT,
  at TEXT NOT NULL,
  PRIMARY KEY (device_id, seq, document_id)
)`;

async function create(db: Kysely<any>, recordsSuffix: string): Promise<void> {
  await sql.raw(DEVICES).execute(db);
  await sql.raw(`${RECORDS}${recordsSuffix}`).execute(db);
}

async function drop(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE device_records`.execute(db);
  await sql`DROP TABLE devices`.execute(db);
}

// SQLite: the records keyed by their primary key alone (no rowid b-tree to write as well).
export const up = (db: Kysely<any>) => create(db, ' WITHOUT ROWID');
export const down = drop;

export const postgres: Migration = { up: (db) => create(db, ''), down: drop };
