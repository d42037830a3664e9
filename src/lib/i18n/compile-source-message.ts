// English needs no catalogue: the macros keep each source message in the code, and this turns
// one into Lingui's compiled form when it is first shown. Lingui's own compiler (a full ICU
// parser) would add 7 KB to every page for the subset our messages use: text, {name}, and
// plural / selectordinal / select with # inside plurals. A test compiles every message in the
// catalogue with both and requires the same result (ADR 0012).

type Compiled = Array<string | [string] | [string, string, Record<string, unknown>]>;
// The count's "#" stays its own element, never merged with the text around it.
const COUNT = Symbol('#');
type Building = Array<Compiled[number] | typeof COUNT>;

const BRANCHING = new Set(['plural', 'selectordinal', 'select']);

class Reader {
  position = 0;
  constructor(readonly source: string) {}

  peek(offset = 0): string {
    return this.source[this.position + offset] ?? '';
  }

  skipSpace(): void {
    while (/\s/.test(this.peek())) this.position += 1;
  }

  word(): string {
    const start = this.position;
    while (this.position < this.source.length && !/[\s,{}]/.test(this.peek())) this.position += 1;
    return this.source.slice(start, this.position);
  }

  expect(char: string): void {
    if (this.peek() !== char) throw new Error(`Expected "${char}" at ${this.position} in "${this.source}"`);
    this.position += 1;
  }
}

function push(parts: Building, text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (typeof last === 'string') parts[parts.length - 1] = last + text;
  else parts.push(text);
}

// ICU quoting: an apostrophe starts literal text only before a syntax character; '' is one '.
function quoted(reader: Reader, inPlural: boolean): string | null {
  const next = reader.peek(1);
  if (next === "'") {
    reader.position += 2;
    return "'";
  }
  if (next !== '{' && next !== '}' && !(inPlural && next === '#')) return null;
  reader.position += 1;
  let text = '';
  while (reader.position < reader.source.length) {
    if (reader.peek() === "'") {
      if (reader.peek(1) === "'") {
        text += "'";
        reader.position += 2;
        continue;
      }
      reader.position += 1;
      return text;
    }
    text += reader.peek();
    reader.position += 1;
  }
  return text;
}

function branches(reader: Reader): Record<string, Compiled | number> {
  const options: Record<string, Compiled | number> = {};
  for (;;) {
    reader.skipSpace();
    if (reader.peek() === '}') return options;
    const key = reader.word();
    if (key === '') throw new Error(`Expected a branch in "${reader.source}"`);
    if (key.startsWith('offset:')) {
      options.offset = Number(key.slice('offset:'.length));
      continue;
    }
    reader.skipSpace();
    reader.expect('{');
    options[key.startsWith('=') ? key.slice(1) : key] = message(reader, true);
    reader.expect('}');
  }
}

function argument(reader: Reader): [string] | [string, string, Record<string, unknown>] {
  reader.expect('{');
  reader.skipSpace();
  const name = reader.word();
  reader.skipSpace();
  if (reader.peek() === '}') {
    reader.position += 1;
    return [name];
  }
  reader.expect(',');
  reader.skipSpace();
  const type = reader.word();
  if (!BRANCHING.has(type)) throw new Error(`Unsupported argument type "${type}" in "${reader.source}"`);
  reader.skipSpace();
  reader.expect(',');
  const options = branches(reader);
  reader.expect('}');
  return [name, type, options];
}

function message(reader: Reader, inPlural: boolean): Compiled {
  const parts: Building = [];
  while (reader.position < reader.source.length) {
    const char = reader.peek();
    if (char === '}') break;
    if (char === '{') {
      parts.push(argument(reader));
    } else if (char === '#' && inPlural) {
      parts.push(COUNT);
      reader.position += 1;
    } else if (char === "'") {
      const literal = quoted(reader, inPlural);
      if (literal === null) {
        push(parts, "'");
        reader.position += 1;
      } else {
        push(parts, literal);
      }
    } else {
      push(parts, char);
      reader.position += 1;
    }
  }
  return parts.map((part) => (part === COUNT ? '#' : part));
}

export function compileSourceMessage(source: string): Compiled {
  const reader = new Reader(source);
  const parts = message(reader, false);
  if (reader.position !== source.length) throw new Error(`Unbalanced "}" in "${source}"`);
  return parts;
}
