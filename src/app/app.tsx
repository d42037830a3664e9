import { I18nProvider } from '@lingui/react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';

import { currentLanguage, i18n, onLanguageChange } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { createIdbPersister, lastSeenPersistOptions, mayHaveSavedCopy } from '../lib/query-persister';
import { PersistedQueryProvider } from './persisted-query-provider';
import { AppRoutes } from './router';

const persistOptions = lastSeenPersistOptions(createIdbPersister(), import.meta.env.VITE_APP_VERSION ?? '');

// A new language re-renders every screen, not only the components that read the catalogue:
// dates and prices are formatted in the language too.
function Translated({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(currentLanguage);
  useEffect(() => onLanguageChange(setLanguage), []);
  return (
    <I18nProvider i18n={i18n}>
      <Fragment key={language}>{children}</Fragment>
    </I18nProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <PersistedQueryProvider
      client={queryClient}
      persistOptions={persistOptions}
      mayHaveSavedCopy={mayHaveSavedCopy}
      // The saved copy is for offline reading; online, each start reads the server again, as
      // an app without a saved copy would (the session may have ended meanwhile).
      onRestored={() => {
        if (navigator.onLine) void queryClient.invalidateQueries();
      }}
    >
      <Translated>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Translated>
    </PersistedQueryProvider>
  );
}
