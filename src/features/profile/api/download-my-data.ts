import { useMutation } from '@tanstack/react-query';

import { apiFile } from '../../../lib/api-client';
import { singaporeDay } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';

// Everything the database holds about the member (GET /api/account/data), made when asked and
// never cached: it carries their numbers and messages.

// The day in Singapore, as the server names the file.
export function myDataFileName(now = new Date()): string {
  return `fc-rideshare-my-data-${singaporeDay(now)}.json`;
}

export function getMyData(): Promise<Blob> {
  return apiFile('/api/account/data', 'application/json');
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      saveFile(await getMyData(), myDataFileName());
    },
  });
}
