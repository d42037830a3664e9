// One SQL style over supabase/schemas (issue 38 §1): the schema files read as written by hand in
// Supabase's style (lowercase, every name schema-qualified, one statement per block), not as
// `pg_dump` output, and every function says whose rights it runs with: `security invoker`, or
// `security definer` with the reason on its line. Pure: reads the files, strings, comments and
// function bodies left out (PostgreSQL keeps a body as written, so restyling one would take a
// migration re-creating the function). schema-matches-migrations holds the catalogue to the
// migrations, so a restyle that changed a constraint or a default fails there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { splitStatements, type Token, tokenize } from '../../scripts/sql-statements.ts';

const SCHEMAS_DIR = join(import.meta.dirname, '../../supabase/schemas');

const files = [
  ...readdirSync(SCHEMAS_DIR).filter((file) => file.endsWith('.sql')),
  ...readdirSync(join(SCHEMAS_DIR, 'seed'))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => `seed/${file}`),
].sort();

// A reason is a few words, not a word.
const DEFINER_REASON = /^\s*security definer --\s*\S+(\s+\S+){2,}/m;
// Where a name must be schema-qualified (search_path is '' everywhere).
const QUALIFIED_AFTER: [string[], string][] = [
  [['create', 'table'], 'a table'],
  [['create', 'unlogged', 'table'], 'a table'],
  [['create', 'function'], 'a function'],
  [['create', 'or', 'replace', 'function'], 'a function'],
  [['create', 'type'], 'a type'],
  [['alter', 'table'], 'a table'],
  [['references'], 'a referenced table'],
];
// Types PostgreSQL infers for a literal from its column or operator: pg_dump writes the cast.
const INFERRED_CASTS = new Set(['text', 'jsonb', 'json', 'varchar', 'time', 'numeric', 'integer', 'bigint']);
const LONG_TYPE_NAMES: [string[], string][] = [
  [['timestamp', 'with', 'time', 'zone'], 'timestamptz'],
  [['time', 'without', 'time', 'zone'], 'time'],
  [['timestamp', 'without', 'time', 'zone'], 'timestamp'],
  [['character', 'varying'], 'varchar'],
];

const lower = (token: Token | undefined) => (token?.kind === 'word' ? token.text.toLowerCase() : undefined);
const isPunct = (token: Token | undefined, text: string) => token?.kind === 'punct' && token.text === text;

// The index of the ')' closing the '(' at code[open].
function closing(code: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    if (isPunct(code[i], '(')) depth += 1;
    else if (isPunct(code[i], ')') && --depth === 0) return i;
  }
  return code.length;
}

