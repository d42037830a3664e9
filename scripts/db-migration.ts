// `npm run db:migration -- <name>`: the migration from supabase/migrations to supabase/schemas,
// written as supabase/migrations/<version>_<name>.sql
// (docs/decisions/0041-migrations-generated-from-the-schema.md).
//
//   node --import tsx scripts/db-migration.ts <name> [--schemas-dir DIR] [--out-dir DIR]
//
// On the PostgreSQL server in TEST_DATABASE_URL it builds one scratch database from the
// migrations and one from the schema files and diffs them with migra (@pgkit/migra). What migra
// leaves out or writes in another form comes from the schema files and the catalogue instead:
//   - a changed or new function, policy or trigger: its statement as the schema file writes it;
//   - a new object's grants and revokes: the schema file's (they name Supabase's roles, which a
//     local server grants nothing by default);
//   - every other privilege and every comment: the difference between the two catalogues;
//   - a value added to an enum: `alter type ... add value`, where migra recreates the type.
// The result is then applied to a fresh copy of the migrations and must give the schema files'
// `pg_dump --schema-only`; when it does not, the file is still written and the difference printed.
// Nothing is written when the two already agree. The scratch databases are dropped in every case.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import postgres from 'postgres';

import { MIGRATIONS_DIR } from '../server/migrate.ts';
import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import {
  describeChanges,
  referenceChanges,
  type ReferenceData,
  referenceData,
  referenceStatements,
  showChanges,
  type TableChanges,
} from './reference-data.ts';
import {
  applyMigrations,
  applySchemaFiles,
  catalogue,
  schemaFiles,
  SCHEMAS_DIR,
  type ScratchDatabase,
  scratchDatabase,
  unifiedDiff,
} from './schema-diff.ts';
import {
  type FunctionTarget,
  inputArguments,
  splitStatements,
  type Statement,
  statementShape,
} from './sql-statements.ts';

const NAME = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
const VERSION = /^(\d{14})_[a-z0-9_]+\.sql$/;

export interface MigrationOptions {
  serverUrl: string;
  name: string;
  schemasDir?: string;
  outDir?: string;
  now?: Date;
  log?: (line: string) => void;
}

export type MigrationResult =
  | { status: 'no change' }
  | { status: 'written'; file: string }
  | { status: 'incomplete'; file: string; problem: string };

// ------------------------------------------------------------------------------------------------
// What each database holds

// Schemas that are the app's (not PostgreSQL's, nor the migration bookkeeping only one side has).
const USER_NAMESPACES = `
  select n.oid from pg_namespace n
   where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')
     and n.nspname !~ '^pg_(toast_)?temp_'`;
const NOT_EXTENSION = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${catalog}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;
const STANDALONE_TYPE = `(t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and exists (
  select 1 from pg_class r where r.oid = t.typrelid and r.relkind = 'c')))`;

