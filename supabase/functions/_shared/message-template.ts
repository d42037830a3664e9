// The English texts of refusals.ts and validation.ts are templates: '{name}' stands for a value
// (a count, a field's label, a username). The same template fills the English text the api
// sends, and reads the values back out of it, so the PWA can say it in the member's language
// with the values the server gave. Placeholders are Lingui's ({name}), so a template is also the
// catalogue's source message. No other syntax: a template has no '{' or '}' but its placeholders.

export interface MessageDescriptor {
  readonly id: string;
  readonly message: string;
  readonly comment?: string;
}

export type MessageValues = Record<string, string | number>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

export function fillTemplate(template: string, values: MessageValues = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const patterns = new Map<string, RegExp>();

function patternOf(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    let source = '';
    let last = 0;
    for (const match of template.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(template.slice(last, match.index)) + `(?<${match[1]}>.+?)`;
      last = match.index + match[0].length;
    }
    source += escapeRegExp(template.slice(last));
    pattern = new RegExp(`^${source}$`, 's');
    patterns.set(template, pattern);
  }
  return pattern;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The values that make `template` read exactly `text`, or null when it cannot.
export function matchTemplate(template: string, text: string): Record<string, string> | null {
  if (!template.includes('{')) return template === text ? {} : null;
  const match = patternOf(template).exec(text);
  return match ? { ...match.groups } : null;
}

// The entry of `registry` whose template reads `text`: a fixed text first, else the most
// specific template that does ('{label} must be at least {min} characters' rather than
// '{label} must be at least {min}'), the one with the most text of its own.
export function findTemplate<Key extends string>(
  registry: Readonly<Record<Key, MessageDescriptor>>,
  text: string,
): { key: Key; values: Record<string, string> } | null {
  const keys = Object.keys(registry) as Key[];
  for (const key of keys) {
    if (registry[key].message === text) return { key, values: {} };
  }
  let best: { key: Key; values: Record<string, string>; literal: number } | null = null;
  for (const key of keys) {
    const template = registry[key].message;
    if (!template.includes('{')) continue;
    const values = matchTemplate(template, text);
    const literal = template.replace(PLACEHOLDER, '').length;
    if (values && (!best || literal > best.literal)) best = { key, values, literal };
  }
  return best && { key: best.key, values: best.values };
}
