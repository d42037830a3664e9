import { z } from 'zod';

import { refusalParamsSchema } from './refusal-response.ts';

// A ride's conversation (issue 25; api/routes/ride-chat.ts, ride-chat-stream.ts): what its
// changes answer. The conversation, its messages, the summary and the unread counts are in
// ride-chat.ts, which the PWA parses them with.

// PUT /api/rides/{id}/messages/{messageId}/pin: whether it is the pinned announcement now.
export const rideMessagePinnedSchema = z.object({ pinned: z.boolean() });

// POST /api/rides/{id}/messages/read: the member's unread messages left on the ride.
export const rideChatUnreadSchema = z.object({ unread: z.number().int().nonnegative() });

// PUT /api/rides/{id}/messages/watching: as said.
export const rideChatWatchingStateSchema = z.object({ watching: z.boolean() });

// GET /api/rides/{id}/messages/stream: Server-Sent Events, each `event: <name>` and one
// `data: <JSON>` line. `conversation`, first, is the whole conversation as GET /messages answers
// it (rideConversationSchema); each `delta` after it what changed (rideConversationDeltaSchema);
// `end` says why the stream closes, and it then does.
export const rideChatStreamEndSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  params: refusalParamsSchema,
  message: z.string(),
});
// The stream's body: events as text.
export const rideChatStreamSchema = z.string();
