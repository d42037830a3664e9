import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import { compileSourceMessage } from './compile-source-message';

async function sourceMessages(): Promise<string[]> {
  const po = readFileSync(resolve('src/locales/en/messages.po'), 'utf8');
  const catalog = await formatter().parse(po, { locale: 'en', sourceLocale: 'en', filename: 'messages.po' });
  return Object.values(catalog ?? {}).map((entry) => entry.message ?? '');
}

describe('compileSourceMessage', () => {
  it('compiles every English message in the catalogue exactly as Lingui does', async () => {
    const messages = await sourceMessages();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(compileSourceMessage(message), message).toEqual(compileMessage(message));
  });

  it.each([
    'Hello',
    '',
    "a''b",
    "It's here",
    "'{x}' and '#' {n, plural, one {'#' #} other {# '{'}}",
    '{ n , plural , =1 {one} other {many {n}} }',
    'a {n, selectordinal, one {#st} other {#th}} b',
    'x <0>y</0> {name}',
    'A {n, plural, offset:1 one {x} other {y}}',
    '# outside',
    '{n, plural, one {a {m, plural, one {# x} other {# y}}} other {#}}',
    '{role, select, organiser {You organise} other {You ride}}',
  ])('matches Lingui on %j', (message) => {
    expect(compileSourceMessage(message)).toEqual(compileMessage(message));
  });

  it('refuses what it does not understand rather than guessing', () => {
    expect(() => compileSourceMessage('{n, number}')).toThrow();
    expect(() => compileSourceMessage('a } b')).toThrow();
  });
});
