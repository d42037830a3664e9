import { i18n, type Messages } from '@lingui/core';

import { compileSourceMessage } from './compile-source-message';
import { HTML_LANG, INTL_LOCALES, isLanguage, type Language, languageFromBrowser } from './languages';

export { i18n };

const STORAGE_KEY = 'fc-language';

const compiled = new Map<string, ReturnType<typeof compileSourceMessage>>();
i18n.setMessagesCompiler((source) => {
  let message = compiled.get(source);
  if (!message) {
    try {
      message = compileSourceMessage(source);
    } catch {
      message = [source];
    }
    compiled.set(source, message);
  }
  return message;
});

// Each catalogue is its own chunk: English loads none, and the service worker precaches the
// others, so a switch works offline.
const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  zh: () => import('../../locales/zh/messages.po'),
  ms: () => import('../../locales/ms/messages.po'),
};

const listeners = new Set<(language: Language) => void>();

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

export function intlLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  return (
    storedLanguage() ??
    languageFromBrowser(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))
  );
}

export async function activateLanguage(language: Language): Promise<void> {
  const messages = language === 'en' ? {} : (await catalogues[language]()).messages;
  i18n.loadAndActivate({ locale: language, locales: INTL_LOCALES[language], messages });
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  for (const listener of listeners) listener(language);
}

// A choice made on this device; the profile keeps a member's across devices.
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts this visit.
  }
  await activateLanguage(language);
}

export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Tests and the first paint in English need no waiting.
i18n.loadAndActivate({ locale: 'en', locales: INTL_LOCALES.en, messages: {} });
