// Limits in one place (issue 38 §1, ADR 0043): the numbers the PWA, the api and the database share
// are written once, in supabase/functions/_shared/limits.ts. supabase/schemas/01_limits.sql is
// generated from it (`npm run db:limits`) and the schema files read private.limit_*() instead of
// the number. Pure: no database (schema-matches-migrations holds the migrations to the files).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { constantName, LIMITS_FILE, sqlLimitsFile } from '../../scripts/generate-sql-limits.ts';
import {
  LOCATION_MAX_LENGTH,
  PASSENGERS_MAX,
  RIDE_CANCEL_REASON_MAX_LENGTH,
  RIDE_CHAT_READ_ONLY_DAYS,
  RIDE_COST_MAX_SGD,
  SQL_LIMITS,
} from '../../supabase/functions/_shared/limits.ts';

const SCHEMAS_DIR = join(import.meta.dirname, '../../supabase/schemas');
const schemaFiles = readdirSync(SCHEMAS_DIR)
  .filter((file) => file.endsWith('.sql') && file !== '01_limits.sql')
  .sort()
  .map((file) => ({ file, text: readFileSync(join(SCHEMAS_DIR, file), 'utf8') }));

// Each check's expression: what follows `check (` up to its closing parenthesis.
function checkExpressions(sql: string): string[] {
  const found: string[] = [];
  for (const match of sql.matchAll(/\bcheck\s*\(/gi)) {
    let depth = 1;
    let at = match.index + match[0].length;
    let quoted = false;
    for (; at < sql.length && depth > 0; at++) {
      const char = sql[at];
      if (char === "'") quoted = !quoted;
      else if (!quoted && char === '(') depth++;
      else if (!quoted && char === ')') depth--;
    }
    found.push(sql.slice(match.index + match[0].length, at - 1).replace(/\s+/g, ' '));
  }
  return found;
}

// A bound written as a number on one of these columns: `col <= N`, `col < N+1`,
// `col between x and N` (a column or char_length(col); `(N)::numeric` too).
interface LiteralRule {
  limit: string;
  value: number;
  columns: string[];
}

const RULES: LiteralRule[] = [
  {
    limit: 'PASSENGERS_MAX',
    value: PASSENGERS_MAX,
    columns: ['passenger_count', 'max_passengers', 'organiser_passenger_count', 'dropoff_sequence', 'sort_position'],
  },
  {
    limit: 'LOCATION_MAX_LENGTH',
    value: LOCATION_MAX_LENGTH,
    columns: ['pickup_location', 'dropoff_location', 'area'],
  },
  { limit: 'RIDE_COST_MAX_SGD', value: RIDE_COST_MAX_SGD, columns: ['cost'] },
  {
    limit: 'RIDE_CANCEL_REASON_MAX_LENGTH',
    value: RIDE_CANCEL_REASON_MAX_LENGTH,
    columns: ["params ->> 'reason'::text", "params ->> 'reason'"],
  },
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function literalPattern(rule: LiteralRule): RegExp {
  const column = rule.columns.map(escape).join('|');
  const number = (n: number) => `\\(?${n}\\)?(?:::numeric)?(?!\\d)`;
  return new RegExp(
    `(?<![\\w.])(?:${column})\\b[)\\s]*(?:<=\\s*${number(rule.value)}|<\\s*${number(rule.value + 1)}|between\\s+\\S+\\s+and\\s+${number(rule.value)})`,
    'i',
  );
}

function literalsOfSharedLimits(sql: string): string[] {
  const found: string[] = [];
  for (const expression of checkExpressions(sql)) {
    for (const rule of RULES) {
      if (literalPattern(rule).test(expression)) found.push(`${rule.limit}: check (${expression})`);
    }
  }
  return found;
}

describe('shared limits', () => {
  it('01_limits.sql is what npm run db:limits writes from limits.ts', () => {
    expect(readFileSync(LIMITS_FILE, 'utf8'), 'run `npm run db:limits`, then `npm run db:migration`').toBe(
      sqlLimitsFile(),
    );
  });

  it('has one function per limit, named after its constant', () => {
    for (const [sqlName, value] of Object.entries(SQL_LIMITS)) {
      expect(readFileSync(LIMITS_FILE, 'utf8')).toContain(
        `create function private.${sqlName}()\nreturns integer\nlanguage sql\nimmutable\nsecurity invoker\nset search_path = ''\nas $$select ${value}$$;`,
      );
      expect(constantName(sqlName)).toMatch(/^[A-Z0-9_]+$/);
    }
    expect(() => sqlLimitsFile({ limit_passengers_max: PASSENGERS_MAX + 1 })).toThrow(/PASSENGERS_MAX/);
  });

  it('every limit is read by a schema file', () => {
    const all = schemaFiles.map(({ text }) => text).join('\n');
    const unused = Object.keys(SQL_LIMITS).filter((sqlName) => !all.includes(`private.${sqlName}()`));
    expect(unused).toEqual([]);
  });

  it('finds a shared limit written as a number in a check', () => {
    expect(
      literalsOfSharedLimits('passenger_count smallint not null check (passenger_count between 1 and 10),'),
    ).toEqual(['PASSENGERS_MAX: check (passenger_count between 1 and 10)']);
    expect(
      literalsOfSharedLimits(
        'constraint c check (((char_length(dropoff_location) >= 1) and (char_length(dropoff_location) <= 500))),',
      ),
    ).toHaveLength(1);
    expect(literalsOfSharedLimits('constraint c check ((cost <= (2000)::numeric)),')).toHaveLength(1);
    expect(literalsOfSharedLimits("check ((char_length((params ->> 'reason'::text)) <= 300))")).toHaveLength(1);
    expect(literalsOfSharedLimits('check (max_passengers < 11)')).toHaveLength(1);
    // Other columns, other numbers, and the limit functions themselves pass.
    expect(literalsOfSharedLimits('check (((seats >= 1) and (seats <= 10)))')).toEqual([]);
    expect(literalsOfSharedLimits('check ((char_length(note) <= 500))')).toEqual([]);
    expect(literalsOfSharedLimits('check ((passenger_count <= 100))')).toEqual([]);
    expect(literalsOfSharedLimits('check ((passenger_count <= private.limit_passengers_max()))')).toEqual([]);
  });

  it('no check in supabase/schemas writes a shared limit as a number', () => {
    const found = schemaFiles.flatMap(({ file, text }) =>
      literalsOfSharedLimits(text).map((line) => `${file}: ${line}`),
    );
    expect(found, 'read the private.limit_*() function of supabase/schemas/01_limits.sql instead').toEqual([]);
  });

  it("the ride chat's read-only window is read, not written", () => {
    const chat = schemaFiles.find(({ file }) => file === '65_ride_chat.sql')!.text;
    expect(chat).not.toMatch(new RegExp(`interval '${RIDE_CHAT_READ_ONLY_DAYS} days?'`));
    expect(chat).toContain('private.limit_ride_chat_read_only_days()');
  });
});
