import { useMutation } from '@tanstack/react-query';

import { apiFile } from '../../../lib/api-client';

// Everything the database holds about the member (GET /api/account/data), made when asked and
// never cached: it carries their numbers and messages.

// The day in Singapore, as the server names the file.
export function myDataFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(now);
  return `fc-rideshare-my-data-${day}.json`;
}

export function getMyData(): Promise<Blob> {
  return apiFile('/api/account/data', 'application/json');
}

// Hands the file to the browser as a download.
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      saveFile(await getMyData(), myDataFileName());
    },
  });
}