// What reads as pg_dump's, or breaks the house style, in one file's text.
function styleProblems(source: string): string[] {
  const problems: string[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const all = tokenize(source);
  // The code: no spaces or comments; strings, quoted names and bodies stay as one token each.
  const code = all.filter((token) => token.kind !== 'space' && token.kind !== 'comment');
  const at = (i: number, words: string[]) => words.every((word, k) => lower(code[i + k]) === word);

  code.forEach((token, i) => {
    const line = lineOf(token.start);
    if (token.kind === 'word' && token.text !== token.text.toLowerCase()) {
      problems.push(`${line}: "${token.text}": keywords and names in lowercase`);
    }
    if (at(i, ['alter', 'table', 'only'])) problems.push(`${line}: "alter table only" is pg_dump's: "alter table"`);
    if (at(i, ['using', 'btree'])) problems.push(`${line}: "using btree" is the default: leave it out`);
    for (const [words, short] of LONG_TYPE_NAMES) {
      if (at(i, words)) problems.push(`${line}: "${words.join(' ')}" is pg_dump's: "${short}"`);
    }
    if (at(i, ['set', 'search_path', 'to'])) problems.push(`${line}: "set search_path to": "set search_path = ''"`);
    // '...'::text, (2000)::numeric: the cast pg_dump prints for an inferred type.
    const castOf = (from: number) =>
      isPunct(code[from], ':') && isPunct(code[from + 1], ':') && INFERRED_CASTS.has(lower(code[from + 2]) ?? '');
    if (token.kind === 'string' && castOf(i + 1)) {
      problems.push(`${line}: ${token.text}::${code[i + 3]!.text}: the literal needs no cast here`);
    }
    // (2000)::numeric (the lexer has a number as one punctuation token per digit)
    if (isPunct(token, '(')) {
      let k = i + 1;
      while (/^\d$/.test(code[k]?.text ?? '') && code[k]!.kind === 'punct') k += 1;
      if (k > i + 1 && isPunct(code[k], ')') && castOf(k + 1)) {
        const number = code
          .slice(i + 1, k)
          .map((digit) => digit.text)
          .join('');
        problems.push(`${line}: (${number})::${code[k + 3]!.text}: the number needs no cast`);
      }
    }
    // check ((...)), where ((...)): pg_dump's doubled parentheses around the whole expression;
    // (select ...) is a subquery's own, and (a) = (b) compares two.
    if (
      (lower(token) === 'check' || lower(token) === 'where') &&
      isPunct(code[i + 1], '(') &&
      isPunct(code[i + 2], '(') &&
      lower(code[i + 3]) !== 'select' &&
      isPunct(code[closing(code, i + 2) + 1], ')')
    ) {
      problems.push(`${line}: "${token.text} ((": one pair of parentheses`);
    }
    if (isPunct(token, '~') && isPunct(code[i + 1], '~') && token.end === code[i + 1]!.start) {
      problems.push(`${line}: "~~" is pg_dump's: "like"`);
    }
    if (isPunct(token, '=') && at(i + 1, ['any']) && isPunct(code[i + 2], '(') && at(i + 3, ['array'])) {
      if (code[i + 5]?.kind === 'string') problems.push(`${line}: "= any (array[...])" of literals: "in (...)"`);
    }
    for (const [words, what] of QUALIFIED_AFTER) {
      if (!at(i, words)) continue;
      let name = i + words.length;
      if (at(name, ['if', 'not', 'exists'])) name += 3;
      if (at(name, ['only'])) name += 1;
      const next = code[name];
      if (next && next.kind !== 'punct' && !isPunct(code[name + 1], '.')) {
        problems.push(`${line}: ${what} named without its schema: "${next.text}"`);
      }
      if (
        words[0] === 'references' &&
        next &&
        isPunct(code[name + 3], '(') &&
        code[name + 3]!.start === code[name + 2]!.end
      ) {
        problems.push(`${line}: "references ${next.text}.${code[name + 2]!.text}(": a space before the columns`);
      }
    }
  });

  // One statement per block: a blank line between a statement and the next (and its comment).
  all.forEach((token, i) => {
    if (!isPunct(token, ';')) return;
    let j = i + 1;
    let blank = false;
    for (; j < all.length && (all[j]!.kind === 'space' || all[j]!.kind === 'comment'); j += 1) {
      const text = all[j]!.text;
      // The rest of the statement's own line may hold a comment; a blank line is two line breaks.
      if (all[j]!.kind === 'space' && (text.match(/\n/g) ?? []).length >= 2) blank = true;
    }
    if (j < all.length && !blank) {
      problems.push(`${lineOf(all[j]!.start)}: one statement per block: a blank line after the one before`);
    }
  });

  for (const statement of splitStatements(source)) {
    const text = statement.text;
    if (/^(grant|revoke)\b/i.test(text)) {
      if (/\b(select|insert|update|references)\(/i.test(text) || /,(?=\S)/.test(text)) {
        problems.push(
          `${statement.line}: "${text.split('\n')[0]}": "select (col), update (col)", a space after each comma`,
        );
      }
    }
    if (!/^create\s+(or\s+replace\s+)?function\b/i.test(text)) continue;
    // The header: all before the body (function bodies are dollar-quoted here).
    const body = /\bas\s+\$/i.exec(text);
    const header = body ? text.slice(0, body.index) : text;
    const name = /function\s+([\w.]+)/i.exec(header)?.[1];
    const where = `${statement.line}: ${name}`;
    if (!/^set search_path = ''$/m.test(header)) problems.push(`${where}: "set search_path = ''" on a line of its own`);
    const invoker = /^security invoker$/m.test(header);
    const definer = /^security definer\b/m.test(header);
    if (invoker === definer) problems.push(`${where}: say "security invoker" or "security definer", once`);
    else if (definer && !DEFINER_REASON.test(header)) {
      problems.push(`${where}: "security definer -- <why>": the reason it needs the owner's rights, on its line`);
    }
  }
  return problems;
}

describe('the style of supabase/schemas', () => {
  it('finds the forms pg_dump writes, and a definer without its reason', () => {
    const dumped = `create table public.t (
  id integer,
  kind text default 'a'::text not null,
  at timestamp with time zone,
  constraint t_kind_check check ((kind = any (array['a'::text, 'b'::text]))),
  constraint t_url_check check (url ~~ 'https://%'),
  constraint t_cost_check check (cost <= (2000)::numeric)
);
alter table only public.t
  add constraint t_pkey primary key (id);

create index t_kind_idx on public.t using btree (kind) where ((kind <> 'b'::text));

grant select(id),update(id) on table public.t to authenticated;

create table u (id integer references public.t(id));

CREATE function public.f()
returns integer
language sql
security definer
set search_path to ''
as $$select 1$$;

create function public.g()
returns integer
language sql
set search_path = ''
as $$SELECT 'x'::text$$;
`;
    const found = styleProblems(dumped);
    for (const expected of [
      "3: 'a'::text",
      '4: "timestamp with time zone"',
      '5: "check ((": one pair',
      '5: "= any (array[...])" of literals',
      '6: "~~"',
      '7: (2000)::numeric',
      '9: one statement per block',
      '9: "alter table only"',
      '12: "using btree"',
      '12: "where ((": one pair',
      '14: "grant select(id),update(id) on table public.t to authenticated;"',
      '16: a table named without its schema: "u"',
      '16: "references public.t(": a space',
      '18: "CREATE": keywords and names in lowercase',
      '22: "set search_path to"',
      '18: public.f: "set search_path = \'\'"',
      '18: public.f: "security definer -- <why>"',
      '25: public.g: say "security invoker" or "security definer", once',
    ]) {
      expect(
        found.some((problem) => problem.includes(expected)),
        `${expected}\nin:\n${found.join('\n')}`,
      ).toBe(true);
    }
    // The body is PostgreSQL's to keep as written: its SELECT and cast are not the style's.
    expect(found.filter((problem) => problem.startsWith('30:'))).toEqual([]);

    const written = `create table public.t (
  id integer primary key,
  kind text not null default 'a',
  constraint t_kind_check check (kind in ('a', 'b'))
);

-- A reason on the definer's line.
create function public.f()
returns integer
language sql
stable
security definer -- reads private.x, which the api roles cannot
set search_path = ''
as $$select 1$$;

grant select (id), update (id) on public.t to authenticated;
`;
    expect(styleProblems(written)).toEqual([]);
  });

  it.each(files)('%s is in the house style', (file) => {
    const problems = styleProblems(readFileSync(join(SCHEMAS_DIR, file), 'utf8'));
    expect(problems, `supabase/schemas/${file}:\n${problems.join('\n')}`).toEqual([]);
  });
});
