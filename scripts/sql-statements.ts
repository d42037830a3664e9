// Just enough of PostgreSQL's lexer to cut a schema file into its statements and to say what a
// statement creates or grants on: comments, strings (standard, E'', dollar-quoted) and quoted
// identifiers are skipped whole, so a `;` or a keyword inside them is not taken for one.
// Used by scripts/db-migration.ts to copy a function's, policy's or trigger's text and a new
// object's grants from supabase/schemas into a migration.

export type TokenKind = 'word' | 'ident' | 'string' | 'dollar' | 'comment' | 'space' | 'punct';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const DOLLAR_TAG = /\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const push = (kind: TokenKind, end: number) => {
    tokens.push({ kind, text: source.slice(at, end), start: at, end });
    at = end;
  };
  // The end of a quoted run opened at `open` (a quote doubled inside it is part of it).
  const closeQuote = (open: number, quote: string, backslashes: boolean): number => {
    let i = open + 1;
    while (i < source.length) {
      const char = source[i];
      if (backslashes && char === '\\') i += 2;
      else if (char === quote && source[i + 1] === quote) i += 2;
      else if (char === quote) return i + 1;
      else i += 1;
    }
    throw new Error(`unterminated ${quote} at offset ${open}`);
  };
  while (at < source.length) {
    const char = source[at]!;
    const next = source[at + 1];
    if (/\s/.test(char)) {
      let end = at + 1;
      while (end < source.length && /\s/.test(source[end]!)) end += 1;
      push('space', end);
    } else if (char === '-' && next === '-') {
      const newline = source.indexOf('\n', at);
      push('comment', newline === -1 ? source.length : newline);
    } else if (char === '/' && next === '*') {
      let depth = 0;
      let i = at;
      do {
        if (source.startsWith('/*', i)) {
          depth += 1;
          i += 2;
        } else if (source.startsWith('*/', i)) {
          depth -= 1;
          i += 2;
        } else if (i >= source.length) {
          throw new Error(`unterminated comment at offset ${at}`);
        } else {
          i += 1;
        }
      } while (depth > 0);
      push('comment', i);
    } else if (char === "'") {
      push('string', closeQuote(at, "'", false));
    } else if ((char === 'E' || char === 'e') && next === "'") {
      push('string', closeQuote(at + 1, "'", true));
    } else if (char === '"') {
      push('ident', closeQuote(at, '"', false));
    } else if (char === '$') {
      DOLLAR_TAG.lastIndex = at;
      const tag = DOLLAR_TAG.exec(source);
      if (tag) {
        const close = source.indexOf(tag[0], at + tag[0].length);
        if (close === -1) throw new Error(`unterminated ${tag[0]} at offset ${at}`);
        push('dollar', close + tag[0].length);
      } else {
        let end = at + 1;
        while (end < source.length && /[0-9]/.test(source[end]!)) end += 1;
        push('punct', end);
      }
    } else {
      WORD.lastIndex = at;
      const word = WORD.exec(source);
      if (word) push('word', at + word[0].length);
      else push('punct', at + 1);
    }
  }
  return tokens;
}

export interface Statement {
  // From its first word to its `;`, as written.
  text: string;
  // The comment lines right above it (none when a blank line comes between), as written.
  leadingComment: string;
  // Its words, quoted identifiers, strings and punctuation: no spaces, no comments.
  tokens: Token[];
  line: number;
}

// The statements of a script, each with the comment right above it.
export function splitStatements(source: string): Statement[] {
  const tokens = tokenize(source);
  const statements: Statement[] = [];
  let first = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (first === -1) {
      if (token.kind === 'space' || token.kind === 'comment') continue;
      first = i;
    }
    if (token.kind === 'punct' && token.text === ';') {
      statements.push(makeStatement(source, tokens, first, i));
      first = -1;
    }
  }
  if (first !== -1) throw new Error(`a statement without its ';' at line ${lineOf(source, tokens[first]!.start)}`);
  return statements;
}

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (source[i] === '\n') line += 1;
  return line;
}

function makeStatement(source: string, tokens: Token[], first: number, last: number): Statement {
  // Back from the first word over comments and single line breaks; a blank line ends the comment.
  let commentStart = tokens[first]!.start;
  for (let i = first - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    if (token.kind === 'comment' && token.text.startsWith('--')) commentStart = token.start;
    else if (token.kind === 'space' && (token.text.match(/\n/g) ?? []).length <= 1) continue;
    else break;
  }
  const start = tokens[first]!.start;
  return {
    text: source.slice(start, tokens[last]!.end),
    leadingComment: source.slice(commentStart, start).trim(),
    tokens: tokens.slice(first, last + 1).filter((token) => token.kind !== 'space' && token.kind !== 'comment'),
    line: lineOf(source, start),
  };
}

// A word or quoted identifier as PostgreSQL folds it.
export function identifier(token: Token): string {
  if (token.kind === 'ident') return token.text.slice(1, -1).replaceAll('""', '"');
  return token.text.toLowerCase();
}

const isName = (token: Token | undefined) => token !== undefined && (token.kind === 'word' || token.kind === 'ident');
const isWord = (token: Token | undefined, ...words: string[]) =>
  token !== undefined && token.kind === 'word' && words.includes(token.text.toLowerCase());
const isPunct = (token: Token | undefined, text: string) =>
  token !== undefined && token.kind === 'punct' && token.text === text;

// A dotted name from tokens[at]: its parts and the index after it.
function qualifiedName(tokens: Token[], at: number): { parts: string[]; next: number } | undefined {
  if (!isName(tokens[at])) return undefined;
  const parts = [identifier(tokens[at]!)];
  let i = at + 1;
  while (isPunct(tokens[i], '.') && isName(tokens[i + 1])) {
    parts.push(identifier(tokens[i + 1]!));
    i += 2;
  }
  return { parts, next: i };
}

