import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import {
  NOTIFICATION_CATALOGUES_PATH,
  notificationCataloguesSource,
  REFUSAL_CATALOGUES_PATH,
  refusalCataloguesSource,
  SERVER_CATALOGUES_PATH,
  serverCataloguesSource,
} from '../../scripts/make-server-catalogues';

// The catalogues are the translators' side of every string: complete, and shaped like the
// English they translate, so no member sees a raw {name}, a lost link, or English in 中文.
const TRANSLATED = ['zh', 'ms'] as const;

async function parse(locale: string) {
  const path = resolve(`src/locales/${locale}/messages.po`);
  return (await formatter().parse(readFileSync(path, 'utf8'), { locale, sourceLocale: 'en', filename: path })) ?? {};
}

// Each message with its English: a macro's message is its own id's source; a descriptor with an
// explicit id (the texts shared with the api) has its English in the source catalogue.
async function catalogue(locale: string) {
  const [translated, english] = await Promise.all([parse(locale), parse('en')]);
  return Object.entries(translated)
    .filter(([, entry]) => !entry.obsolete)
    .map(([id, entry]) => ({
      id,
      message: english[id]?.translation || entry.message || id,
      translation: entry.translation,
    }));
}

// The names a message interpolates and the numbered elements it wraps, in a comparable form.
function shape(message: string): string {
  const names = new Set<string>();
  const tags = new Set<string>();
  const walk = (parts: unknown): void => {
    if (typeof parts === 'string') {
      for (const match of parts.matchAll(/<\/?(\d+)\/?>/g)) tags.add(match[0]);
      return;
    }
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (typeof part === 'string') walk(part);
      else if (Array.isArray(part)) {
        names.add(String(part[0]));
        if (part[2] && typeof part[2] === 'object') Object.values(part[2] as Record<string, unknown>).forEach(walk);
      }
    }
  };
  walk(compileMessage(message));
  return JSON.stringify({ names: [...names].sort(), tags: [...tags].sort() });
}

describe.each(TRANSLATED)('the %s catalogue', (locale) => {
  it('translates every message the app shows', async () => {
    const entries = await catalogue(locale);
    expect(entries.length).toBeGreaterThan(100);
    const missing = entries.filter((entry) => !entry.translation?.trim()).map((entry) => entry.message);
    expect(entries.every((entry) => entry.message !== entry.id || !entry.id.includes('.'))).toBe(true);
    expect(missing, `untranslated in ${locale}`).toEqual([]);
  });

  it('keeps each message’s placeholders and elements, and compiles', async () => {
    for (const entry of await catalogue(locale)) {
      if (!entry.translation) continue;
      expect(() => compileMessage(entry.translation!), `${locale}: ${entry.translation}`).not.toThrow();
      expect(shape(entry.translation), `${locale}: ${entry.message}`).toBe(shape(entry.message));
    }
  });
});

describe('the server’s texts (supabase/functions/_shared/server-catalogues.ts)', () => {
  it('are the catalogues’ calendar messages (run scripts/make-server-catalogues.ts if not)', async () => {
    expect(readFileSync(SERVER_CATALOGUES_PATH, 'utf8')).toBe(await serverCataloguesSource());
  });

  it('are the catalogues’ notification messages, compiled (notification-catalogues.ts)', async () => {
    expect(readFileSync(NOTIFICATION_CATALOGUES_PATH, 'utf8')).toBe(await notificationCataloguesSource());
  });

  it('are the catalogues’ refusal, validation and field messages (the api says refusals with them)', async () => {
    expect(readFileSync(REFUSAL_CATALOGUES_PATH, 'utf8')).toBe(await refusalCataloguesSource());
  });
});
