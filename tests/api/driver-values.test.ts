// The two drivers (PGlite in the Node host, postgres.js in the Node host on DATABASE_URL and the
// edge function) hand the api the same JavaScript value for every type our schema uses, but for
// the ones listed below. This is what lets most api suites run on PGlite only (ADR 0021): a
// suite whose routes return a column of a type listed here keeps its PostgreSQL twin, or the
// query casts it (notifications read `id::float8`). A new column type, or a driver upgrade that
// changes a value, fails here first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { backends, createTestDatabase, ownerQuery, type TestDatabase } from '../support/databases.ts';

// The types that differ, and how, as of PGlite 0.5 and postgres.js 3.4, on a connection opened
// once the schema exists (the suite's database is a copy of a migrated one). postgres.js learns
// the array types when it connects: on a Node host's very first start, which connects before it
// migrates, an enum array comes back as the literal "{...}" until the next start. The api hands
// none out as such (the checklist's directions are cast to text[]).
const DIFFERING = {
  bigint: 'PGlite: number, postgres.js: string',
};

const SAMPLES: Record<string, string> = {
  bigint: '12',
  boolean: 'true',
  date: '2026-12-01',
  'double precision': '1.5',
  integer: '7',
  'integer[]': '{1,2}',
  json: '{"a":1}',
  jsonb: '{"a":[1,"x"]}',
  numeric: '12.50',
  smallint: '3',
  'smallint[]': '{1,2}',
  text: 'x',
  'text[]': '{a,b}',
  'time without time zone': '07:30',
  'timestamp with time zone': '2026-12-01 03:04:05+00',
  tstzrange: '[2026-12-01 00:00+00,2026-12-02 00:00+00)',
  xid8: '755',
};

// Every type a table, view or function in our schemas hands back, with a sample literal (an
// enum's first label); row types and pseudo-types are read column by column, so left out.
const SCHEMA_TYPES = `
with used as (
  select a.atttypid as type from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname in ('public', 'app', 'private', 'admin') and a.attnum > 0 and not a.attisdropped
     and c.relkind in ('r', 'v', 'm', 'p')
  union
  select p.prorettype from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'app', 'private', 'admin')
)
select format_type(t.oid, null) as name,
       case when t.typtype = 'e' then 'enum'
            when t.typcategory = 'A' and element.typtype = 'e' then 'enum[]'
            else format_type(t.oid, null) end as kind,
       coalesce((select e.enumlabel from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder limit 1),
                (select e.enumlabel from pg_enum e where e.enumtypid = t.typelem order by e.enumsortorder limit 1)) as label
  from used join pg_type t on t.oid = used.type left join pg_type element on element.oid = t.typelem
 where t.typtype <> 'p' and t.typtype <> 'c'
 order by 1`;

interface SchemaType {
  name: string;
  kind: string;
  label: string | null;
}

function sampleOf(type: SchemaType): string | undefined {
  if (type.kind === 'enum') return type.label ?? undefined;
  if (type.kind === 'enum[]') return type.label === null ? undefined : `{${type.label}}`;
  return SAMPLES[type.kind];
}

function shown(value: unknown): string {
  if (value instanceof Date) return `Date ${value.toISOString()}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

describe.skipIf(!backends.includes('postgres'))('the values each driver hands the api', () => {
  const databases = {} as Record<'pglite' | 'postgres', TestDatabase>;
  beforeAll(async () => {
    databases.pglite = await createTestDatabase('pglite');
    databases.postgres = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await databases.pglite?.close();
    await databases.postgres?.close();
  });

  it('are the same for every type the schema uses, but bigint', async () => {
    const types = await ownerQuery<SchemaType>(databases.postgres, SCHEMA_TYPES);
    expect(types.length).toBeGreaterThan(10);
    const unsampled = types.filter((type) => sampleOf(type) === undefined).map((type) => type.name);
    expect(unsampled, 'a new column type: give it a sample above').toEqual([]);

    const differing = new Map<string, string>();
    for (const type of types) {
      const query = `select $1::text::${type.name} as value`;
      const [fromPglite] = await ownerQuery<{ value: unknown }>(databases.pglite, query, [sampleOf(type)]);
      const [fromPostgres] = await ownerQuery<{ value: unknown }>(databases.postgres, query, [sampleOf(type)]);
      const pglite = shown(fromPglite!.value);
      const postgres = shown(fromPostgres!.value);
      if (pglite !== postgres) differing.set(type.kind, `${type.name}: PGlite ${pglite}, postgres.js ${postgres}`);
    }
    console.log(
      `driver values: ${types.length} types, these differ:\n  ${[...differing.values()].join('\n  ') || 'none'}`,
    );
    expect([...differing.keys()].sort()).toEqual(Object.keys(DIFFERING).sort());
  });
});
