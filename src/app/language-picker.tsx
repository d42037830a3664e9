import { Trans } from '@lingui/react/macro';
import { useId } from 'react';

import { chooseLanguage, currentLanguage } from '../lib/i18n/i18n';
import { HTML_LANG, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../lib/i18n/languages';

// In the menu on every page, so a visitor who cannot read the current language finds theirs
// before signing in; each name is written in its own language.
export function LanguagePicker({ onChosen }: { onChosen?: (language: string) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-2 px-4 md:px-2">
      <label htmlFor={id} className="text-sm">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="select select-sm w-auto"
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void chooseLanguage(language).then(() => onChosen?.(language));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={HTML_LANG[language]}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
