import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { createIdbPersister, PERSIST_MAX_AGE_MS } from '../lib/query-persister';
import { AppRoutes } from './router';

const persister = createIdbPersister();

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, maxAge: PERSIST_MAX_AGE_MS, buster: import.meta.env.VITE_APP_VERSION ?? '' }}
      // The saved copy is for offline reading; online, each start reads the server again, as
      // an app without a saved copy would (the session may have ended meanwhile).
      onSuccess={() => {
        if (navigator.onLine) void queryClient.invalidateQueries();
      }}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PersistQueryClientProvider>
  );
}
