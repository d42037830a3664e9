import { useEffect } from 'react';

const APP_NAME = 'FC RideShare';

// One title per screen, so a tab, the task switcher and a shared link's history entry say
// which ride or page it is. `null` while the page's data is still loading keeps the app name.
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
