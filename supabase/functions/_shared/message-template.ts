// The English texts of refusals.ts and validation.ts are templates: '{name}' stands for a value
// (a count, a field's label, a username). A refusal carries its values as data (its params),
// and whoever says it fills the template of its language with them: the api its English or
// server-catalogue text, the PWA its Lingui catalogue. Nothing reads values back out of a
// sentence. Placeholders are Lingui's ({name}), so a template is also the catalogue's source
// message. No other syntax: a template has no '{' or '}' but its placeholders.

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
