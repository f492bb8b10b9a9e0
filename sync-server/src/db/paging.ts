import type { Expression, Kysely, OrderByItemBuilder, RawBuilder, SelectQueryBuilder } from 'kysely';
import { dialectOf, escapeLike } from './dialect';

export interface Paging {
  pageNumber: number;
  rowsPerPage: number;
  sortColumns?: { columnName: string; sortOrder: 'asc' | 'desc' }[] | null;
}

/**
 * A sort direction with SQLite's place for NULLs (first ascending, last descending) said out
 * loud, so PostgreSQL (the reverse by default) lists in the same order; SQLite plans it as its
 * default.
 */
const nullsAsSqlite = (order: 'asc' | 'desc') => (ob: OrderByItemBuilder) =>
  order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast();

/**
 * Applies sorting (only through a whitelist mapping the client's column names, any case, to
 * SQL expressions) and paging; runs the count on the same filtered query.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  sortable: Record<string, string>,
  defaultSort: { column: string; order: 'asc' | 'desc' },
): Promise<{ list: O[]; totalCount: number }> {
  const byLower = new Map(Object.entries(sortable).map(([k, v]) => [k.toLowerCase(), v]));
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  let q = query;
  const sorts = (paging.sortColumns ?? []).filter((s) => byLower.has(s.columnName.toLowerCase()));
  for (const s of sorts) q = q.orderBy(byLower.get(s.columnName.toLowerCase()) as any, nullsAsSqlite(s.sortOrder));
  if (!sorts.length) q = q.orderBy(defaultSort.column as any, nullsAsSqlite(defaultSort.order));
  const list = await q
    .limit(paging.rowsPerPage)
    .offset((paging.pageNumber - 1) * paging.rowsPerPage)
    .execute();
  return { list, totalCount: Number((counted as { n?: number } | undefined)?.n ?? 0) };
}

/** A LIKE pattern for "contains `text`". */
export const likeContains = (text: string): string => `%${escapeLike(text)}%`;

/**
 * `expr` contains `text`, ignoring ASCII case, on either engine (db/dialect.ts `like`): the
 * condition of every "part of the field" filter.
 */
export const contains = (
  db: Kysely<any>,
  expr: Expression<unknown> | RawBuilder<unknown>,
  text: string,
): RawBuilder<boolean> => dialectOf(db).like(expr, likeContains(text));