// One row per object: its key (pg_identify_object's type and identity), its owner object (a
// column's, constraint's, index's, policy's or trigger's table), what defines it, and for a
// function or trigger the text migra writes for it.
const INVENTORY = `
with ns as (${USER_NAMESPACES}),
objects(classid, objid, subid, parent, sname, def, text) as (
  select 'pg_namespace'::regclass, n.oid, 0, null::oid, n.nspname::text, ''::text, null::text
    from pg_namespace n where n.oid in (select oid from ns) and ${NOT_EXTENSION('pg_namespace', 'n.oid')}
  union all
  select 'pg_extension'::regclass, x.oid, 0, null, x.extname::text, x.extversion || ' in ' || x.extnamespace::regnamespace::text, null
    from pg_extension x
  union all
  select 'pg_class'::regclass, c.oid, 0, null, n.nspname || '.' || c.relname,
         concat_ws(' ', c.relkind, c.relpersistence, c.relrowsecurity, c.relforcerowsecurity, c.reloptions::text,
                   case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end,
                   (select row(s.seqtypid::regtype, s.seqstart, s.seqincrement, s.seqmax, s.seqmin, s.seqcache, s.seqcycle)::text
                      from pg_sequence s where s.seqrelid = c.oid)), null
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relnamespace in (select oid from ns) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     and ${NOT_EXTENSION('pg_class', 'c.oid')}
     and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'i')
  union all
  select 'pg_class'::regclass, a.attrelid, a.attnum::int, a.attrelid, n.nspname || '.' || c.relname,
         concat_ws(' ', row_number() over (partition by a.attrelid order by a.attnum), format_type(a.atttypid, a.atttypmod),
                   case when a.attnotnull then 'not null' end, 'default ' || pg_get_expr(d.adbin, d.adrelid),
                   nullif(a.attidentity, ''), nullif(a.attgenerated, ''),
                   case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end), null
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where c.relnamespace in (select oid from ns) and c.relkind in ('r', 'p', 'f') and a.attnum > 0 and not a.attisdropped
     and ${NOT_EXTENSION('pg_class', 'c.oid')}
  union all
  select 'pg_constraint'::regclass, k.oid, 0, nullif(k.conrelid, 0), k.conname::text,
         pg_get_constraintdef(k.oid) || case when k.convalidated then '' else ' not valid' end, null
    from pg_constraint k where k.connamespace in (select oid from ns) and ${NOT_EXTENSION('pg_constraint', 'k.oid')}
  union all
  select 'pg_class'::regclass, i.indexrelid, 0, i.indrelid, n.nspname || '.' || c.relname, pg_get_indexdef(i.indexrelid), null
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
   where c.relnamespace in (select oid from ns) and ${NOT_EXTENSION('pg_class', 'c.oid')}
     and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x'))
  union all
  select 'pg_proc'::regclass, p.oid, 0, null, n.nspname || '.' || p.proname,
         case when p.prokind = 'a' then '' else pg_get_functiondef(p.oid) end,
         pg_get_function_arguments(p.oid) || ' returns ' || coalesce(pg_get_function_result(p.oid), '')
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where p.pronamespace in (select oid from ns) and ${NOT_EXTENSION('pg_proc', 'p.oid')}
  union all
  select 'pg_type'::regclass, t.oid, 0, null, n.nspname || '.' || t.typname,
         case t.typtype
           when 'e' then (select string_agg(quote_literal(l.enumlabel), ', ' order by l.enumsortorder) from pg_enum l where l.enumtypid = t.oid)
           when 'd' then concat_ws(' ', format_type(t.typbasetype, t.typtypmod), t.typnotnull, t.typdefault)
           when 'r' then (select row(g.rngsubtype::regtype, g.rngcollation, g.rngsubopc, g.rngcanonical, g.rngsubdiff)::text from pg_range g where g.rngtypid = t.oid)
           else (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                   from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)
         end, null
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
   where t.typnamespace in (select oid from ns) and ${STANDALONE_TYPE} and ${NOT_EXTENSION('pg_type', 't.oid')}
  union all
  select 'pg_policy'::regclass, p.oid, 0, p.polrelid, p.polname || ' on ' || n.nspname || '.' || c.relname,
         concat_ws(' ', p.polcmd, p.polpermissive,
                   (select string_agg(case when r = 0 then 'public' else pg_get_userbyid(r)::text end, ',' order by 1) from unnest(p.polroles) r),
                   pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid)), null
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
   where c.relnamespace in (select oid from ns)
  union all
  select 'pg_trigger'::regclass, g.oid, 0, g.tgrelid, g.tgname || ' on ' || n.nspname || '.' || c.relname,
         pg_get_triggerdef(g.oid) || ' ' || g.tgenabled::text, pg_get_triggerdef(g.oid)
    from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
   where not g.tgisinternal and c.relnamespace in (select oid from ns)
)
select o.classid::regclass::text as catalog, i.type, i.identity,
       case when o.parent is not null then (select p.type || ' ' || p.identity from pg_identify_object('pg_class'::regclass, o.parent, 0) p) end as parent,
       case when o.classid = 'pg_proc'::regclass then o.objid::regprocedure::text end as signature,
       o.sname, o.def, o.text
  from objects o, pg_identify_object(o.classid, o.objid, o.subid) i`;

interface CatalogueObject {
  key: string;
  catalog: string;
  type: string;
  identity: string;
  parent: string | null;
  // A function's name and argument types (regprocedure), for SQL and for the header.
  signature: string | null;
  // schema.name as stored (for a policy or trigger, `name on schema.table`): what the schema
  // files' statements are matched by.
  sname: string;
  def: string;
  // A function's arguments and result; a trigger's definition.
  text: string | null;
}

// Every privilege as one row: the object, how a grant names it, a column, a grantee, a privilege.
const PRIVILEGES = `
with ns as (${USER_NAMESPACES}),
acls(classid, objid, kw, target, col, acl) as (
  select 'pg_class'::regclass, c.oid, case when c.relkind = 'S' then 'sequence' else 'table' end, c.oid::regclass::text, null::text,
         coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner))
    from pg_class c where c.relnamespace in (select oid from ns) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     and ${NOT_EXTENSION('pg_class', 'c.oid')}
  union all
  select 'pg_class'::regclass, c.oid, 'table', c.oid::regclass::text, quote_ident(a.attname), a.attacl
    from pg_attribute a join pg_class c on c.oid = a.attrelid
   where c.relnamespace in (select oid from ns) and a.attnum > 0 and not a.attisdropped and a.attacl is not null
     and ${NOT_EXTENSION('pg_class', 'c.oid')}
  union all
  select 'pg_proc'::regclass, p.oid, case when p.prokind = 'p' then 'procedure' else 'function' end, p.oid::regprocedure::text, null,
         coalesce(p.proacl, acldefault('f', p.proowner))
    from pg_proc p where p.pronamespace in (select oid from ns) and ${NOT_EXTENSION('pg_proc', 'p.oid')}
  union all
  select 'pg_namespace'::regclass, n.oid, 'schema', quote_ident(n.nspname), null, coalesce(n.nspacl, acldefault('n', n.nspowner))
    from pg_namespace n where n.oid in (select oid from ns) and ${NOT_EXTENSION('pg_namespace', 'n.oid')}
  union all
  select 'pg_type'::regclass, t.oid, 'type', t.oid::regtype::text, null, coalesce(t.typacl, acldefault('T', t.typowner))
    from pg_type t where t.typnamespace in (select oid from ns) and ${STANDALONE_TYPE} and ${NOT_EXTENSION('pg_type', 't.oid')}
)
select i.type || ' ' || i.identity as key, a.kw, a.target, a.col,
       case when x.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(x.grantee)) end as grantee,
       lower(x.privilege_type) as privilege, x.is_grantable as grantable
  from acls a, pg_identify_object(a.classid, a.objid, 0) i, aclexplode(a.acl) x`;

