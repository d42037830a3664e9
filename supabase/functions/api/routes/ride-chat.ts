import { createRoute } from '@hono/zod-openapi';

import { rideIdParams, rideMessageIdParams } from '../../_shared/schemas/fields.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import {
  type ChatUnread,
  chatUnreadSchema,
  rideChatReadSchema,
  type RideChatSummary,
  rideChatSummarySchema,
  rideChatWatchingSchema,
  rideConversationSchema,
  type RideMessage,
  rideMessagePinSchema,
  rideMessageSchema,
  rideMessageSendSchema,
} from '../../_shared/schemas/ride-chat.ts';
import {
  rideChatUnreadSchema,
  rideChatWatchingStateSchema,
  rideMessagePinnedSchema,
} from '../../_shared/schemas/ride-chat-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readRideConversation } from '../queries/ride-chat.ts';

// A ride's conversation (issue 25): who is in it (private.ride_conversation_members, the one rule
// in supabase/schemas/65_ride_chat.sql), the read-only week (private.conversation_open_since), the
// throttle and who may delete or pin are the database's; these routes validate and call its
// functions. The GET is
// revalidated with the ETag every answer carries (lib/etag.ts): an unchanged conversation is a
// 304.
export const rideChatRoutes = contractRoutes();

const tags = ['Ride chat'];

// Who may read a ride's conversation: its organiser, its passengers and its driver
// (private.in_ride_conversation asks the rule); every chat route refuses the others so. A week
// after the ride they still read it, but no longer write in it.
const onConversation = {
  400: ['invalid_id'],
  401: ['login_required'],
  403: ['not_in_ride_chat'],
  404: ['ride_not_found'],
  410: ['ride_removed'],
} as const;
// And a change, with its body, while the conversation is still written.
const onChange = {
  ...onConversation,
  400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
} as const;

const getConversation = createRoute({
  method: 'get',
  path: '/rides/{id}/messages',
  tags,
  summary: "A ride's conversation: the newest 200 messages, oldest first, and the pinned one",
  request: { params: rideIdParams },
  responses: {
    200: json('The conversation as the caller reads it', rideConversationSchema),
    ...refused(onConversation),
  },
});
mount(rideChatRoutes, getConversation, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await readRideConversation(c.get('db'), rideId), 200);
});

const sendMessage = createRoute({
  method: 'post',
  path: '/rides/{id}/messages',
  tags,
  summary: "Write in a ride's conversation",
  request: { params: rideIdParams, body: jsonBody(rideMessageSendSchema) },
  responses: {
    201: json('The message as sent', rideMessageSchema),
    ...refused({ ...onChange, 409: ['ride_chat_read_only'], 429: ['too_many_messages'] }),
  },
});
mount(rideChatRoutes, sendMessage, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideMessageSendSchema);
  const row = await c
    .get('db')
    .one<{ message: RideMessage }>('select app.send_ride_message($1::integer, $2::text) as message', [
      rideId,
      input.body,
    ]);
  return c.json(row!.message, 201);
});

const deleteMessage = createRoute({
  method: 'delete',
  path: '/rides/{id}/messages/{messageId}',
  tags,
  summary: 'Delete one of your own messages',
  request: { params: rideMessageIdParams },
  responses: {
    200: json('Deleted', messageAnswerSchema),
    ...refused({
      ...onConversation,
      403: ['not_in_ride_chat', 'not_message_author'],
      404: ['ride_not_found', 'ride_message_not_found'],
      409: ['ride_chat_read_only'],
    }),
  },
});
mount(rideChatRoutes, deleteMessage, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const messageId = readId(c, 'messageId', 'message');
  await c.get('db').query('select app.delete_ride_message($1::integer, $2::bigint)', [rideId, messageId]);
  return c.json({ message: 'Message deleted' }, 200);
});

const pinMessage = createRoute({
  method: 'put',
  path: '/rides/{id}/messages/{messageId}/pin',
  tags,
  summary: "The organiser pins a message as the ride's announcement, or unpins it",
  request: { params: rideMessageIdParams, body: jsonBody(rideMessagePinSchema) },
  responses: {
    200: json('Whether it is pinned now', rideMessagePinnedSchema),
    ...refused({
      ...onChange,
      403: ['not_in_ride_chat', 'not_ride_chat_pinner'],
      404: ['ride_not_found', 'ride_message_not_found'],
      409: ['ride_chat_read_only'],
    }),
  },
});
mount(rideChatRoutes, pinMessage, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const messageId = readId(c, 'messageId', 'message');
  const input = await readBody(c, rideMessagePinSchema);
  await c
    .get('db')
    .query('select app.pin_ride_message($1::integer, $2::bigint, $3::boolean)', [rideId, messageId, input.pinned]);
  return c.json({ pinned: input.pinned }, 200);
});

// What the ride page shows before the chat opens: the unread count and the pinned announcement.
const getSummary = createRoute({
  method: 'get',
  path: '/rides/{id}/chat',
  tags,
  summary: 'What the ride page shows of its chat: the unread count and the pinned announcement',
  request: { params: rideIdParams },
  responses: { 200: json('The summary', rideChatSummarySchema), ...refused(onConversation) },
});
mount(rideChatRoutes, getSummary, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const row = await c
    .get('db')
    .one<{ summary: RideChatSummary }>('select app.ride_chat_summary($1::integer) as summary', [rideId]);
  return c.json(row!.summary, 200);
});

// The open chat says how far the member has read; its notification is read with it.
const markRead = createRoute({
  method: 'post',
  path: '/rides/{id}/messages/read',
  tags,
  summary: 'Say how far the member has read the conversation',
  request: { params: rideIdParams, body: jsonBody(rideChatReadSchema) },
  responses: { 200: json('The unread messages left on the ride', rideChatUnreadSchema), ...refused(onChange) },
});
mount(rideChatRoutes, markRead, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideChatReadSchema);
  const row = await c
    .get('db')
    .one<{ unread: number }>('select app.mark_ride_chat_read($1::integer, $2::bigint) as unread', [
      rideId,
      input.lastId,
    ]);
  return c.json({ unread: row!.unread }, 200);
});

// The open chat says whether the member is looking at it: while they are, a new message does not
// tell them (inbox, Web Push). Presence comes from the app, not from an open stream (ADR 0025).
const setWatching = createRoute({
  method: 'put',
  path: '/rides/{id}/messages/watching',
  tags,
  summary: 'Say whether the member is looking at the open chat (then a new message does not tell them)',
  request: { params: rideIdParams, body: jsonBody(rideChatWatchingSchema) },
  responses: { 200: json('As said', rideChatWatchingStateSchema), ...refused(onChange) },
});
mount(rideChatRoutes, setWatching, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideChatWatchingSchema);
  await c.get('db').query('select app.watch_ride_chat($1::integer, $2::boolean)', [rideId, input.watching]);
  return c.json({ watching: input.watching }, 200);
});

// The member's unread messages per ride, for My Rides (the bell's total counts them too).
const getUnread = createRoute({
  method: 'get',
  path: '/chat/unread',
  tags,
  summary: "The signed-in member's unread chat messages, per ride",
  responses: {
    200: json('The total and each ride with unread messages', chatUnreadSchema),
    ...refused({ 401: ['login_required'] }),
  },
});
mount(rideChatRoutes, getUnread, async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ unread: ChatUnread }>('select app.chat_unread() as unread');
  return c.json(row!.unread, 200);
});
