import { type Kysely, sql } from 'kysely';

/**
 * The data model of spec §3. Frozen once landed: later changes go in new migrations.
 * Nothing a stored result references is ever hard-deleted (`deleted_at` hides it instead).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('roles')
    .values([
      { id: 1, name: 'Admin' },
      { id: 2, name: 'Client Admin' },
      { id: 3, name: 'User' },
    ])
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('website', 'text')
    .addColumn('address', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('client_type', 'text', (c) => c.notNull().defaultTo('Organization'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disclose_user_details', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  // E-mails are stored lower-cased; unique among users that are not deleted.
  await sql`CREATE UNIQUE INDEX users_email_live ON users (email) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('scent_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('stored_path', 'text', (c) => c.notNull())
    .addColumn('original_file_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('test_kits')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    // The kit code compared ignoring case (DESIGN.md §7).
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pass_threshold', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX test_kits_name_live ON test_kits (name_key) WHERE deleted_at IS NULL`.execute(db);

  // Each version's snapshot of a kit (cards, options, answer key): results are judged against the
  // version they were played on.
  await db.schema
    .createTable('kit_versions')
    .addColumn('test_kit_id', 'integer', (c) => c.notNull().references('test_kits.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('kit_versions_pk', ['test_kit_id', 'version'])
    .execute();

  await db.schema
    .createTable('scent_cards')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('test_kit_id', 'integer', (c) => c.notNull().references('test_kits.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('correct_scent_option_id', 'integer', (c) => c.references('scent_options.id'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('scent_cards_kit').on('scent_cards').column('test_kit_id').execute();

  await db.schema
    .createTable('scent_card_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('scent_card_id', 'integer', (c) => c.notNull().references('scent_cards.id'))
    .addColumn('scent_option_id', 'integer', (c) => c.notNull().references('scent_options.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('scent_card_options_card').on('scent_card_options').column('scent_card_id').execute();

  await db.schema
    .createTable('test_results')
    // The UUID made by the device that played it: a retried upload is recognised.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('test_kit_id', 'integer', (c) => c.notNull().references('test_kits.id'))
    .addColumn('kit_version', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id'))
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('country', 'text')
    .addColumn('state', 'text')
    .addColumn('city', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addColumn('result_status', 'text', (c) => c.notNull())
    .addColumn('right_answer_count', 'integer', (c) => c.notNull())
    // Canonical hash of the play (kit, version, answers, playedAt): an identical resend is a no-op.
    .addColumn('play_hash', 'text', (c) => c.notNull())
    .addColumn('age', 'integer')
    .addColumn('gender', 'text')
    .addColumn('race', 'text')
    .addColumn('is_alzheimer_disease', 'integer')
    .addColumn('is_parkinson_disease', 'integer')
    .addColumn('is_head_injuries_concussion', 'integer')
    .addColumn('is_sino_nasal_disease', 'integer')
    .addColumn('is_other_neurological_disorder', 'integer')
    .addColumn('is_alzheimer_disease_in_family', 'integer')
    .addColumn('is_parkinson_disease_in_family', 'integer')
    .addColumn('is_other_neurological_disorder_in_family', 'integer')
    .addColumn('medical_updated_at', 'text')
    .addColumn('questionnaire_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('test_results_played_at').on('test_results').column('played_at').execute();
  await db.schema.createIndex('test_results_org').on('test_results').column('organization_id').execute();
  await db.schema.createIndex('test_results_kit').on('test_results').column('test_kit_id').execute();

  // One row per answered card, with the names and picture as played (the record survives edits).
  await db.schema
    .createTable('test_result_details')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('test_result_id', 'text', (c) => c.notNull().references('test_results.id'))
    .addColumn('scent_card_id', 'integer', (c) => c.notNull())
    .addColumn('scent_card_name', 'text', (c) => c.notNull())
    .addColumn('card_sort_order', 'integer', (c) => c.notNull())
    .addColumn('scent_option_id', 'integer', (c) => c.notNull())
    .addColumn('answer_name', 'text', (c) => c.notNull())
    .addColumn('answer_stored_path', 'text')
    .addColumn('correct_scent_option_id', 'integer', (c) => c.notNull())
    .addColumn('smell_intensity', 'integer', (c) => c.notNull())
    .addColumn('is_correct', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('test_result_details_result')
    .on('test_result_details')
    .column('test_result_id')
    .execute();

  await db.schema
    .createTable('questionnaire_answers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('test_result_id', 'text', (c) => c.notNull().references('test_results.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('questionnaire_answers_result')
    .on('questionnaire_answers')
    .column('test_result_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be reverted');
}
