// The trigger-order tables of supabase/schemas (README, "Changing the database") against the
// triggers PostgreSQL has. A table is a comment right above a `create table`:
//
//   -- Triggers on rides, in the order PostgreSQL fires them: <any prose, several lines>
//   --   before insert, each row:
//   --     1. rides_check_return_link (here), only when its condition holds
//   --     2. rides_refuse_suspended (80_moderation.sql)
//   --   after insert, once per statement (<a note>):
//   --     1. rides_count_added (90_admin.sql)
//
// One group per timing, event and level, in the order they fire (before: once per statement,
// then each row; then after: each row, then once per statement; insert, update, delete,
// truncate); in a group, the triggers by name, which is the order PostgreSQL runs them in; beside
// each, the file that creates it ("here": this one) and whether a condition limits it (a WHEN,
// or for its update an `update of <columns>`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import postgres from 'postgres';

export interface Trigger {
  table: string;
  name: string;
  // e.g. "after update, each row"
  groups: string[];
  // A WHEN condition; an `update of <columns>` (which limits only its update).
  when: boolean;
  columns: boolean;
}

const TIMINGS = ['before', 'instead of', 'after'] as const;
const EVENTS = ['insert', 'update', 'delete', 'truncate'] as const;
const LEVELS = ['once per statement', 'each row'] as const;

// Where a group comes among a table's groups: the order they fire in.
function groupRank(group: string): number {
  const match = /^(before|instead of|after) (insert|update|delete|truncate), (each row|once per statement)$/.exec(
    group,
  );
  if (!match) return Number.POSITIVE_INFINITY;
  const timing = TIMINGS.indexOf(match[1] as (typeof TIMINGS)[number]);
  const event = EVENTS.indexOf(match[2] as (typeof EVENTS)[number]);
  let level = LEVELS.indexOf(match[3] as (typeof LEVELS)[number]);
  if (timing === 2) level = 1 - level; // after: each row, then once per statement
  return timing * 100 + level * 10 + event;
}

// pg_trigger's tgtype bits.
const ROW = 1;
const BEFORE = 2;
const INSTEAD = 64;
const EVENT_BITS: [number, (typeof EVENTS)[number]][] = [
  [4, 'insert'],
  [16, 'update'],
  [8, 'delete'],
  [32, 'truncate'],
];

export async function databaseTriggers(url: string): Promise<Trigger[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ table: string; name: string; type: number; when: boolean; columns: boolean }[]>`
      select n.nspname || '.' || c.relname as table, t.tgname as name, t.tgtype::int as type,
             t.tgqual is not null as when, cardinality(t.tgattr::int2[]) > 0 as columns
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where not t.tgisinternal`;
    return rows.map((row) => {
      const timing = row.type & INSTEAD ? 'instead of' : row.type & BEFORE ? 'before' : 'after';
      const level = row.type & ROW ? 'each row' : 'once per statement';
      const groups = EVENT_BITS.filter(([bit]) => row.type & bit).map(([, event]) => `${timing} ${event}, ${level}`);
      return { table: row.table, name: row.name, groups, when: row.when, columns: row.columns };
    });
  } finally {
    await sql.end();
  }
}

export interface TriggerTable {
  table: string;
  file: string;
  line: number;
  // Each group with its lines as written: "rides_check_return_link (here), only when its condition holds".
  groups: { group: string; entries: string[] }[];
  problems: string[];
}

const HEADING = /^-- Triggers on ([a-z0-9_]+), in the order PostgreSQL fires them\b/;
const GROUP =
  /^-- {3}(before|instead of|after) (insert|update|delete|truncate), (each row|once per statement)(?: \(.*\))?:$/;
