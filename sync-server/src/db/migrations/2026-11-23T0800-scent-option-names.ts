import { type Kysely, sql } from 'kysely';

/**
 * The key as repositories/scent-options.ts `titleKey` computed it when this migration was written
 * (a migration keeps its own copy: it must do the same thing forever, whatever the live code
 * becomes): NFC, every run of white space one space, trimmed, lower-cased.
 */
const titleKey = (title: string): string => title.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();

/**
 * Scent option names unique ignoring case and white space among live options.
 *
 * A `title_key` column (repositories/scent-options.ts `titleKey`: the name NFC-normalized, every
 * run of white space, a no-break space included, made one space, trimmed and lower-cased in
 * JavaScript, so case is ignored beyond ASCII, which SQLite's lower() is not) under a partial
 * unique index over live options, as `test_kits.name_key` does for kit codes. Titles themselves
 * are left as they were (new saves store them tidied).
 *
 * Duplicates already in an older database are KEPT, not renamed: a rename would change what the
 * kits showing them display (a new kit version for every device) and what old results name. The
 * oldest live option of each name (lowest id) gets the key; its younger twins keep `title_key`
 * NULL, which the index does not constrain (SQLite's NULLs are distinct), so the migration never
 * fails. Such a twin saves again under its own name unchanged (a new picture); renaming it gives
 * it a key and the rule applies. New and renamed options always get a key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE scent_options ADD COLUMN title_key TEXT`.execute(db);
  const { rows } = await sql<{
    id: number;
    title: string;
  }>`SELECT id, title FROM scent_options WHERE deleted_at IS NULL ORDER BY id`.execute(db);
  const taken = new Set<string>();
  for (const { id, title } of rows) {
    const key = titleKey(title);
    if (taken.has(key)) continue;
    taken.add(key);
    await sql`UPDATE scent_options SET title_key = ${key} WHERE id = ${id}`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX scent_options_title_live ON scent_options (title_key) WHERE deleted_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX scent_options_title_live`.execute(db);
  await sql`ALTER TABLE scent_options DROP COLUMN title_key`.execute(db);
}
