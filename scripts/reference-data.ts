// The rows a new database holds before anyone uses it: the reference data of the seed files
// (supabase/schemas/seed: throttle limits, reserved names, confusables, the ride lists' shards,
// the first border checklist) and the demo data of supabase/seed.sql. Read from a database,
// compared between two (the migrations' and the schema files'), and written as the statements
// that take one to the other (docs/decisions/0044-reference-data-in-seed-files.md).
// Used by scripts/db-migration.ts and tests/api/schema-matches-migrations.test.ts.
import postgres from 'postgres';

// Tables whose rows the database writes itself, from the other tables' rows: their contents in a
// new database say nothing about the schema (the migration that made community_counts counted
// the rides there were; a new database counts from nought as rows come).
export const KEPT_BY_THE_DATABASE = new Set(['private.community_counts']);

interface Column {
  name: string;
  // As a statement writes it (quote_ident: "position" is a keyword).
  quoted: string;
  // pg_type.typcategory: N numbers and B booleans are written bare, the rest as strings.
  category: string;
  identity: boolean;
}

export interface TableRows {
  // Schema-qualified and quoted as a statement names it.
  table: string;
  // Compared and written: not generated, and not defaulted to the moment or chance (`now()`,
  // `gen_random_uuid()`), which no two databases agree on.
  columns: Column[];
  // The primary key's columns, or none: then a row is known by all its columns.
  key: string[];
  // Each row's columns as text (`value::text`), null as null.
  rows: Record<string, string | null>[];
}

export type ReferenceData = Map<string, TableRows>;

// The user tables (not PostgreSQL's, nor an extension's, nor the migrations' bookkeeping).
const TABLES = `
select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as table,
       n.nspname || '.' || c.relname as name,
       coalesce((
         select json_agg(json_build_object('name', a.attname, 'quoted', quote_ident(a.attname), 'category', t.typcategory,
                                           'identity', a.attidentity <> '') order by a.attnum)
           from pg_attribute a
           join pg_type t on t.oid = a.atttypid
           left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            and not coalesce(
              pg_get_expr(d.adbin, d.adrelid) ~ '\\m(CURRENT_(TIMESTAMP|DATE|TIME|USER|ROLE)|LOCALTIME(STAMP)?|SESSION_USER)\\M'
              or exists (
                select 1
                  from regexp_matches(pg_get_expr(d.adbin, d.adrelid), '([a-z_][a-z0-9_]*)\\(', 'g') as m (f)
                  join pg_proc p on p.proname = m.f[1]
                 where p.provolatile <> 'i'),
              false)
       ), '[]') as columns,
       coalesce((
         select json_agg(a.attname order by k.ord)
           from pg_index i
          cross join unnest(i.indkey::int2[]) with ordinality as k (attnum, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary
       ), '[]') as key
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p') and not c.relispartition
   and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')
   and n.nspname !~ '^pg_(toast_)?temp_'
   and not exists (select 1 from pg_depend e
                    where e.classid = 'pg_class'::regclass and e.objid = c.oid and e.deptype = 'e')
 order by 2`;

// Every user table's rows, as text.
export async function referenceData(url: string): Promise<ReferenceData> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql.unsafe<{ table: string; name: string; columns: Column[]; key: string[] }[]>(TABLES);
    const data: ReferenceData = new Map();
    for (const { table, name, columns, key } of tables) {
      if (KEPT_BY_THE_DATABASE.has(name) || columns.length === 0) continue;
      // An array, not json_build_object: that takes at most 50 columns.
      const fields = columns.map((c) => `${c.quoted}::text`);
      const [row] = await sql.unsafe<{ rows: (string | null)[][] | null }[]>(
        `select json_agg(array[${fields.join(', ')}]) as rows from ${table}`,
      );
      const rows = (row?.rows ?? []).map((values) =>
        Object.fromEntries(columns.map((column, i) => [column.name, values[i] ?? null])),
      );
      if (rows.length === 0) continue;
      // A key column the comparison leaves out cannot tell rows apart.
      const compared = new Set(columns.map((c) => c.name));
      data.set(name, { table, columns, key: key.every((k) => compared.has(k)) ? key : [], rows });
    }
    return data;
  } finally {
    await sql.end();
  }
}

// ------------------------------------------------------------------------------------------------
// What differs

export interface TableChanges {
  name: string;
  table: TableRows;
  added: Record<string, string | null>[];
  removed: Record<string, string | null>[];
  changed: { before: Record<string, string | null>; after: Record<string, string | null>; columns: string[] }[];
}

const keyColumns = (table: TableRows) => (table.key.length ? table.key : table.columns.map((c) => c.name));
const rowKey = (row: Record<string, string | null>, columns: string[]) =>
  JSON.stringify(columns.map((column) => row[column] ?? null));

