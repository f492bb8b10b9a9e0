import { type Kysely, sql } from 'kysely';

/**
 * A schema as both engines can describe it, for the parity test (db/postgres.test.ts): per table,
 * each column's type family, nullability and default; each named index's columns, uniqueness and
 * partial condition; the unique keys (primary keys and UNIQUE constraints, whatever their names);
 * and the foreign keys with their actions. Each engine's words are mapped to one vocabulary, so
 * what is left to differ is a drift.
 */
export interface TableShape {
  columns: Record<string, string>;
  indexes: Record<string, string>;
  uniqueKeys: string[];
  foreignKeys: string[];
}
export type SchemaShape = Record<string, TableShape>;

/** A column type as a family: SQLite's INTEGER is PostgreSQL's bigint, TEXT its text (collate "C"). */
function typeFamily(declared: string): string {
  const t = declared
    .toLowerCase()
    .replace(/\s+collate.*$/, '')
    .trim();
  if (/^(integer|int|bigint|smallint|int8|int4)$/.test(t)) return 'integer';
  if (/^(text|character varying.*|varchar.*)$/.test(t)) return 'text';
  if (/^(real|double precision|float.*|numeric.*)$/.test(t)) return 'real';
  if (/^(blob|bytea)$/.test(t)) return 'blob';
  return `other:${t}`;
}

/**
 * An SQL expression in one spelling: lower case, no quotes, casts, outer or inner parentheses or
 * spaces; "now" in ISO text is one word on both engines (SQLite's strftime, PostgreSQL's to_char).
 */