interface Privilege {
  key: string;
  kw: string;
  target: string;
  col: string | null;
  grantee: string;
  privilege: string;
  grantable: boolean;
}

// Every comment on an object of the app's (oids from 16384 on are not PostgreSQL's own).
const COMMENTS = `
select i.type, i.identity, case when d.classoid = 'pg_proc'::regclass then d.objoid::regprocedure::text end as signature,
       d.description
  from pg_description d, pg_identify_object(d.classoid, d.objoid, d.objsubid) i
 where d.objoid >= 16384 or d.classoid = 'pg_namespace'::regclass`;

interface Comment {
  type: string;
  identity: string;
  signature: string | null;
  description: string;
}

interface Snapshot {
  objects: Map<string, CatalogueObject>;
  privileges: Privilege[];
  comments: Map<string, Comment>;
}

async function withConnection<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Every name written out in full, as the migrations write them.
    await sql.unsafe(`set search_path = ''`);
    return await work(sql);
  } finally {
    await sql.end();
  }
}

async function snapshot(url: string): Promise<Snapshot> {
  return withConnection(url, async (sql) => {
    const objects = new Map<string, CatalogueObject>();
    for (const row of await sql.unsafe<Omit<CatalogueObject, 'key'>[]>(INVENTORY)) {
      objects.set(`${row.type} ${row.identity}`, { ...row, key: `${row.type} ${row.identity}` });
    }
    const privileges = await sql.unsafe<Privilege[]>(PRIVILEGES);
    const comments = new Map<string, Comment>();
    for (const row of await sql.unsafe<Comment[]>(COMMENTS)) comments.set(`${row.type} ${row.identity}`, row);
    return { objects, privileges: [...privileges], comments };
  });
}

// How the header and the generated statements name an object.
function displayName(object: { type: string; identity: string; signature: string | null }): string {
  if (object.signature)
    return `${object.type === 'procedure' ? 'procedure' : 'function'} ${object.signature.replaceAll(',', ', ')}`;
  const kind = {
    'table column': 'column',
    'view column': 'column',
    'table constraint': 'constraint',
    'composite type': 'type',
  }[object.type];
  return `${kind ?? object.type} ${object.identity}`;
}

