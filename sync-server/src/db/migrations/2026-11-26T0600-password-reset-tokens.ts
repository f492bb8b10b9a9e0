import { type Kysely, sql } from 'kysely';

/**
 * Password reset links (issue 25). A link's token is random (32 bytes) and only its SHA-256 is
 * stored: whoever reads the database (or a backup) cannot use a pending link. `password_stamp` is
 * a SHA-256 of the user's password hash when the link was made: any later password change (their
 * own, an Admin's, another reset) makes it differ, voiding the link without every writer of
 * passwords having to know this table. A newer link deletes the older rows of the user; a used
 * link is deleted with them. `expires_at` is ISO UTC (one hour after `created_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE password_reset_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    password_stamp TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id)`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_expires ON password_reset_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE password_reset_tokens`.execute(db);
}
