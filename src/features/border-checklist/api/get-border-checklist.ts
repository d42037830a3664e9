import { type BorderChecklistItem, borderChecklistSchema } from '@shared/schemas/border-checklist.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { borderChecklistKeys } from '../query-keys';

export type { BorderChecklistItem };

// Parsed, so a row the card cannot show (an unknown kind) fails here, once, with a message.
export const getBorderChecklist = (): Promise<BorderChecklistItem[]> =>
  api.get('/api/border-checklist', borderChecklistSchema);

// Kept in the persisted query cache like the rides (src/lib/query-persister.ts): the card reads
// its saved copy at the checkpoint with no signal.
export const borderChecklistQueryOptions = () =>
  queryOptions({ queryKey: borderChecklistKeys.items(), queryFn: getBorderChecklist });

export function useBorderChecklist() {
  return useQuery(borderChecklistQueryOptions());
}