// `comment on <what>` for an object pg_identify_object names.
function commentTarget(comment: Comment): string {
  if (comment.type === 'domain constraint')
    return `constraint ${comment.identity.replace(/ on (?=[^ ]+$)/, ' on domain ')}`;
  return displayName(comment);
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

// ------------------------------------------------------------------------------------------------
// What differs

interface Differences {
  added: CatalogueObject[];
  changed: CatalogueObject[];
  dropped: CatalogueObject[];
  privilegesOf: string[];
  commentsOn: string[];
}

function differences(from: Snapshot, to: Snapshot): Differences {
  const added = [...to.objects.values()].filter((object) => !from.objects.has(object.key));
  const dropped = [...from.objects.values()].filter((object) => !to.objects.has(object.key));
  const changed = [...to.objects.values()].filter((object) => {
    const before = from.objects.get(object.key);
    return before !== undefined && before.def !== object.def;
  });
  const grantsOf = (snap: Snapshot) => {
    const byKey = new Map<string, string[]>();
    for (const p of snap.privileges) {
      const list = byKey.get(p.key) ?? [];
      list.push(`${p.col} ${p.grantee} ${p.privilege} ${p.grantable}`);
      byKey.set(p.key, list);
    }
    return new Map([...byKey].map(([key, list]) => [key, list.sort().join('\n')]));
  };
  const [grantsFrom, grantsTo] = [grantsOf(from), grantsOf(to)];
  const privilegesOf = [...grantsTo.keys()].filter(
    (key) => grantsFrom.has(key) && grantsFrom.get(key) !== grantsTo.get(key),
  );
  const commentsOn = [...new Set([...from.comments.keys(), ...to.comments.keys()])].filter(
    (key) =>
      from.objects.has(key) &&
      to.objects.has(key) &&
      from.comments.get(key)?.description !== to.comments.get(key)?.description,
  );
  return { added, changed, dropped, privilegesOf, commentsOn };
}

// ------------------------------------------------------------------------------------------------
// The schema files' statements, by the object they make or grant on

interface SchemaStatement {
  file: string;
  statement: Statement;
}

class SchemaIndex {
  readonly #functions = new Map<string, SchemaStatement[]>();
  readonly #policies = new Map<string, SchemaStatement>();
  readonly #triggers = new Map<string, SchemaStatement>();
  // A privilege statement under every sname it names, with its targets.
  readonly #privileges: {
    entry: SchemaStatement;
    targets: { catalog: string; sname: string; fn?: FunctionTarget }[];
  }[] = [];
  readonly #declared: Snapshot;
  readonly #url: string;

  constructor(dir: string, declared: Snapshot, url: string) {
    this.#declared = declared;
    this.#url = url;
    for (const file of schemaFiles(dir)) {
      for (const statement of splitStatements(readFileSync(join(dir, file), 'utf8'))) {
        const entry = { file, statement };
        const shape = statementShape(statement);
        if (shape.kind === 'function') {
          const sname = `${shape.target.schema}.${shape.target.name}`;
          this.#functions.set(sname, [...(this.#functions.get(sname) ?? []), entry]);
        } else if (shape.kind === 'policy') this.#policies.set(`${shape.name} on ${shape.table}`, entry);
        else if (shape.kind === 'trigger') this.#triggers.set(`${shape.name} on ${shape.table}`, entry);
        else if (shape.kind === 'privilege') {
          this.#privileges.push({
            entry,
            targets: shape.targets.map((target) =>
              target.kind === 'function'
                ? { catalog: 'pg_proc', sname: `${target.target.schema}.${target.target.name}`, fn: target.target }
                : {
                    catalog: { relation: 'pg_class', schema: 'pg_namespace', type: 'pg_type' }[target.kind],
                    sname: target.name,
                  },
            ),
          });
        }
      }
    }
  }

  #objectsNamed(catalog: string, sname: string): CatalogueObject[] {
    return [...this.#declared.objects.values()].filter(
      (object) => object.catalog === catalog && object.sname === sname && object.parent === null,
    );
  }

  // The function a statement names: by its name, or where overloaded, by its argument types (a
  // probe function with the same arguments, rolled back).
  async #functionKey(target: FunctionTarget): Promise<string | undefined> {
    const candidates = this.#objectsNamed('pg_proc', `${target.schema}.${target.name}`);
    if (candidates.length <= 1) return candidates[0]?.key;
    const rollback = new Error('rollback');
    let found: string | undefined;
    await withConnection(this.#url, async (sql) => {
      await sql
        .begin(async (tx) => {
          await tx.unsafe(
            `create function pg_temp.fc_probe(${inputArguments(target.args)}) returns void language plpgsql as $probe$begin end$probe$`,
          );
          const [row] = await tx.unsafe<{ key: string }[]>(
            `select i.type || ' ' || i.identity as key
               from pg_proc p, pg_identify_object('pg_proc'::regclass, p.oid, 0) i
              where p.pronamespace = $1::regnamespace and p.proname = $2
                and p.proargtypes = (select proargtypes from pg_proc where oid = 'pg_temp.fc_probe'::regproc)`,
            [target.schema, target.name],
          );
          found = row?.key;
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
    });
    return found;
  }

  async functionStatement(key: string): Promise<SchemaStatement | undefined> {
    const object = this.#declared.objects.get(key);
    if (!object) return undefined;
    for (const entry of this.#functions.get(object.sname) ?? []) {
      const shape = statementShape(entry.statement);
      if (shape.kind === 'function' && (await this.#functionKey(shape.target)) === key) return entry;
    }
    return undefined;
  }

  policyStatement(key: string): SchemaStatement | undefined {
    const object = this.#declared.objects.get(key);
    return object && this.#policies.get(object.sname);
  }

  triggerStatement(key: string): SchemaStatement | undefined {
    const object = this.#declared.objects.get(key);
    return object && this.#triggers.get(object.sname);
  }

  // The grants and revokes on any of `keys`, in the order of the schema files.
  async privilegeStatements(keys: Set<string>): Promise<SchemaStatement[]> {
    const wanted = new Set(
      [...keys].map((key) => this.#declared.objects.get(key)).map((o) => o && `${o.catalog} ${o.sname}`),
    );
    const found: SchemaStatement[] = [];
    for (const { entry, targets } of this.#privileges) {
      for (const target of targets) {
        if (!wanted.has(`${target.catalog} ${target.sname}`)) continue;
        const key = target.fn
          ? await this.#functionKey(target.fn)
          : this.#objectsNamed(target.catalog, target.sname).find((o) => o.catalog === target.catalog)?.key;
        if (key && keys.has(key)) {
          found.push(entry);
          break;
        }
      }
    }
    return found;
  }
}

const asWritten = ({ statement }: SchemaStatement) =>
  statement.leadingComment ? `${statement.leadingComment}\n${statement.text}` : statement.text;

// ------------------------------------------------------------------------------------------------
// The statements

// `alter type ... add value` for each enum whose values only grew (migra renames the type and
// makes it again, which breaks on every function and policy comparing its values).
async function enumAdditions(fromUrl: string, toUrl: string): Promise<string[]> {
  const labels = (url: string) =>
    withConnection(url, async (sql) => {
      const rows = await sql.unsafe<{ name: string; labels: string[] }[]>(`
        select t.oid::regtype::text as name, array_agg(l.enumlabel::text order by l.enumsortorder) as labels
          from pg_type t join pg_enum l on l.enumtypid = t.oid
         where t.typnamespace in (${USER_NAMESPACES}) group by t.oid`);
      return new Map(rows.map((row) => [row.name, row.labels]));
    });
  const [before, after] = await Promise.all([labels(fromUrl), labels(toUrl)]);
  const statements: string[] = [];
  for (const [name, target] of after) {
    const current = before.get(name);
    if (!current || current.join('\n') === target.join('\n')) continue;
    const kept = target.filter((label) => current.includes(label));
    if (kept.join('\n') !== current.join('\n')) continue; // a value removed or moved: migra's way
    target.forEach((label, i) => {
      if (current.includes(label)) return;
      statements.push(
        i === 0
          ? `alter type ${name} add value ${literal(label)} before ${literal(target[1]!)};`
          : `alter type ${name} add value ${literal(label)} after ${literal(target[i - 1]!)};`,
      );
    });
  }
  return statements;
}

async function migraStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  const options = { pgpOptions: { initialize: { noWarnings: true } } };
  const [from, to] = [createClient(fromUrl, options), createClient(toUrl, options)];
  try {
    const migration = await Migration.create(from, to, { exclude_schema: ['supabase_migrations'] });
    migration.set_safety(false);
    migration.add_all_changes(false);
    return migration.statements.array.map((statement) => statement.trim());
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

const normalise = (text: string) => text.trim().replace(/;$/, '').trim();

// The difference in privileges as grants and revokes, object by object.
function privilegeChanges(from: Snapshot, to: Snapshot): string[] {
  const id = (p: Privilege) => [p.key, p.col ?? '', p.grantee, p.privilege].join('\u0000');
  const has = (list: Privilege[]) => new Map(list.map((p) => [id(p), p]));
  // Only objects both sides have: a dropped one's privileges go with it, a missing one's cannot be given.
  const [fromKeys, toKeys] = [new Set(from.privileges.map((p) => p.key)), new Set(to.privileges.map((p) => p.key))];
  const before = has(from.privileges.filter((p) => toKeys.has(p.key)));
  const after = has(to.privileges.filter((p) => fromKeys.has(p.key)));
  // One statement per verb, object, column and grantee, naming each of its privileges.
  const statements = new Map<string, { verb: string; p: Privilege; privileges: string[] }>();
  const add = (verb: string, p: Privilege) => {
    const key = [verb, p.key, p.col ?? '', p.grantee].join('\u0000');
    const entry = statements.get(key) ?? { verb, p, privileges: [] };
    entry.privileges.push(p.privilege);
    statements.set(key, entry);
  };
  for (const [key, p] of before) {
    const now = after.get(key);
    if (!now) add('revoke', p);
    else if (p.grantable && !now.grantable) add('revoke grant option for', p);
  }
  for (const [key, p] of after) {
    const was = before.get(key);
    if (!was || (p.grantable && !was.grantable)) add(p.grantable ? 'grant with grant option' : 'grant', p);
  }
  return [...statements.values()]
    .sort((a, b) => Number(a.verb.startsWith('grant')) - Number(b.verb.startsWith('grant')))
    .map(({ verb, p, privileges }) => {
      const what = `${privileges.join(', ')}${p.col ? ` (${p.col})` : ''} on ${p.kw} ${p.target}`;
      if (verb === 'revoke') return `revoke ${what} from ${p.grantee};`;
      if (verb === 'revoke grant option for') return `revoke grant option for ${what} from ${p.grantee};`;
      return `grant ${what} to ${p.grantee}${verb === 'grant' ? '' : ' with grant option'};`;
    });
}

// The comments `to` has and `from` has not, or has differently (or `is null` for one removed).
function commentChanges(from: Snapshot, to: Snapshot): string[] {
  const statements: string[] = [];
  for (const [key, comment] of to.comments) {
    if (from.comments.get(key)?.description !== comment.description) {
      statements.push(`comment on ${commentTarget(comment)} is ${literal(comment.description)};`);
    }
  }
  for (const [key, comment] of from.comments) {
    if (!to.comments.has(key) && to.objects.has(key)) statements.push(`comment on ${commentTarget(comment)} is null;`);
  }
  return statements;
}

// ------------------------------------------------------------------------------------------------
// The file

function versionFor(now: Date, dirs: string[]): { version: string; bumped?: string } {
  const stamp = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const newest = dirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir))
    .map((file) => VERSION.exec(file)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort()
    .pop();
  const version = stamp(now);
  if (!newest || version > newest) return { version };
  // The newest migration is dated ahead of the clock: one second after it, so it sorts last.
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(newest.slice(at, at + (i === 0 ? 4 : 2))));
  let next = stamp(new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s! + 1)));
  if (next <= newest) next = String(BigInt(newest) + 1n);
  return { version: next, bumped: newest };
}

