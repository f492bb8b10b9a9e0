import {
  type DiseaseFilter,
  type FamilyDiseaseFilter,
  INTENSITY_LABELS,
  type RESULT_SORT_COLUMNS,
  resultIdPrefix,
} from '@scentry/shared-schema';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';
import { type Dialect, dialectOf, type ReadCursor, trigramQuery } from '../db/dialect';
import type { Paging } from '../db/paging';
import { likeContains } from '../db/paging';
import { type ResultScope, resultDetails, withNameRule } from './results';

/**
 * The staff's play results (spec §2 /admin/testresult, §7): the list, one result's answers and
 * questionnaire, and the CSV export. Every query of results here starts from `resultConditions`,
 * which puts the caller's scope first, and selects the names only where the name rule allows
 * (list rows also leave through withNameRule).
 */

/** The list's filters, as the database compares them (the request's days already made instants). */
export interface ResultFilter {
  searchText?: string | null;
  testKitIds?: number[] | null;
  resultStatus?: string | null;
  gender?: string | null;
  race?: string | null;
  userDisease?: DiseaseFilter | null;
  userFamilyDisease?: FamilyDiseaseFilter | null;
  ageMin?: number | null;
  ageMax?: number | null;
  /** An Admin's choice of organization; a Client Admin's scope overrides it. */
  organizationId?: number | null;
  /** ISO instants: results played at or after `from` and before `to`. */
  from?: string | null;
  to?: string | null;
}

export type ResultSort = NonNullable<Paging['sortColumns']>;

// The filters' names (spec §7) → the medical form's columns.
const DISEASE_COLUMN: Record<DiseaseFilter | FamilyDiseaseFilter, string> = {
  AlzheimerDisease: 'is_alzheimer_disease',
  ParkinsonDisease: 'is_parkinson_disease',
  HeadInjuriesConcussion: 'is_head_injuries_concussion',
  SinoNasalDisease: 'is_sino_nasal_disease',
  OtherNeurologicalDisorder: 'is_other_neurological_disorder',
  AlzheimerDiseaseInFamily: 'is_alzheimer_disease_in_family',
  ParkinsonDiseaseInFamily: 'is_parkinson_disease_in_family',
  OtherNeurologicalDisorderInFamily: 'is_other_neurological_disorder_in_family',
};

/**
 * The WHERE of every results query: the scope first (a Client Admin's organization, whatever the
 * request names), then the filters. Written against `test_results r` alone, so the count needs
 * no join: the kit and organization names are searched through their own small tables.
 */
function resultConditions(
  dialect: Dialect,
  scope: ResultScope,
  f: ResultFilter,
  { scanInOrder = false }: { scanInOrder?: boolean } = {},
): RawBuilder<SqlBool> | null {
  const conds: RawBuilder<unknown>[] = [];
  // A user outside every organization sees none (-1 matches no row).
  if (!scope.all) conds.push(sql`r.organization_id = ${scope.organizationId ?? -1}`);
  else if (f.organizationId) conds.push(sql`r.organization_id = ${f.organizationId}`);
  if (f.testKitIds?.length) conds.push(sql`r.test_kit_id in (${sql.join(f.testKitIds)})`);
  if (f.resultStatus) conds.push(sql`r.result_status = ${f.resultStatus}`);
  if (f.gender) conds.push(sql`r.gender = ${f.gender}`);
  if (f.race) conds.push(sql`r.race = ${f.race}`);
  if (f.userDisease) conds.push(sql`${sql.ref(`r.${DISEASE_COLUMN[f.userDisease]}`)} = 1`);
  if (f.userFamilyDisease) conds.push(sql`${sql.ref(`r.${DISEASE_COLUMN[f.userFamilyDisease]}`)} = 1`);
  if (f.ageMin != null) conds.push(sql`r.age >= ${f.ageMin}`);
  if (f.ageMax != null) conds.push(sql`r.age <= ${f.ageMax}`);
  if (f.from) conds.push(sql`r.played_at >= ${f.from}`);
  if (f.to) conds.push(sql`r.played_at < ${f.to}`);
  const text = f.searchText?.trim();
  if (text) {
    // With an organization, a kit or a date range the results are already few through their
    // indexes, and checking each one's names is cheaper than building the whole set of matching
    // names first (a common name matches tens of thousands of results at a million).
    const narrowed = !scope.all || !!f.organizationId || !!f.testKitIds?.length || !!f.from || !!f.to;
    // A page of a large match read in the list's order (listResults) checks each result it reads:
    // a page's rows come within a few hundred results, where building the whole set first would
    // read every match's names (~100 ms for 90,000 matches).
    const rows = narrowed || scanInOrder ? null : searchedRows(dialect, scope, text);
    if (rows) conds.push(dialect.inKeys(sql`r.${dialect.resultKey}`, rows));
    else conds.push(searchLike(dialect, scope, text));
  }
  return conds.length ? sql<SqlBool>`${sql.join(conds, sql` and `)}` : null;
}

