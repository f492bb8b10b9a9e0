import { type Answer, type RoleName, seesAllOrganizations } from '@scentry/shared-schema';
import { type Selectable, sql } from 'kysely';
import type { Db, TestResultsTable } from '../db/database';

const RESULT_COLUMNS = [
  'id',
  'testKitId',
  'kitVersion',
  'organizationId',
  'latitude',
  'longitude',
  'firstName',
  'lastName',
  'playedAt',
  'resultStatus',
  'rightAnswerCount',
  'playHash',
  'playedAtAdjusted',
  'writeKeyHash',
] as const;

/** A stored result's own row (its answers are detail rows). */
export type ResultRow = Selectable<Pick<TestResultsTable, (typeof RESULT_COLUMNS)[number]>>;

export const findResult = (db: Db, id: string): Promise<ResultRow | undefined> =>
  db.selectFrom('testResults').select(RESULT_COLUMNS).where('id', '=', id).executeTakeFirst();

/**
 * One answer as stored: the card, answer and picture as the kit version showed them. A result's
 * answers are one row, this list as JSON in card order (migration 2026-11-28T1800-answers-row).
 */
export interface ResultDetail {
  scentCardId: number;
  scentCardName: string;
  cardSortOrder: number;
  scentOptionId: number;
  answerName: string;
  answerStoredPath: string | null;
  correctScentOptionId: number;
  smellIntensity: number;
  isCorrect: boolean;
}

/** A result's stored answers as played, in card order ([] for an unknown result). */
export async function resultDetails(db: Db, id: string): Promise<ResultDetail[]> {
  const row = await db
    .selectFrom('testResultAnswers')
    .select('answers')
    .where('testResultId', '=', id)
    .executeTakeFirst();
  return row ? (JSON.parse(row.answers) as ResultDetail[]) : [];
}

/** The stored answers of a result, in card order. */
export async function resultAnswers(db: Db, id: string): Promise<Answer[]> {
  return (await resultDetails(db, id)).map(({ scentCardId, scentOptionId, smellIntensity }) => ({
    scentCardId,
    scentOptionId,
    smellIntensity,
  }));
}

/** A result to store: its row and the place of its position (reverse geocoded once, at insert). */
export type NewResultRow = ResultRow & Pick<Selectable<TestResultsTable>, 'country' | 'state' | 'city'>;

/**
 * Inserts a result unless its id is taken (then another writer's row stands): whether it was
 * inserted. Plain (portable) SQL: this is the hot path of every upload, and Kysely's builder
 * would cost more than the writes themselves.
 */
export async function insertResult(db: Db, row: NewResultRow): Promise<boolean> {
  const inserted = await sql<{ id: string }>`insert into test_results
      (id, test_kit_id, kit_version, organization_id, latitude, longitude, country, state, city,
       first_name, last_name, played_at, result_status, right_answer_count, play_hash, played_at_adjusted,
       write_key_hash)
    values (${row.id}, ${row.testKitId}, ${row.kitVersion}, ${row.organizationId}, ${row.latitude},
      ${row.longitude}, ${row.country}, ${row.state}, ${row.city}, ${row.firstName}, ${row.lastName},
      ${row.playedAt}, ${row.resultStatus}, ${row.rightAnswerCount}, ${row.playHash}, ${row.playedAtAdjusted},
      ${row.writeKeyHash})
    on conflict (id) do nothing
    returning id`.execute(db);
  return inserted.rows.length > 0;
}

/** Stores a result's answers (one row: the list in card order as JSON, and the intensities' sum). */
export async function insertResultDetails(db: Db, resultId: string, details: ResultDetail[]): Promise<void> {
  if (!details.length) return;
  const ordered = details
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.cardSortOrder - b.d.cardSortOrder || a.i - b.i)
    .map(({ d }) => ({
      scentCardId: d.scentCardId,
      scentCardName: d.scentCardName,
      cardSortOrder: d.cardSortOrder,
      scentOptionId: d.scentOptionId,
      answerName: d.answerName,
      answerStoredPath: d.answerStoredPath,
      correctScentOptionId: d.correctScentOptionId,
      smellIntensity: d.smellIntensity,
      isCorrect: d.isCorrect,
    }));
  const intensitySum = details.reduce((sum, d) => sum + d.smellIntensity, 0);
  await sql`insert into test_result_answers (test_result_id, answers, intensity_sum)
    values (${resultId}, ${JSON.stringify(ordered)}, ${intensitySum})`.execute(db);
}

/** Whether the result's questionnaire is completed; undefined for an unknown result. */
export async function questionnaireCompleted(db: Db, id: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('testResults')
    .select('questionnaireCompleted')
    .where('id', '=', id)
    .executeTakeFirst();
  return row && row.questionnaireCompleted === 1;
}

/**
 * What of the results a signed-in user may see (issue 11), decided once here so every result
 * query applies it by construction: an Admin sees every organization's results; anyone else only
 * their own organization's (none without one); and where that organization does not disclose
 * player names, the names are removed by the server, not hidden by a table.
 */
export interface ResultScope {
  /** null: every organization. */
  organizationId: number | null;
  all: boolean;
  hideNames: boolean;
}

export function resultScope(user: {
  roleName: RoleName;
  organizationId: number | null;
  discloseUserDetails: boolean;
}): ResultScope {
  if (seesAllOrganizations(user.roleName)) return { all: true, organizationId: null, hideNames: false };
  return { all: false, organizationId: user.organizationId, hideNames: !user.discloseUserDetails };
}

/** A result row as the scope lets it be seen: the player's names removed when they are not disclosed. */
export function withNameRule<T extends { firstName?: string | null; lastName?: string | null }>(
  scope: ResultScope,
  row: T,
): T {
  return scope.hideNames ? { ...row, firstName: null, lastName: null } : row;
}

/** What VerifyResult shows of a stored result: status, right answers, kit name, play time; nothing else. */
export function verifiedResult(db: Db, id: string) {
  return db
    .selectFrom('testResults as r')
    .innerJoin('testKits as k', 'k.id', 'r.testKitId')
    .select(['r.resultStatus', 'r.rightAnswerCount', 'r.playedAt', 'k.name as testKitName'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
