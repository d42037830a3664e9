// The texts of the shared zod schemas all come from supabase/functions/_shared/validation.ts,
// where the PWA finds their translations: no English written in the schemas themselves, every
// label a field's message names is translatable (or a technical name), and what the schemas
// answer for bad input is a registry text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { placeholdersOf } from '../../supabase/functions/_shared/message-template.ts';
import {
  FIELD_LABELS,
  findFieldLabel,
  VALIDATION,
  validationMessage,
  validationParamsOf,
} from '../../supabase/functions/_shared/validation.ts';

const SCHEMAS = join(import.meta.dirname, '../../supabase/functions/_shared/schemas');
const schemaFiles = readdirSync(SCHEMAS).filter((name) => name.endsWith('.ts'));

// A field's name as only api clients see it (driverContactId, ids, limit; a push
// subscription's keys, which the browser fills in): not translated.
const TECHNICAL_NAME = /^[a-z][A-Za-z0-9]*$|^Key (p256dh|auth)$/;
// The functions whose first argument, and the `label:` values, name a field.
const LABEL_TAKERS = new Set([
  'requiredText',
  'optionalText',
  'passengerCount',
  'optionalPhone',
  'base64url',
  'controlCharacterMessage',
  'invisibleCharacterMessage',
  'oneOf',
]);
// Values put into a text as they are (JSON a client sends, a list separator).
const NOT_TEXT = new Set(['{"ids": [...]}', '{"all": true}', ', ']);

interface Literal {
  file: string;
  text: string;
  role: 'label' | 'text';
  line: number;
}

