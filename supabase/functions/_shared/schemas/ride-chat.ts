import { z } from 'zod';

import { validationMessage } from '../validation.ts';
import { requiredText } from './fields.ts';

// A ride's conversation (issue 25; migration 20261201002500_ride_chat.sql). Who may read and
// write it, the read-only week and the throttle are the database's; these are the shapes.

export const RIDE_MESSAGE_MAX_LENGTH = 1000;
// GET /api/rides/{id}/messages answers this many, the newest, oldest first.
export const RIDE_MESSAGES_SHOWN = 200;

// The body of POST /api/rides/{id}/messages. Line breaks and tabs are a message's layout; other
// control characters and the invisible ones are refused, as in every text field.
export const rideMessageSendSchema = z.object({
  body: requiredText('Message', RIDE_MESSAGE_MAX_LENGTH),
});
export type RideMessageSendInput = z.infer<typeof rideMessageSendSchema>;

// The body of PUT /api/rides/{id}/messages/{messageId}/pin.
export const rideMessagePinSchema = z.object({
  pinned: z.boolean({ error: validationMessage('not_boolean', { label: 'pinned' }) }),
});
export type RideMessagePinInput = z.infer<typeof rideMessagePinSchema>;

// The body of PUT /api/rides/{id}/messages/watching: the open chat is being looked at (the Chat
// tab shown and the app in view), or no longer is. Said again every WATCHING_REPEAT_MS; the
// database lets it lapse 45 s after the last word (app.watch_ride_chat).
export const rideChatWatchingSchema = z.object({
  watching: z.boolean({ error: validationMessage('not_boolean', { label: 'watching' }) }),
});
export type RideChatWatchingInput = z.infer<typeof rideChatWatchingSchema>;
export const WATCHING_REPEAT_MS = 20_000;

// The body of POST /api/rides/{id}/messages/read: the newest message the member has on screen.
export const rideChatReadSchema = z.object({
  lastId: z
    .number({ error: validationMessage('not_whole', { label: 'lastId' }) })
    .int(validationMessage('not_whole', { label: 'lastId' }))
    .min(0, validationMessage('not_negative', { label: 'lastId' }))
    .max(Number.MAX_SAFE_INTEGER, validationMessage('too_large_number', { label: 'lastId' })),
});
export type RideChatReadInput = z.infer<typeof rideChatReadSchema>;

// What the app wrote itself: who joined or left, a new date, a driver booked (the kinds of
// ride_messages_system_check). The reader's app words it from the kind and params.
export const RIDE_CHAT_LINE_KINDS = [
  'joined',
  'left',
  'removed',
  'stops_locked',
  'driver_booked',
  'driver_released',
  'date_changed',
  'car_step',
  'car_step_undone',
  'passenger_step',
] as const;
export type RideChatLineKind = (typeof RIDE_CHAT_LINE_KINDS)[number];

export const rideMessageSchema = z.object({
  id: z.number(),
  // Null for the app's own lines.
  authorId: z.number().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  own: z.boolean(),
  pinned: z.boolean(),
  // Null for members' messages; absent in copies saved before system lines existed.
  system: z
    .object({ kind: z.string(), params: z.record(z.string(), z.unknown()) })
    .nullable()
    .optional(),
});
export type RideMessage = z.infer<typeof rideMessageSchema>;

export const rideConversationSchema = z.object({
  rideId: z.number(),
  // A week after the ride: read, not written.
  readOnly: z.boolean(),
  // The organiser's announcement, which may be older than the messages shown.
  pinned: rideMessageSchema.nullable(),
  messages: z.array(rideMessageSchema),
});
export type RideConversation = z.infer<typeof rideConversationSchema>;

// What the live stream (GET /api/rides/{id}/messages/stream) sends after its first
// `conversation` event, as a `delta` event: the messages new or changed since the last event,
// oldest first, and the ids no longer in the conversation (deleted, hidden, or older than the
// RIDE_MESSAGES_SHOWN newest); readOnly and pinned as they are now. Applied in order to the
// conversation first sent, it gives the conversation GET /messages answers (issue 39 §4).
export const rideConversationDeltaSchema = z.object({
  rideId: z.number(),
  readOnly: z.boolean(),
  pinned: rideMessageSchema.nullable(),
  messages: z.array(rideMessageSchema),
  removed: z.array(z.number()),
});
export type RideConversationDelta = z.infer<typeof rideConversationDeltaSchema>;

// GET /api/rides/{id}/chat: what the ride page shows before the chat opens.
export const rideChatSummarySchema = z.object({
  rideId: z.number(),
  unread: z.number(),
  readOnly: z.boolean(),
  pinned: rideMessageSchema.nullable(),
});
export type RideChatSummary = z.infer<typeof rideChatSummarySchema>;

// GET /api/chat/unread: the member's unread messages per ride (rides with none left out),
// over the conversations still open.
export const chatUnreadSchema = z.object({
  total: z.number(),
  rides: z.array(z.object({ rideId: z.number(), unread: z.number() })),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;