// The index of the `)` closing the `(` at tokens[open].
function closingParen(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i += 1) {
    if (isPunct(tokens[i], '(')) depth += 1;
    else if (isPunct(tokens[i], ')')) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error('unbalanced parentheses');
}

// The first top-level word among `words` from tokens[from] on.
function topLevelWord(tokens: Token[], from: number, ...words: string[]): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i += 1) {
    if (isPunct(tokens[i], '(')) depth += 1;
    else if (isPunct(tokens[i], ')')) depth -= 1;
    else if (depth === 0 && isWord(tokens[i], ...words)) return i;
  }
  return -1;
}

export interface FunctionTarget {
  schema: string;
  name: string;
  // The argument list as written (names, modes and defaults included), without its parentheses.
  args: string;
}

export type Target =
  { kind: 'function'; target: FunctionTarget } | { kind: 'relation' | 'schema' | 'type'; name: string };

export type StatementShape =
  | { kind: 'function'; target: FunctionTarget }
  | { kind: 'policy' | 'trigger'; name: string; table: string }
  | { kind: 'privilege'; targets: Target[] }
  | { kind: 'other' };

function functionTarget(statement: Statement, at: number): { target: FunctionTarget; next: number } | undefined {
  const name = qualifiedName(statement.tokens, at);
  if (!name || name.parts.length !== 2) return undefined;
  const [schema, fn] = name.parts as [string, string];
  if (!isPunct(statement.tokens[name.next], '(')) return { target: { schema, name: fn, args: '' }, next: name.next };
  const close = closingParen(statement.tokens, name.next);
  const open = statement.tokens[name.next]!;
  const source = statement.text;
  const base = statement.tokens[0]!.start;
  return {
    target: { schema, name: fn, args: source.slice(open.end - base, statement.tokens[close]!.start - base).trim() },
    next: close + 1,
  };
}

// What a statement makes or grants on, for the kinds scripts/db-migration.ts copies.
export function statementShape(statement: Statement): StatementShape {
  const tokens = statement.tokens;
  if (isWord(tokens[0], 'create')) {
    let i = 1;
    if (isWord(tokens[1], 'or') && isWord(tokens[2], 'replace')) i = 3;
    if (isWord(tokens[i], 'function', 'procedure')) {
      const found = functionTarget(statement, i + 1);
      return found ? { kind: 'function', target: found.target } : { kind: 'other' };
    }
    if (isWord(tokens[i], 'policy') && isName(tokens[i + 1]) && isWord(tokens[i + 2], 'on')) {
      const table = qualifiedName(tokens, i + 3);
      if (table) return { kind: 'policy', name: identifier(tokens[i + 1]!), table: table.parts.join('.') };
    }
    if (isWord(tokens[i], 'constraint')) i += 1;
    if (isWord(tokens[i], 'trigger') && isName(tokens[i + 1])) {
      const on = topLevelWord(tokens, i + 2, 'on');
      const table = on === -1 ? undefined : qualifiedName(tokens, on + 1);
      if (table) return { kind: 'trigger', name: identifier(tokens[i + 1]!), table: table.parts.join('.') };
    }
    return { kind: 'other' };
  }
  if (isWord(tokens[0], 'grant', 'revoke')) {
    const on = topLevelWord(tokens, 1, 'on');
    if (on === -1) return { kind: 'other' };
    const end = topLevelWord(tokens, on + 1, 'to', 'from');
    if (end === -1) return { kind: 'other' };
    let at = on + 1;
    let kind: Target['kind'] = 'relation';
    if (isWord(tokens[at], 'table', 'sequence')) at += 1;
    else if (isWord(tokens[at], 'function', 'procedure', 'routine')) {
      at += 1;
      const targets: Target[] = [];
      while (at < end) {
        const found = functionTarget(statement, at);
        if (!found) return { kind: 'other' };
        targets.push({ kind: 'function', target: found.target });
        at = isPunct(tokens[found.next], ',') ? found.next + 1 : found.next;
      }
      return { kind: 'privilege', targets };
    } else if (isWord(tokens[at], 'schema')) {
      kind = 'schema';
      at += 1;
    } else if (isWord(tokens[at], 'type', 'domain')) {
      kind = 'type';
      at += 1;
    } else if (isWord(tokens[at], 'all', 'foreign', 'large', 'language', 'database', 'tablespace', 'parameter')) {
      return { kind: 'other' };
    }
    const targets: Target[] = [];
    while (at < end) {
      const name = qualifiedName(tokens, at);
      if (!name) return { kind: 'other' };
      targets.push({ kind, name: name.parts.join('.') });
      at = isPunct(tokens[name.next], ',') ? name.next + 1 : name.next;
    }
    return { kind: 'privilege', targets };
  }
  return { kind: 'other' };
}

// A function's argument list as input types only, for a probe function with the same identity:
// OUT arguments dropped, INOUT ones made IN (names and defaults are kept; they do not matter).
export function inputArguments(args: string): string {
  if (args.trim() === '') return '';
  const tokens = tokenize(args);
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (const token of tokens) {
    if (token.kind === 'punct' && token.text === '(') depth += 1;
    else if (token.kind === 'punct' && token.text === ')') depth -= 1;
    else if (token.kind === 'punct' && token.text === ',' && depth === 0) {
      parts.push(args.slice(from, token.start));
      from = token.end;
    }
  }
  parts.push(args.slice(from));
  return parts
    .map((part) => part.trim())
    .filter((part) => !/^out\s/i.test(part))
    .map((part) => part.replace(/^inout\s+/i, ''))
    .join(', ');
}
