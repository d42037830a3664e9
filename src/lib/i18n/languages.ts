// The riders' languages. Each name is written in its own language, so a member who cannot
// read the current one still finds theirs.
export const LANGUAGES = ['en', 'zh', 'ms'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  ms: 'Bahasa Melayu',
};

// For Intl (dates, numbers, money) and <html lang>: the Singapore variant of each, so dates
// and prices read the way they do on both sides of the causeway.
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-SG',
  zh: 'zh-Hans-SG',
  ms: 'ms-SG',
};

export const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ms: 'ms' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// The first visit follows the browser: any Chinese reads Simplified (what Singapore and
// Malaysia teach), Malay or Indonesian reads Melayu, everything else English.
export function languageFromBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh';
    if (base === 'ms' || base === 'id') return 'ms';
    if (base === 'en') return 'en';
  }
  return 'en';
}