const ENTRY = /^-- {5}(\d+)\. (.+)$/;
const CREATE_TABLE = /^create (?:unlogged )?table ([a-z0-9_]+)\.([a-z0-9_]+) \($/;

export function schemaTriggerTables(dir: string): TriggerTable[] {
  const tables: TriggerTable[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      const heading = HEADING.exec(lines[i]!);
      if (!heading) continue;
      const table: TriggerTable = { table: heading[1]!, file, line: i + 1, groups: [], problems: [] };
      let j = i + 1;
      // The heading's prose runs on until the first group; an indented line in it is a group
      // written some other way.
      while (j < lines.length && lines[j]!.startsWith('--') && !GROUP.test(lines[j]!)) {
        if (lines[j]!.startsWith('--  ')) table.problems.push(`line ${j + 1} is not a group: ${lines[j]}`);
        j += 1;
      }
      for (; j < lines.length && lines[j]!.startsWith('--'); j += 1) {
        const group = GROUP.exec(lines[j]!);
        const entry = ENTRY.exec(lines[j]!);
        if (group) table.groups.push({ group: `${group[1]} ${group[2]}, ${group[3]}`, entries: [] });
        else if (entry && table.groups.length) {
          const current = table.groups.at(-1)!;
          if (Number(entry[1]) !== current.entries.length + 1) {
            table.problems.push(`line ${j + 1}: numbered ${entry[1]}, expected ${current.entries.length + 1}`);
          }
          current.entries.push(entry[2]!);
        } else table.problems.push(`line ${j + 1} is neither a group nor a numbered trigger: ${lines[j]}`);
      }
      const created = CREATE_TABLE.exec(lines[j] ?? '');
      if (!created || created[2] !== table.table) {
        table.problems.push(`the table must sit right above "create table <schema>.${table.table} ("`);
      } else {
        table.table = `${created[1]}.${created[2]}`;
      }
      tables.push(table);
      i = j;
    }
  }
  return tables;
}

// The file of supabase/schemas that creates each trigger, by table and name.
function triggerFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(
      /^create (?:or replace )?(?:constraint )?trigger ([a-z0-9_]+)\b[^;]*?\bon ([a-z0-9_]+\.[a-z0-9_]+)/gims,
    )) {
      files.set(`${match[2]!.toLowerCase()} ${match[1]!.toLowerCase()}`, file);
    }
  }
  return files;
}

// The file of supabase/schemas that creates `table` (schema.name).
function tableFile(dir: string, table: string): string | undefined {
  const [schema, name] = table.split('.');
  const create = new RegExp(`^create (?:unlogged )?table ${schema}\\.${name} \\(`, 'm');
  return readdirSync(dir).find((file) => file.endsWith('.sql') && create.test(readFileSync(join(dir, file), 'utf8')));
}

// What the comment table of `table` must say, from its triggers.
export function expectedGroups(
  triggers: Trigger[],
  tableFile: string,
  files: Map<string, string>,
): { group: string; entries: string[] }[] {
  const groups = new Map<string, Trigger[]>();
  for (const trigger of triggers) {
    for (const group of trigger.groups) groups.set(group, [...(groups.get(group) ?? []), trigger]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([group, list]) => ({
      group,
      entries: list
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((trigger) => {
          const file = files.get(`${trigger.table} ${trigger.name}`);
          const where = file === tableFile ? 'here' : (file ?? 'not in supabase/schemas');
          const conditional = trigger.when || (trigger.columns && / update, /.test(group));
          return `${trigger.name} (${where})${conditional ? ', only when its condition holds' : ''}`;
        }),
    }));
}

export function formatGroups(groups: { group: string; entries: string[] }[]): string {
  return groups
    .flatMap(({ group, entries }) => [`--   ${group}:`, ...entries.map((entry, i) => `--     ${i + 1}. ${entry}`)])
    .join('\n');
}

// Every way the schema files' trigger tables differ from the triggers: a table missing where two
// triggers share a group, a table that lists other triggers, another order, file or condition.
export function triggerTableProblems(dir: string, triggers: Trigger[]): string[] {
  const files = triggerFiles(dir);
  const tables = schemaTriggerTables(dir);
  const problems: string[] = [];
  const byTable = new Map<string, Trigger[]>();
  for (const trigger of triggers) byTable.set(trigger.table, [...(byTable.get(trigger.table) ?? []), trigger]);
  for (const table of tables) {
    const where = `${table.file}:${table.line} (triggers on ${table.table})`;
    problems.push(...table.problems.map((problem) => `${where}: ${problem}`));
    const expected = expectedGroups(byTable.get(table.table) ?? [], table.file, files);
    // The note in brackets after a group is the author's; only the group itself is compared.
    if (formatGroups(expected) !== formatGroups(table.groups)) {
      problems.push(`${where} should read:\n${formatGroups(expected)}\nnot:\n${formatGroups(table.groups)}`);
    }
  }
  const listed = new Set(tables.map((table) => table.table));
  for (const [table, list] of byTable) {
    if (listed.has(table)) continue;
    const shared = new Map<string, number>();
    for (const trigger of list) for (const group of trigger.groups) shared.set(group, (shared.get(group) ?? 0) + 1);
    if ([...shared.values()].some((count) => count > 1)) {
      const file = tableFile(dir, table) ?? '?';
      problems.push(
        `${table} has several triggers on one event but no table of them above its create table; it fires them so:\n` +
          formatGroups(expectedGroups(list, file, files)),
      );
    }
  }
  return problems;
}