// What `to` has that `from` has not, has otherwise, or has no more, table by table (a table only
// `from` has is gone with its rows; its drop is the schema's difference, not the data's).
export function referenceChanges(from: ReferenceData, to: ReferenceData, toTables?: Set<string>): TableChanges[] {
  const changes: TableChanges[] = [];
  const names = [...new Set([...from.keys(), ...to.keys()])].sort();
  for (const name of names) {
    const target = to.get(name);
    if (!target && toTables && !toTables.has(name)) continue;
    const source = from.get(name);
    const table = target ?? source!;
    const keys = keyColumns(table);
    const compared = table.columns.map((c) => c.name);
    const before = new Map((source?.rows ?? []).map((row) => [rowKey(row, keys), row]));
    const after = new Map((target?.rows ?? []).map((row) => [rowKey(row, keys), row]));
    const entry: TableChanges = { name, table, added: [], removed: [], changed: [] };
    for (const [key, row] of after) {
      const was = before.get(key);
      if (!was) entry.added.push(row);
      else {
        const columns = compared.filter((column) => (was[column] ?? null) !== (row[column] ?? null));
        if (columns.length) entry.changed.push({ before: was, after: row, columns });
      }
    }
    for (const [key, row] of before) if (!after.has(key)) entry.removed.push(row);
    if (entry.added.length || entry.removed.length || entry.changed.length) changes.push(entry);
  }
  return changes;
}

// ------------------------------------------------------------------------------------------------
// As statements

// A character that would not show in the file (a control, a mark, a space other than ' '): such a
// string is written with Unicode escapes.
const HIDDEN = /[^\P{C}\n]|\p{M}|[^\P{Z} ]/u;

export function literal(value: string | null, column: Column): string {
  if (value === null) return 'null';
  if (column.category === 'B' || (column.category === 'N' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value))) return value;
  if (!HIDDEN.test(value)) return `'${value.replaceAll("'", "''")}'`;
  const escaped = [...value]
    .map((char) => {
      if (char === '\\') return '\\\\';
      if (char === "'") return "''";
      if (!HIDDEN.test(char)) return char;
      const code = char.codePointAt(0)!;
      return code > 0xffff ? `\\+${code.toString(16).padStart(6, '0')}` : `\\${code.toString(16).padStart(4, '0')}`;
    })
    .join('');
  return `U&'${escaped}'`;
}

function where(table: TableRows, row: Record<string, string | null>): string {
  return keyColumns(table)
    .map((name) => {
      const column = table.columns.find((c) => c.name === name)!;
      const value = row[name] ?? null;
      return value === null ? `${column.quoted} is null` : `${column.quoted} = ${literal(value, column)}`;
    })
    .join(' and ');
}

// The deletes, updates and inserts from one side to the other: a row is known by its primary
// key; an identity column is left to its sequence on insert, and an insert whose key is already
// there leaves that row be.
export function referenceStatements(changes: TableChanges[]): string[] {
  const statements: string[] = [];
  for (const { table, removed } of [...changes].reverse()) {
    for (const row of removed) statements.push(`delete from ${table.table} where ${where(table, row)};`);
  }
  for (const { table, changed } of changes) {
    for (const { after, columns } of changed) {
      const set = columns.map((name) => {
        const column = table.columns.find((c) => c.name === name)!;
        return `${column.quoted} = ${literal(after[name] ?? null, column)}`;
      });
      statements.push(`update ${table.table} set ${set.join(', ')} where ${where(table, after)};`);
    }
  }
  for (const { table, added } of changes) {
    if (!added.length) continue;
    const columns = table.columns.filter((c) => !c.identity);
    const values = added.map((row) => `  (${columns.map((c) => literal(row[c.name] ?? null, c)).join(', ')})`);
    statements.push(
      `insert into ${table.table} (${columns.map((c) => c.quoted).join(', ')})\nvalues\n${values.join(',\n')}` +
        `${table.key.length ? '\non conflict do nothing' : ''};`,
    );
  }
  return statements;
}

// "private.throttle_limits (1 added, 2 changed)", for a migration's header.
export function describeChanges(changes: TableChanges[]): string {
  return changes
    .map(({ name, added, changed, removed }) => {
      const counts = [
        added.length ? `${added.length} added` : '',
        changed.length ? `${changed.length} changed` : '',
        removed.length ? `${removed.length} removed` : '',
      ].filter(Boolean);
      return `${name} (${counts.join(', ')})`;
    })
    .join(', ');
}

// The difference for a reader: which rows only one side has, and which columns differ.
export function showChanges(changes: TableChanges[], fromLabel: string, toLabel: string, maxLines = 60): string {
  const lines: string[] = [];
  const show = (row: Record<string, string | null>) => JSON.stringify(row);
  for (const { name, table, added, removed, changed } of changes) {
    lines.push(`${name}:`);
    for (const row of removed) lines.push(`  only ${fromLabel}: ${show(row)}`);
    for (const row of added) lines.push(`  only ${toLabel}: ${show(row)}`);
    for (const { before, after, columns } of changed) {
      const differences = columns.map((c) => `${c} ${JSON.stringify(before[c])} / ${JSON.stringify(after[c])}`);
      lines.push(`  at ${where(table, after)}: ${differences.join(', ')} (${fromLabel} / ${toLabel})`);
    }
  }
  return lines.length <= maxLines
    ? lines.join('\n')
    : `${lines.slice(0, maxLines).join('\n')}\n… ${lines.length - maxLines} more lines`;
}
