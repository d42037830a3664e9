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

export const rideMessageSchema = z.object({
  id: z.number(),
  // Null for the app's own lines.
  authorId: z.number().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  own: z.boolean(),
  pinned: z.boolean(),
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