export function normalizeSql(text: string | null | undefined): string {
  if (text == null) return '';
  let s = text.toLowerCase();
  if (/strftime\('%y-%m-%dt%h:%m:%fz',\s*'now'\)|to_char\(+clock_timestamp\(\)/.test(s)) return 'now';
  s = s
    .replace(/::[a-z ]+(\[\])?/g, '')
    .replace(/\s+collate\s+("c"|nocase|binary)/g, '')
    .replace(/["`]/g, '')
    .replace(/[()\s]/g, '');
  return s;
}

/** The column list of a CREATE INDEX statement, each normalized: "(a, lower(b))" → "a,lowerb". */
function indexColumns(createSql: string): string {
  const on = createSql.search(/\bon\b/i);
  const open = createSql.indexOf('(', on);
  let depth = 0;
  let end = open;
  for (let i = open; i < createSql.length; i++) {
    if (createSql[i] === '(') depth++;
    if (createSql[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  const parts: string[] = [];
  let current = '';
  depth = 0;
  for (const ch of createSql.slice(open + 1, end)) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => normalizeSql(p.replace(/\s+asc\s*$/i, ''))).join(',');
}

const ACTIONS: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** SQLite's schema: `skip` names tables left out (the names search's FTS5 tables). */
export async function sqliteSchema(db: Kysely<any>, skip: RegExp): Promise<SchemaShape> {
  const tables = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table'
      and name not like 'sqlite_%' order by name`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((name) => !skip.test(name));
  const shape: SchemaShape = {};
  for (const table of tables) {
    const columns: Record<string, string> = {};
    const cols = (
      await sql<{ name: string; type: string; notnull: number; dfltValue: string | null; pk: number }>`
        select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(db)
    ).rows;
    // An INTEGER PRIMARY KEY is the rowid: never NULL, numbered by the engine (PostgreSQL's identity).
    const rowid = cols.filter((c) => c.pk).length === 1 && cols.some((c) => c.pk && /^integer$/i.test(c.type));
    for (const c of cols) {
      const identity = rowid && c.pk > 0;
      columns[c.name] = [
        typeFamily(c.type),
        c.notnull || c.pk ? 'not null' : 'null',
        identity ? 'identity' : `default ${normalizeSql(c.dfltValue) || 'none'}`,
      ].join(' ');
    }
    const indexes: Record<string, string> = {};
    const uniqueKeys: string[] = [];
    const list = (
      await sql<{ name: string; unique: number; origin: string; partial: number }>`
        select name, "unique", origin, partial from pragma_index_list(${table})`.execute(db)
    ).rows;
    for (const index of list) {
      if (index.origin === 'c') {
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = ${index.name}`.execute(
          db,
        );
        const text = rows[0].sql;
        const where = index.partial ? normalizeSql(text.slice(text.search(/\bwhere\b/i) + 5)) : '';
        indexes[index.name] =
          `${index.unique ? 'unique ' : ''}(${indexColumns(text)})${where ? ` where ${where}` : ''}`;
      } else {
        const { rows } = await sql<{
          name: string;
        }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
        uniqueKeys.push(rows.map((r) => r.name).join(','));
      }
    }
    if (rowid) uniqueKeys.push(cols.find((c) => c.pk)?.name as string);
    else {
      const pk = cols.filter((c) => c.pk).sort((a, b) => a.pk - b.pk);
      if (pk.length && !uniqueKeys.includes(pk.map((c) => c.name).join(',')))
        uniqueKeys.push(pk.map((c) => c.name).join(','));
    }
    const foreignKeys = (
      await sql<{ table: string; from: string; to: string | null; onUpdate: string; onDelete: string }>`
        select "table", "from", "to", on_update, on_delete from pragma_foreign_key_list(${table})`.execute(db)
    ).rows.map(
      (f) =>
        `${f.from} -> ${f.table}(${f.to ?? 'id'}) on delete ${f.onDelete.toLowerCase()} on update ${f.onUpdate.toLowerCase()}`,
    );
    shape[table] = { columns, indexes, uniqueKeys: [...new Set(uniqueKeys)].sort(), foreignKeys: foreignKeys.sort() };
  }
  return shape;
}

/**
 * PostgreSQL's schema (the current schema); `skipIndexes` and `skipTables` name the indexes and
 * tables it alone has, on purpose.
 */
export async function postgresSchema(
  db: Kysely<any>,
  skipIndexes: Set<string>,
  skipTables?: RegExp,
): Promise<SchemaShape> {
  const cols = (
    await sql<{
      tableName: string;
      columnName: string;
      dataType: string;
      isNullable: string;
      columnDefault: string | null;
      isIdentity: string;
    }>`
      select table_name, column_name, data_type, is_nullable, column_default, is_identity
      from information_schema.columns where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(db)
  ).rows;
  const shape: SchemaShape = {};
  for (const c of cols) {
    if (skipTables?.test(c.tableName)) continue;
    shape[c.tableName] ??= { columns: {}, indexes: {}, uniqueKeys: [], foreignKeys: [] };
    shape[c.tableName].columns[c.columnName] = [
      typeFamily(c.dataType),
      c.isNullable === 'NO' ? 'not null' : 'null',
      c.isIdentity === 'YES' ? 'identity' : `default ${normalizeSql(c.columnDefault) || 'none'}`,
    ].join(' ');
  }
  const indexes = (
    await sql<{
      table: string;
      name: string;
      unique: boolean;
      def: string;
      predicate: string | null;
      constraintType: string | null;
      columns: string;
    }>`
      select t.relname as "table", i.relname as name, x.indisunique as "unique",
        pg_get_indexdef(x.indexrelid) as def, pg_get_expr(x.indpred, x.indrelid) as predicate,
        c.contype as constraint_type,
        (select string_agg(a.attname, ',' order by k.n) from unnest(x.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum) as columns
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace ns on ns.oid = t.relnamespace
      left join pg_constraint c on c.conindid = x.indexrelid and c.contype in ('p', 'u')
      where ns.nspname = current_schema()`.execute(db)
  ).rows;
  for (const index of indexes) {
    const table = shape[index.table];
    if (!table || skipIndexes.has(index.name)) continue;
    if (index.constraintType) table.uniqueKeys.push(index.columns);
    else {
      const where = index.predicate ? normalizeSql(index.predicate) : '';
      table.indexes[index.name] =
        `${index.unique ? 'unique ' : ''}(${indexColumns(index.def.replace(/\busing \w+/i, ''))})${where ? ` where ${where}` : ''}`;
    }
  }
  const keys = (
    await sql<{
      table: string;
      columns: string;
      refTable: string;
      refColumns: string;
      onDelete: string;
      onUpdate: string;
    }>`
      select t.relname as "table", r.relname as ref_table, c.confdeltype as on_delete, c.confupdtype as on_update,
        (select string_agg(a.attname, ',' order by k.n) from unnest(c.conkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns,
        (select string_agg(a.attname, ',' order by k.n) from unnest(c.confkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum) as ref_columns
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_class r on r.oid = c.confrelid
      join pg_namespace ns on ns.oid = t.relnamespace
      where c.contype = 'f' and ns.nspname = current_schema()`.execute(db)
  ).rows;
  for (const k of keys) {
    shape[k.table]?.foreignKeys.push(
      `${k.columns} -> ${k.refTable}(${k.refColumns}) on delete ${ACTIONS[k.onDelete]} on update ${ACTIONS[k.onUpdate]}`,
    );
  }
  for (const table of Object.values(shape)) {
    table.uniqueKeys = [...new Set(table.uniqueKeys)].sort();
    table.foreignKeys.sort();
  }
  return shape;
}
