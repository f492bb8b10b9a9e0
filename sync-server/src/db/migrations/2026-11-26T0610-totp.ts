import { type Kysely, sql } from 'kysely';

/**
 * Two-step sign-in (TOTP, issue 25; API.md "Staff sign-in").
 *
 * - users: the secret (encrypted with AES-256-GCM under a key kept outside the database: TOTP_KEY
 *   or DATA_DIR/totp-key), the secret being set up (encrypted the same way, until confirmed with a
 *   code), when TOTP was turned on (NULL: off) and the last time step accepted (no replay).
 * - totp_recovery_codes: ten per user, stored as a keyed hash (never the code), each used once.
 * - totp_challenges: the second step of a sign-in. A table rather than memory: a challenge is used
 *   once and dies after 5 wrong codes even across a restart or with two server processes, and the
 *   count is kept atomically by the database. Rows are a few per sign-in and deleted once expired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN totp_secret TEXT`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN totp_pending_secret TEXT`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN totp_enabled_at TEXT`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN totp_last_step INTEGER`.execute(db);
  await sql`CREATE TABLE totp_recovery_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    code_hash TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    used_at TEXT
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX totp_recovery_codes_user_hash ON totp_recovery_codes (user_id, code_hash)`.execute(db);
  await sql`CREATE TABLE totp_challenges (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    token_version INTEGER NOT NULL,
    device_id TEXT,
    expires_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    used_at TEXT
  )`.execute(db);
  await sql`CREATE INDEX totp_challenges_expires ON totp_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE totp_challenges`.execute(db);
  await sql`DROP TABLE totp_recovery_codes`.execute(db);
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending_secret', 'totp_secret'])
    await sql.raw(`ALTER TABLE users DROP COLUMN ${column}`).execute(db);
}
