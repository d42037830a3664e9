import type { Context } from 'hono';

import { fillTemplate } from '../../_shared/message-template.ts';
import { REFUSAL_CATALOGUES } from '../../_shared/refusal-catalogues.ts';
import { refusalMessage } from '../../_shared/refusal-message.ts';
import type { RefusalParams, Say } from '../../_shared/refusals.ts';
import type { AppEnv } from './env.ts';

// A refusal's `message` is for clients that just print it (a bot, a script): in the member's
// language, the one their account keeps, else the first of Accept-Language the app speaks, else
// English. SPEC §8's English is sent as the api or the database wrote it; another language is
// the server catalogue's text for the code, filled with the params (../../_shared/
// refusal-message.ts). A code the catalogues cannot say keeps the English.
export type Language = 'en' | keyof typeof REFUSAL_CATALOGUES;

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || (typeof value === 'string' && Object.hasOwn(REFUSAL_CATALOGUES, value));
}

// Accept-Language's languages by weight (RFC 9110 §12.5.4), each by its primary subtag:
// "zh-CN,zh;q=0.9,en;q=0.8" -> zh. Null when it names none the app speaks.
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((attribute) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(attribute)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage) ?? null;
}

export function refusalLanguage(c: Context<AppEnv>): Language {
  const own = c.get('language');
  if (isLanguage(own)) return own;
  return acceptedLanguage(c.req.header('accept-language')) ?? 'en';
}

function sayIn(language: keyof typeof REFUSAL_CATALOGUES): Say {
  const catalogue = REFUSAL_CATALOGUES[language];
  return (descriptor, values) => fillTemplate(catalogue[descriptor.id] ?? descriptor.message, values);
}

export function refusalMessageIn(language: Language, code: string, params: RefusalParams, english: string): string {
  if (language === 'en') return english;
  return refusalMessage(code, params, sayIn(language)) ?? english;
}