// `-- Label: text` wrapped at 100 columns, continued under the text.
function headerLine(label: string, text: string): string {
  const prefix = `-- ${label}: `;
  const indent = `--${' '.repeat(prefix.length - 2)}`;
  const lines: string[] = [];
  let line = prefix;
  for (const word of text.split(' ')) {
    if (line.length + word.length > 100 && line.trim() !== prefix.trim()) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}

function affects(d: Differences, declared: Snapshot, migrated: Snapshot, rows: TableChanges[]): string {
  const addedKeys = new Set(d.added.map((object) => object.key));
  const droppedKeys = new Set(d.dropped.map((object) => object.key));
  // A new table's columns, constraints and indexes come with it; a dropped table's go with it.
  const shown = (objects: CatalogueObject[], gone: Set<string>) =>
    objects.filter((object) => !(object.parent && gone.has(object.parent) && !/^(policy|trigger)$/.test(object.type)));
  const names = (objects: CatalogueObject[]) => objects.map(displayName).join(', ');
  const nameOf = (key: string) => {
    const object = declared.objects.get(key) ?? migrated.objects.get(key);
    return object ? displayName(object) : key;
  };
  const replaced = d.changed.filter((object) => /^(function|procedure|policy|trigger)$/.test(object.type));
  const altered = d.changed.filter((object) => !replaced.includes(object));
  const parts = [
    shown(d.added, addedKeys).length ? `adds ${names(shown(d.added, addedKeys))}` : '',
    replaced.length ? `replaces ${names(replaced)}` : '',
    altered.length ? `changes ${names(altered)}` : '',
    shown(d.dropped, droppedKeys).length ? `drops ${names(shown(d.dropped, droppedKeys))}` : '',
    d.privilegesOf.length ? `privileges on ${d.privilegesOf.map(nameOf).join(', ')}` : '',
    d.commentsOn.length ? `comments on ${d.commentsOn.map(nameOf).join(', ')}` : '',
    rows.length ? `reference rows of ${describeChanges(rows)}` : '',
  ];
  return `${parts.filter(Boolean).join('; ')}.`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const positionOf = (error: unknown) => Number((error as { position?: string }).position) || 0;

// The line of the file an error's character position is on.
function errorAt(error: unknown, script: string): string {
  const position = positionOf(error);
  if (!position) return messageOf(error);
  return `${messageOf(error)} (line ${script.slice(0, position - 1).split('\n').length} of the migration)`;
}

// The schema file and line an error points at (applySchemaFiles runs them as one script).
function schemaError(error: unknown, dir: string): string {
  let position = positionOf(error);
  if (!position) return messageOf(error);
  for (const file of schemaFiles(dir)) {
    const text = `${readFileSync(join(dir, file), 'utf8')}\n`;
    if (position <= text.length)
      return `${messageOf(error)} (${file}:${text.slice(0, position - 1).split('\n').length})`;
    position -= text.length;
  }
  return messageOf(error);
}

async function applyScript(url: string, script: string): Promise<string | undefined> {
  const database = connectPostgres(url, { max: 1 });
  try {
    await database.transaction((tx) => tx.exec(script));
    return undefined;
  } catch (error) {
    return errorAt(error, script);
  } finally {
    await database.close();
  }
}

// Where the catalogue still differs because a column sits elsewhere than the schema file puts
// it: `add column` appends, so a new column must come last in its table there too.
function columnOrderHint(remaining: string): string {
  const side = (sign: string) =>
    new Set(
      remaining
        .split('\n')
        .filter((line) => line.startsWith(`${sign}    `) && !line.startsWith(`${sign}${sign}${sign}`))
        .map((line) => line.slice(1).replace(/,$/, '')),
    );
  const after = side('-');
  const moved = [...side('+')].some((line) => after.has(line));
  return moved
    ? '\nA column the schema file puts between others is appended by `add column`: put it last in its table there.'
    : '';
}

// ------------------------------------------------------------------------------------------------

export async function generateMigration(options: MigrationOptions): Promise<MigrationResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!NAME.test(options.name)) {
    throw new Error(`"${options.name}" is not a migration name: lowercase letters and digits, words joined by "_"`);
  }
  const schemasDir = resolve(options.schemasDir ?? SCHEMAS_DIR);
  const outDir = resolve(options.outDir ?? MIGRATIONS_DIR);
  const scratch: ScratchDatabase[] = [];
  let stopping = false;
  // Copies of the migrations run with an empty search_path, as each migration after the first
  // does (they `set search_path = ''`): everything the migration names must be qualified.
  const make = async (label: string, template?: ScratchDatabase) => {
    const database = await scratchDatabase(options.serverUrl, label, template?.name);
    scratch.push(database);
    if (stopping) throw new Error('stopped');
    if (template)
      await withConnection(options.serverUrl, (sql) =>
        sql.unsafe(`alter database ${database.name} set search_path = ''`),
      );
    return database;
  };
  const dropAll = async () => {
    const all = scratch.splice(0);
    const results = await Promise.allSettled(all.reverse().map((database) => database.drop()));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  };
  // Interrupted: drop what there is (and what is being made) before going.
  const onSignal = (signal: NodeJS.Signals) => {
    stopping = true;
    // A dropped database ends the connections still open on it, which their clients report as
    // uncaught errors: the process is going anyway.
    process.on('uncaughtException', () => {});
    void dropAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // The migrations once, as a template for the copies below; the schema files beside them.
    const [migrated, declared] = await Promise.all([make('migrated'), make('declared')]);
    // Both to the end before anything is dropped: a database dropped under a running build
    // takes its connection away mid-statement.
    const built = await Promise.allSettled([applyMigrations(migrated.url), applySchemaFiles(declared.url, schemasDir)]);
    const [migrationsFailed, schemasFailed] = built.map((result) =>
      result.status === 'rejected' ? result.reason : null,
    );
    if (migrationsFailed) throw new Error(`applying supabase/migrations failed: ${messageOf(migrationsFailed)}`);
    if (schemasFailed) throw new Error(`applying the schema files failed: ${schemaError(schemasFailed, schemasDir)}`);
    const [migratedDump, declaredDump, migratedRows, declaredRows] = await Promise.all([
      catalogue(migrated.url),
      catalogue(declared.url),
      referenceData(migrated.url),
      referenceData(declared.url),
    ]);
    const catalogueChanged = migratedDump !== declaredDump;
    if (!catalogueChanged && referenceChanges(migratedRows, declaredRows).length === 0) {
      log(
        'supabase/migrations and the schema files give the same catalogue and reference rows: no change, nothing written.',
      );
      return { status: 'no change' };
    }
    const [before, target] = await Promise.all([snapshot(migrated.url), snapshot(declared.url)]);
    const diff = differences(before, target);
    // The tables the schema files keep: the rows of a dropped one go with it.
    const declaredTables = new Set(
      [...target.objects.values()].filter((o) => o.type === 'table' && o.parent === null).map((o) => o.sname),
    );

    // migra's side of the migrations: a copy, with the enum values added first. Only the
    // reference rows differ when the catalogues agree.
    const enums: string[] = [];
    let fromMigra: string[] = [];
    if (catalogueChanged) {
      const diffed = await make('diffed', migrated);
      await withConnection(options.serverUrl, (sql) =>
        sql.unsafe(`alter database ${declared.name} set search_path = ''`),
      );
      enums.push(...(await enumAdditions(diffed.url, declared.url)));
      if (enums.length) {
        const failed = await applyScript(diffed.url, enums.join('\n'));
        if (failed) throw new Error(`adding the enum values failed: ${failed}`);
      }
      fromMigra = await migraStatements(diffed.url, declared.url);
    }

    const index = new SchemaIndex(schemasDir, target, declared.url);
    const byText = new Map(
      [...target.objects.values()]
        .filter((object) => object.catalog === 'pg_proc' || object.catalog === 'pg_trigger')
        .map((object) => [normalise(object.catalog === 'pg_proc' ? object.def : object.text!), object.key]),
    );
    const added = new Set(diff.added.map((object) => object.key));
    // Functions whose arguments or result changed: `create or replace` refuses them.
    const redefined = new Set(
      diff.changed
        .filter((object) => object.catalog === 'pg_proc' && before.objects.get(object.key)!.text !== object.text)
        .map((object) => object.key),
    );
    const warnings: string[] = [];
    const body: string[] = [...enums];
    let functionBodiesUnchecked = false;
    for (const statement of fromMigra) {
      if (/^set check_function_bodies = off;?$/i.test(statement)) {
        functionBodiesUnchecked = true;
        body.push(statement);
        continue;
      }
      if (/^create or replace function /i.test(statement)) {
        const key = byText.get(normalise(statement));
        const written = key && (await index.functionStatement(key));
        if (!key || !written) {
          warnings.push(`kept migra's text of a function the schema files do not write: ${statement.split('\n')[0]}`);
          body.push(statement);
          continue;
        }
        const object = target.objects.get(key)!;
        const parts: string[] = [];
        // migra drops some of these itself (a renamed argument), so the second drop must not fail.
        if (redefined.has(key)) parts.push(`drop function if exists ${object.signature};`);
        const fresh = added.has(key) || redefined.has(key);
        parts.push(
          fresh
            ? asWritten(written)
            : asWritten(written).replace(/\bcreate\s+function\b/i, 'create or replace function'),
        );
        if (fresh) {
          parts.push(...(await index.privilegeStatements(new Set([key]))).map((entry) => entry.statement.text));
        }
        body.push(parts.join('\n'));
        continue;
      }
      const policy = /^create policy "((?:[^"]|"")+)"\s+on "((?:[^"]|"")+)"\."((?:[^"]|"")+)"/i.exec(statement);
      if (policy) {
        const unquote = (name: string) => name.replaceAll('""', '"');
        const sname = `${unquote(policy[1]!)} on ${unquote(policy[2]!)}.${unquote(policy[3]!)}`;
        const object = [...target.objects.values()].find((o) => o.catalog === 'pg_policy' && o.sname === sname);
        const written = object && index.policyStatement(object.key);
        body.push(written ? asWritten(written) : statement);
        continue;
      }
      if (/^create (constraint )?trigger /i.test(statement)) {
        const key = byText.get(normalise(statement));
        const written = key && index.triggerStatement(key);
        body.push(written ? asWritten(written) : statement);
        continue;
      }
      // migra indents the `)` closing a new table's columns as far as it likes.
      body.push(statement.replace(/\n\s+\);$/, '\n);'));
    }
    if (functionBodiesUnchecked) body.push('reset check_function_bodies;');
    // A new table's, schema's or type's grants and revokes as the schema files write them.
    const newOwners = new Set(
      diff.added.filter((object) => object.parent === null && object.catalog !== 'pg_proc').map((object) => object.key),
    );
    const ownerGrants = (await index.privilegeStatements(newOwners)).map((entry) => entry.statement.text);
    if (ownerGrants.length) body.push(ownerGrants.join('\n'));

    // What is still missing once that has run: privileges and comments, from the catalogue; and
    // the reference rows, from where the schema's statements leave them (a new column has its
    // default there) to the seed files' (ADR 0044).
    let rowsReached: ReferenceData | undefined = migratedRows;
    if (catalogueChanged) {
      const trial = await make('trial', migrated);
      const firstPass = body.join('\n\n');
      const firstFailure = await applyScript(trial.url, firstPass);
      rowsReached = undefined;
      if (!firstFailure) {
        const reached = await snapshot(trial.url);
        const privileges = privilegeChanges(reached, target);
        const comments = commentChanges(reached, target);
        if (privileges.length) body.push(privileges.join('\n'));
        if (comments.length) body.push(comments.join('\n'));
        rowsReached = await referenceData(trial.url);
      }
    }
    const rowChanges = rowsReached ? referenceChanges(rowsReached, declaredRows, declaredTables) : [];
    if (rowChanges.length) {
      body.push(
        ['-- Reference rows, as supabase/schemas/seed writes them.', ...referenceStatements(rowChanges)].join('\n'),
      );
    }

    const { version, bumped } = versionFor(options.now ?? new Date(), [MIGRATIONS_DIR, outDir]);
    const drops = shownDrops(diff);
    const header = [
      headerLine('Migration', options.name.replaceAll('_', ' ')),
      headerLine('Purpose', 'TODO: why (the issue, what it fixes).'),
      headerLine('Affects', affects(diff, target, before, rowChanges)),
      headerLine('Rollback', 'TODO: how to undo it.'),
    ].join('\n');
    const script = `${header}\n\n${body.join('\n\n')}\n`;
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `${version}_${options.name}.sql`);
    writeFileSync(file, script);
    const shownFile = relative(process.cwd(), file) || file;
    if (bumped) log(`The newest migration (${bumped}) is dated ahead of the clock: version ${version} sorts after it.`);
    for (const warning of warnings) log(`Warning: ${warning}`);
    if (drops) log(`Check before committing: it drops ${drops}.`);

    // The file as written, on a fresh copy of the migrations, must give the schema files' catalogue.
    const check = await make('check', migrated);
    const failure = await applyScript(check.url, script);
    if (failure) {
      log(`Wrote ${shownFile}, but it does not apply: ${failure}`);
      return { status: 'incomplete', file, problem: failure };
    }
    const remaining = unifiedDiff(await catalogue(check.url), declaredDump);
    if (remaining) {
      log(`Wrote ${shownFile}, but the schema files still differ after it ('-' after it, '+' the schema files):`);
      log(remaining + columnOrderHint(remaining));
      return { status: 'incomplete', file, problem: remaining };
    }
    const rowsLeft = referenceChanges(await referenceData(check.url), declaredRows, declaredTables);
    if (rowsLeft.length) {
      const shown = showChanges(rowsLeft, 'after it', 'in the seed files');
      log(`Wrote ${shownFile}, but the reference rows still differ after it:\n${shown}`);
      return { status: 'incomplete', file, problem: shown };
    }
    log(
      `Wrote ${shownFile}: applied after supabase/migrations it gives the schema files' catalogue and reference rows.`,
    );
    log('Fill in its Purpose and Rollback, read it through, and commit it with the schema change.');
    return { status: 'written', file };
  } catch (error) {
    // Interrupted: the signal's handler drops the databases and ends the process.
    if (stopping) return new Promise<never>(() => {});
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await dropAll();
  }
}

