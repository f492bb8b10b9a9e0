import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Names in the player's language (issue 41, API.md "Names in the player's language"): a scent
 * option's and a scent card's name in other languages, as JSON text `{"es": "…"}`, NULL when
 * staff gave none (i18n/local-names.ts reads and writes it). Kit versions made from here carry
 * them in their snapshot; older snapshots have none and show the name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE scent_options ADD COLUMN names TEXT`.execute(db);
  await sql`ALTER TABLE scent_cards ADD COLUMN names TEXT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE scent_cards DROP COLUMN names`.execute(db);
  await sql`ALTER TABLE scent_options DROP COLUMN names`.execute(db);
}

/** The same columns on PostgreSQL (text, collate "C" as every text column there). */
export const postgres: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`ALTER TABLE scent_options ADD COLUMN names text COLLATE "C"`.execute(db);
    await sql`ALTER TABLE scent_cards ADD COLUMN names text COLLATE "C"`.execute(db);
  },
  down,
};