function literalsOf(file: string): { literals: Literal[]; templates: Literal[] } {
  const source = ts.createSourceFile(file, readFileSync(join(SCHEMAS, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const literals: Literal[] = [];
  const templates: Literal[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isLabel =
        (ts.isPropertyAssignment(parent) && parent.name.getText(source) === 'label' && parent.initializer === node) ||
        (ts.isCallExpression(parent) &&
          parent.arguments[0] === node &&
          LABEL_TAKERS.has(parent.expression.getText(source)));
      literals.push({ file, text: node.text, role: isLabel ? 'label' : 'text', line: line(node) });
    } else if (ts.isTemplateExpression(node)) {
      // `new RegExp(`^...${min}...$`)` builds a pattern, not a text.
      const inRegExp = ts.isNewExpression(node.parent) && node.parent.expression.getText(source) === 'RegExp';
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('');
      if (!inRegExp && /\s/.test(words))
        templates.push({ file, text: node.getText(source), role: 'text', line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, templates };
}

describe('the validation registry', () => {
  it('has ids validation.<key> and field.<name>, and placeholders Lingui can read', () => {
    for (const [key, descriptor] of Object.entries(VALIDATION)) {
      expect(descriptor.id).toBe(`validation.${key}`);
      for (const name of placeholdersOf(descriptor.message)) expect(name).toMatch(/^[a-z]+$/);
      // Nothing but placeholders in braces.
      expect(descriptor.message.replace(/\{[a-z]+\}/g, '')).not.toMatch(/[{}]/);
    }
    for (const descriptor of Object.values(FIELD_LABELS)) expect(descriptor.id).toMatch(/^field\.[a-z_]+$/);
    const texts = Object.values(VALIDATION).map((descriptor) => descriptor.message);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('holds every text written in the schemas; labels are in FIELD_LABELS or technical names', () => {
    const problems: string[] = [];
    let labels = 0;
    for (const file of schemaFiles) {
      const { literals, templates } = literalsOf(file);
      for (const literal of literals) {
        const where = `${literal.file}:${literal.line} ${JSON.stringify(literal.text)}`;
        if (literal.role === 'label') {
          labels += 1;
          if (!findFieldLabel(literal.text) && !TECHNICAL_NAME.test(literal.text))
            problems.push(`label not in FIELD_LABELS: ${where}`);
        } else if (/\s/.test(literal.text) && !NOT_TEXT.has(literal.text) && !validationParamsOf(literal.text)) {
          problems.push(`text not from validation.ts: ${where}`);
        }
      }
      // A text built in the schema with ${...} is English the registry does not have.
      for (const template of templates)
        problems.push(`text built in the schema: ${template.file}:${template.line} ${template.text}`);
    }
    expect(problems).toEqual([]);
    expect(labels).toBeGreaterThan(20);
  });

  it('holds what the schemas answer for bad input', async () => {
    const bad: unknown[] = [
      undefined,
      null,
      '',
      ' ',
      'a',
      'x'.repeat(3000),
      '\u0001x',
      'a\u200bb',
      0,
      -1,
      1.5,
      1e12,
      11,
      true,
      [],
      [1],
      ['SG->FC', 'SG->FC'],
      ['XX'],
      {},
      'ab cd',
      '+65 1234',
      'аdmin',
      'https://user:pw@x.com',
      'é'.repeat(40),
      'abc==',
    ];
    const messages = new Set<string>();
    for (const file of schemaFiles) {
      const module = (await import(join(SCHEMAS, file))) as Record<string, unknown>;
      for (const schema of Object.values(module)) {
        if (!schema || typeof (schema as z.ZodType).safeParse !== 'function') continue;
        const zod = schema as z.ZodType & { shape?: Record<string, unknown> };
        const keys = Object.keys(zod.shape ?? {});
        for (const value of bad) {
          const inputs = [value, ...keys.map((key) => ({ [key]: value, isVendor: true }))];
          for (const input of inputs) {
            const parsed = zod.safeParse(input);
            if (!parsed.success) for (const issue of parsed.error.issues) messages.add(issue.message);
          }
        }
      }
    }
    expect(messages.size).toBeGreaterThan(50);
    // zod's own texts, for fields where a type error is only an api client's mistake.
    const ours = [...messages].filter(
      (message) => !/^(Invalid input|Invalid option|Too (big|small)|Unrecognized key)/.test(message),
    );
    // Every one was made by validationMessage (or is a fixed text of the registry), so its rule and
    // values are known without reading it: the api sends them as the refusal's params.
    const unknown = ours.filter((message) => !validationParamsOf(message));
    expect(unknown).toEqual([]);
    const untranslatedLabels = ours
      .map((message) => validationParamsOf(message)!.label)
      .filter(
        (label): label is string => typeof label === 'string' && !findFieldLabel(label) && !TECHNICAL_NAME.test(label),
      );
    expect([...new Set(untranslatedLabels)]).toEqual([]);
  });

  it('fills its templates as the schemas did before', () => {
    expect(validationMessage('too_long', { label: 'Name', max: 100 })).toBe('Name must be at most 100 characters');
    const made = validationMessage('too_short_long', { label: 'New password', min: 8 });
    expect(made).toBe('New password must be at least 8 characters long');
    // The rule and values it was made with, as they were (a number stays a number).
    expect(validationParamsOf(made)).toEqual({ rule: 'too_short_long', label: 'New password', min: 8 });
    expect(validationParamsOf('Please specify your location')).toEqual({ rule: 'specify_location' });
    // A text nobody made here is not parsed: it has no rule.
    expect(validationParamsOf('Passenger count must be at least 12345')).toBeNull();
    expect(validationParamsOf('Invalid input: expected string, received number')).toBeNull();
  });

  it('remembers what requests name in bounded memory, the newest kept', () => {
    for (let index = 0; index < 6000; index += 1) validationMessage('unknown_field', { names: `field${index}` });
    expect(validationParamsOf('Unknown field: field5999')).toEqual({ rule: 'unknown_field', names: 'field5999' });
    expect(validationParamsOf('Unknown field: field0')).toEqual({ rule: 'unknown_field', names: 'field0' });
    // Past the cap, only the newest few are kept: an older one is forgotten (and said as sent).
    expect(validationParamsOf('Unknown field: field5700')).toBeNull();
    // The schemas' own messages, made first, are never pushed out.
    expect(validationParamsOf(validationMessage('required', { label: 'Name' }))).toEqual({
      rule: 'required',
      label: 'Name',
    });
  });
});