function shownDrops(d: Differences): string {
  const dropped = new Set(d.dropped.map((object) => object.key));
  return d.dropped
    .filter((object) => !(object.parent && dropped.has(object.parent)))
    .map(displayName)
    .join(', ');
}

function parseArguments(argv: string[]): { name?: string; schemasDir?: string; outDir?: string } {
  const parsed: { name?: string; schemasDir?: string; outDir?: string } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--schemas-dir' || arg === '--out-dir') {
      const value = argv[i + 1];
      if (!value) throw new Error(`${arg} needs a directory`);
      parsed[arg === '--schemas-dir' ? 'schemasDir' : 'outDir'] = value;
      i += 1;
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}`);
    } else if (parsed.name) {
      throw new Error(`one name only (got "${parsed.name}" and "${arg}")`);
    } else {
      parsed.name = arg;
    }
  }
  return parsed;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const usage =
    'usage: npm run db:migration -- <name> [--schemas-dir DIR] [--out-dir DIR]   (name: lowercase, digits, _)';
  let args: ReturnType<typeof parseArguments>;
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!args.name || !serverUrl) {
    console.error(
      args.name
        ? 'TEST_DATABASE_URL must name a PostgreSQL server: eval "$(bash scripts/test-postgres.sh start)"'
        : usage,
    );
    process.exit(2);
  }
  if (!NAME.test(args.name)) {
    console.error(
      `"${args.name}" is not a migration name: lowercase letters and digits, words joined by "_"\n${usage}`,
    );
    process.exit(2);
  }
  try {
    const result = await generateMigration({ serverUrl, name: args.name, ...args });
    process.exit(result.status === 'incomplete' ? 1 : 0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