/** The FTS5 phrase of a search text (db/dialect.ts; kept importable from here for its tests). */
export { trigramQuery };

/**
 * The search text (spec §7): the player's names (`first last`, as one text), the kit's name or the
 * organization's name contain it, ignoring ASCII case (SQLite's LIKE) — and, for a text of 6–36
 * hexadecimal digits and hyphens, the result id starts with it (API.md), ignoring case.
 *
 * From 3 characters on, the rows it selects as one set of rowids, each way through an index: the
 * names through their trigram index (migration 2026-11-26T0500: the text as a phrase; a text with
 * a letter beyond ASCII also checked with the LIKE, so exactly what matched before), the kit and organization
 * through their small tables and the results' kit and organization indexes, the id through the
 * primary key's range. Null below 3 characters (no trigram): searchLike reads the names as before.
 */
function searchedRows(dialect: Dialect, scope: ResultScope, text: string): RawBuilder<unknown> | null {
  const ways = searchWays(dialect, scope, text);
  if (!ways) return null;
  return sql.join(ways.names ? [ways.names, ...ways.others] : ways.others, sql` union `);
}

/**
 * The ways searchedRows finds results, apart: through the names (null where the caller may not
 * see them), and the others (kit, organization, id), each selecting a key as `k`. Null below 3
 * characters.
 */
function searchWays(
  dialect: Dialect,
  scope: ResultScope,
  text: string,
): { names: RawBuilder<unknown> | null; others: RawBuilder<unknown>[] } | null {
  const names = dialect.namesContaining(text);
  if (!names) return null;
  const like = likeContains(text);
  const key = dialect.resultKey;
  const others: RawBuilder<unknown>[] = [
    sql`select n.${key} as k from test_results n
      where n.test_kit_id in (select id from test_kits where ${dialect.like(sql`name`, like)})`,
    sql`select n.${key} as k from test_results n
      where n.organization_id in (select id from organizations where ${dialect.like(sql`name`, like)})`,
  ];
  const idPrefix = resultIdPrefix(text);
  // Ids are stored in lower case; every character after the prefix sorts below '~'.
  if (idPrefix)
    others.push(sql`select n.${key} as k from test_results n where n.id >= ${idPrefix} and n.id < ${`${idPrefix}~`}`);
  // Names the caller may not see cannot be searched either: a match would reveal them.
  return { names: scope.hideNames ? null : names, others };
}

/**
 * How many results the search text alone finds: those found by their names, plus those found
 * another way whose names do not match. Counting the union of the ways instead would gather every
 * key of a common name into one set first (90,000 ids of "Guest Player" at a million: about
 * 55 ms on PostgreSQL, more for a text in 30 % of the names); a kit or organization name rarely
 * matches, and then the second count reads nothing.
 */
