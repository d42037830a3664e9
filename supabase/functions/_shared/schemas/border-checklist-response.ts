import { z } from 'zod';

import { borderChecklistItemSchema } from './border-checklist.ts';

// The admin's changes to the border checklist (api/routes/border-checklist.ts): the item as it
// is saved. The list and its items are in border-checklist.ts, which the PWA parses them with.
export const checklistItemSavedSchema = z.object({ message: z.string(), item: borderChecklistItemSchema });
export type ChecklistItemSaved = z.infer<typeof checklistItemSavedSchema>;