async function countSearched(db: Db, dialect: Dialect, scope: ResultScope, text: string): Promise<number | null> {
  const ways = searchWays(dialect, scope, text);
  if (!ways) return null;
  const count = async (query: RawBuilder<unknown>) =>
    Number((await sql<{ n: number }>`${query}`.execute(db)).rows[0]?.n ?? 0);
  const others = sql.join(ways.others, sql` union `);
  if (!ways.names) return count(sql`select count(*) as n from (${others}) as o`);
  return (
    (await count(sql`select count(*) as n from (${ways.names}) as keys`)) +
    (await count(sql`select count(*) as n from (${others}) as o where o.k not in (${ways.names})`))
  );
}

/**
 * The search text checked on each result the other conditions leave: a text of 1–2 characters (no
 * trigram), or a search narrowed by an organization, a kit or dates. The same matches as
 * searchedRows: names, kit, organization and, for 6–36 hexadecimal digits and hyphens, the id's start.
 */
function searchLike(dialect: Dialect, scope: ResultScope, text: string): RawBuilder<unknown> {
  const like = likeContains(text);
  const matches = [
    sql`r.test_kit_id in (select id from test_kits where ${dialect.like(sql`name`, like)})`,
    sql`r.organization_id in (select id from organizations where ${dialect.like(sql`name`, like)})`,
  ];
  // Names the caller may not see cannot be searched either: a match would reveal them.
  if (!scope.hideNames) matches.unshift(dialect.like(sql`(r.first_name || ' ' || r.last_name)`, like));
  const idPrefix = resultIdPrefix(text);
  if (idPrefix) matches.push(sql`(r.id >= ${idPrefix} and r.id < ${`${idPrefix}~`})`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

/** Whether none of `filters` is set (an empty list is none). */
const noneSet = (filters: Partial<ResultFilter>): boolean =>
  Object.values(filters).every((v) => v == null || (Array.isArray(v) && !v.length));

/** Whether the search text is the only condition: the count is then the size of its set of rows. */
function searchAlone(scope: ResultScope, f: ResultFilter): boolean {
  const { searchText, ...rest } = f;
  return scope.all && !!searchText?.trim() && noneSet(rest);
}

// The client's sort names (RESULT_SORT_COLUMNS, any case) → SQL. Names sort ignoring case.
const SORT_SQL: Record<(typeof RESULT_SORT_COLUMNS)[number], string> = {
  created: 'r.played_at',
  firstName: 'lower(r.first_name)',
  lastName: 'lower(r.last_name)',
  testKitName: 'lower(k.name)',
  resultStatus: 'r.result_status',
  answerStatus: 'r.right_answer_count',
  organizationName: 'lower(o.name)',
  age: 'r.age',
};
const SORT_BY_LOWER = new Map(Object.entries(SORT_SQL).map(([k, v]) => [k.toLowerCase(), { key: k, sql: v }]));

/**
 * The ORDER BY: the requested columns (unknown ones ignored; names not at all where the caller may
 * not see them, as their order would reveal them), then newest first, then id, so pages are stable.
 */
function orderByOf(scope: ResultScope, sorts: ResultSort | null | undefined): RawBuilder<unknown> {
  const items: RawBuilder<unknown>[] = [];
  const seen = new Set<string>();
  let createdOrder: 'asc' | 'desc' | null = null;
  for (const s of sorts ?? []) {
    const column = SORT_BY_LOWER.get(s.columnName.toLowerCase());
    if (!column || seen.has(column.key)) continue;
    if (scope.hideNames && (column.key === 'firstName' || column.key === 'lastName')) continue;
    seen.add(column.key);
    const dir = s.sortOrder === 'asc' ? 'asc' : 'desc';
    if (column.key === 'created') createdOrder = dir;
    // NULLs first ascending, last descending: SQLite's order, said out loud for PostgreSQL (whose
    // default is the reverse); SQLite plans it as its default.
    items.push(sql`${sql.raw(column.sql)} ${sql.raw(dir === 'asc' ? 'asc nulls first' : 'desc nulls last')}`);
  }
  if (!createdOrder) items.push(sql`r.played_at desc`);
  items.push(sql`r.id ${sql.raw(createdOrder ?? 'desc')}`);
  return sql.join(items);
}

/** The columns of a list row, names removed where the scope says (the export has its own, positional projection). */
function rowQuery(db: Db, scope: ResultScope) {
  return db
    .selectFrom('testResults as r')
    .leftJoin('testKits as k', 'k.id', 'r.testKitId')
    .leftJoin('organizations as o', 'o.id', 'r.organizationId')
    .select([
      'r.id',
      scope.hideNames ? sql<string | null>`null`.as('firstName') : 'r.firstName',
      scope.hideNames ? sql<string | null>`null`.as('lastName') : 'r.lastName',
      'r.testKitId',
      'k.name as testKitName',
      'r.resultStatus',
      'r.rightAnswerCount as answerStatus',
      'r.playedAt as created',
      'r.organizationId',
      'o.name as organizationName',
      'r.age',
      'r.gender',
      'r.race',
      'r.isAlzheimerDisease',
      'r.isParkinsonDisease',
      'r.isHeadInjuriesConcussion',
      'r.isSinoNasalDisease',
      'r.isOtherNeurologicalDisorder',
      'r.isAlzheimerDiseaseInFamily',
      'r.isParkinsonDiseaseInFamily',
      'r.isOtherNeurologicalDisorderInFamily',
      'r.country',
      'r.state',
      'r.city',
      'r.questionnaireCompleted',
    ]);
}

/** One stored result as the staff's list and export read it (medical flags still as stored). */
export type ResultListRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirst']>>>;

function filteredRows(
  db: Db,
  scope: ResultScope,
  filter: ResultFilter,
  sorts: ResultSort | null | undefined,
  scanInOrder = false,
) {
  const where = resultConditions(dialectOf(db), scope, filter, { scanInOrder });
  const q = rowQuery(db, scope);
  return (where ? q.where(where) : q).orderBy(orderByOf(scope, sorts));
}

/** Whether no filter narrows the results (an Admin's organization choice aside). */
function unfiltered(filter: ResultFilter): boolean {
  const { organizationId, searchText, ...rest } = filter;
  return !searchText?.trim() && noneSet(rest);
}

/**
 * How many results the filters select within the scope (no join: an index count where one fits).
 * Without a filter, the kept count of migration 2026-11-28T1700-result-counts: every result's
 * (org_key 0) or one organization's, a few rows a kit, rather than a count of the table.
 */
export async function countFilteredResults(db: Db, scope: ResultScope, filter: ResultFilter): Promise<number> {
  if (unfiltered(filter)) {
    // A user outside every organization sees none (-1 matches no row).
    const orgKey = scope.all ? (filter.organizationId ?? 0) : (scope.organizationId ?? -1);
    const { rows } = await sql<{ n: number | null }>`select sum(results) as n from result_counts
      where org_key = ${orgKey}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  const dialect = dialectOf(db);
  // Every key the search finds is a stored result (the names index follows the table).
  const searched = searchAlone(scope, filter)
    ? await countSearched(db, dialect, scope, filter.searchText?.trim() ?? '')
    : null;
  if (searched !== null) return searched;
  const where = resultConditions(dialect, scope, filter);
  const q = db.selectFrom('testResults as r').select((eb) => eb.fn.countAll<number>().as('n'));
  const row = await (where ? q.where(where) : q).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Whether a page of a search is read in the list's order rather than through its set of rows: when
 * the set is large and the order is the default one (newest first, the played index's), reading
 * newest first finds a page's rows within a few hundred results; a small set is cheaper sorted.
 */
const SCAN_IN_ORDER_FROM = 2000;
function scansInOrder(filter: ResultFilter, paging: Paging, totalCount: number): boolean {
  const defaultOrder = (paging.sortColumns ?? []).every(
    (s) => s.columnName.toLowerCase() === 'created' && s.sortOrder !== 'asc',
  );
  return (
    !!filter.searchText &&
    defaultOrder &&
    totalCount >= SCAN_IN_ORDER_FROM &&
    paging.pageNumber * paging.rowsPerPage <= 1000
  );
}

/** GetTestResultList: one page of the filtered results within the scope, and their total. */
export async function listResults(
  db: Db,
  scope: ResultScope,
  filter: ResultFilter,
  paging: Paging,
): Promise<{ list: ResultListRecord[]; totalCount: number }> {
  // The count and the page are short reads: no parallel workers on PostgreSQL (dialect.serialReads).
  return dialectOf(db).serialReads(db, async (conn: Db) => {
    const totalCount = await countFilteredResults(conn, scope, filter);
    if (totalCount === 0) return { list: [], totalCount };
    const rows = await filteredRows(conn, scope, filter, paging.sortColumns, scansInOrder(filter, paging, totalCount))
      .limit(paging.rowsPerPage)
      .offset((paging.pageNumber - 1) * paging.rowsPerPage)
      .execute();
    return { list: rows.map((r) => withNameRule(scope, r)), totalCount };
  });
}

/** The id of a result the scope lets the caller see (undefined: unknown, or another organization's). */
export async function findScopedResultId(db: Db, scope: ResultScope, id: string): Promise<string | undefined> {
  let q = db.selectFrom('testResults as r').select('r.id').where('r.id', '=', id);
  if (!scope.all) q = q.where('r.organizationId', '=', scope.organizationId ?? -1);
  return (await q.executeTakeFirst())?.id;
}

/**
 * A result's answers as played, in card order, paged: the card, the answer and its picture as the
 * kit version showed them, the right answer's name (scent options are never hard-deleted), the
 * intensity and whether the answer was right. The caller has checked the scope.
 */
export async function listAnswerDetails(db: Db, resultId: string, paging: Paging) {
  const details = await resultDetails(db, resultId);
  const start = (paging.pageNumber - 1) * paging.rowsPerPage;
  const page = details.slice(start, start + paging.rowsPerPage);
  const correctIds = [...new Set(page.map((d) => d.correctScentOptionId))];
  const titles = new Map(
    correctIds.length
      ? (await db.selectFrom('scentOptions').select(['id', 'title']).where('id', 'in', correctIds).execute()).map(
          (o) => [o.id, o.title],
        )
      : [],
  );
  return {
    list: page.map((d) => ({
      scentCardName: d.scentCardName,
      cardSortOrder: d.cardSortOrder,
      answerName: d.answerName,
      answerStoredPath: d.answerStoredPath,
      correctAnswerName: titles.get(d.correctScentOptionId) ?? null,
      smellIntensity: d.smellIntensity,
      smellIntensityText: INTENSITY_LABELS[d.smellIntensity] ?? String(d.smellIntensity),
      answerStatus: d.isCorrect ? ('Right' as const) : ('Wrong' as const),
    })),
    totalCount: details.length,
  };
}

/** A result's questionnaire answers in the order asked, paged. The caller has checked the scope. */
export async function listQuestionnaireAnswers(db: Db, resultId: string, paging: Paging) {
  const counted = await db
    .selectFrom('questionnaireAnswers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('testResultId', '=', resultId)
    .executeTakeFirst();
  const list = await db
    .selectFrom('questionnaireAnswers')
    .select(['question', 'answer'])
    .where('testResultId', '=', resultId)
    .orderBy('sortOrder')
    .orderBy('id')
    .limit(paging.rowsPerPage)
    .offset((paging.pageNumber - 1) * paging.rowsPerPage)
    .execute();
  return { list, totalCount: Number(counted?.n ?? 0) };
}

/**
 * One export row as read, in the order of EXPORT_CSV_HEADER but with the eight medical flags
 * (0/1, null when not answered: disorders, then family history, as in DISORDER_FLAGS and
 * FAMILY_FLAGS) where the two summaries go. An array, not an object: a million of them are made.
 */
export type ExportValues = [
  created: string,
  firstName: string | null,
  lastName: string | null,
  gender: string | null,
  age: number | null,
  race: string | null,
  isAlzheimerDisease: number | null,
  isParkinsonDisease: number | null,
  isHeadInjuriesConcussion: number | null,
  isSinoNasalDisease: number | null,
  isOtherNeurologicalDisorder: number | null,
  isAlzheimerDiseaseInFamily: number | null,
  isParkinsonDiseaseInFamily: number | null,
  isOtherNeurologicalDisorderInFamily: number | null,
  organizationName: string | null,
  testKitName: string | null,
  resultStatus: string,
];

/**
 * The Extended export's values after ExportValues' (EXPORT_CSV_EXTENDED_COLUMNS): the id, the score,
 * the sum of the answers' intensities (null without answer rows; the CSV divides it by the kit's
 * cards), the place, the coordinates as stored, whether the questionnaire was answered (0/1) and
 * the play time.
 */
export type ExtendedExportValues = [
  ...ExportValues,
  id: string,
  rightAnswerCount: number,
  intensitySum: number | null,
  country: string | null,
  state: string | null,
  city: string | null,
  latitude: number | null,
  longitude: number | null,
  questionnaireCompleted: number,
  playedAt: string,
];

function exportQuery(
  db: Db,
  scope: ResultScope,
  filter: ResultFilter,
  sorts: ResultSort | null | undefined,
  extended: boolean,
) {
  const where = resultConditions(dialectOf(db), scope, filter);
  const pinned = db
    .selectFrom('testResults as r')
    .leftJoin('testKits as k', 'k.id', 'r.testKitId')
    .leftJoin('organizations as o', 'o.id', 'r.organizationId')
    // In ExportValues' order: rows are read as arrays on the streaming path, not as objects.
    .select([
      'r.playedAt as created',
      scope.hideNames ? sql<string | null>`null`.as('firstName') : 'r.firstName',
      scope.hideNames ? sql<string | null>`null`.as('lastName') : 'r.lastName',
      'r.gender',
      'r.age',
      'r.race',
      'r.isAlzheimerDisease',
      'r.isParkinsonDisease',
      'r.isHeadInjuriesConcussion',
      'r.isSinoNasalDisease',
      'r.isOtherNeurologicalDisorder',
      'r.isAlzheimerDiseaseInFamily',
      'r.isParkinsonDiseaseInFamily',
      'r.isOtherNeurologicalDisorderInFamily',
      'o.name as organizationName',
      'k.name as testKitName',
      'r.resultStatus',
    ]);
  // The Extended columns, in ExtendedExportValues' order after the pinned ones.
  const q = extended
    ? pinned.select([
        'r.id',
        'r.rightAnswerCount',
        sql<number | null>`(select a.intensity_sum from test_result_answers a where a.test_result_id = r.id)`.as(
          'intensitySum',
        ),
        'r.country',
        'r.state',
        'r.city',
        'r.latitude',
        'r.longitude',
        'r.questionnaireCompleted',
        'r.playedAt',
      ])
    : pinned;
  return (where ? q.where(where) : q).orderBy(orderByOf(scope, sorts));
}

/** An export's rows, read one at a time (db/dialect.ts ReadCursor). */
export type ResultCursor<Row = ExportValues | ExtendedExportValues> = ReadCursor<Row>;

/**
 * Opens the filtered results for the CSV export (paging ignored), to be read one row at a time:
 * ExportValues, or ExtendedExportValues for the Extended export. The names are removed in the
 * query itself where the scope says.
 *
 * The read runs on a connection of its own, count and rows in one snapshot, so the app's other
 * requests carry on meanwhile (db/dialect.ts openReadCursor says how on each engine).
 */
export async function openResultCursor(
  db: Db,
  scope: ResultScope,
  filter: ResultFilter,
  sorts: ResultSort | null | undefined,
  { extended = false }: { extended?: boolean } = {},
): Promise<ResultCursor<ExportValues | ExtendedExportValues>> {
  const where = resultConditions(dialectOf(db), scope, filter);
  const counter = db.selectFrom('testResults as r').select((eb) => eb.fn.countAll<number>().as('n'));
  const countQuery = (where ? counter.where(where) : counter).compile();
  const rowsQuery = exportQuery(db, scope, filter, sorts, extended).compile();
  return dialectOf(db).openReadCursor<ExportValues | ExtendedExportValues>(db, countQuery, rowsQuery);
}
