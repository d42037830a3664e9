import { Hono } from 'hono';

import {
  type ChatUnread,
  rideChatReadSchema,
  type RideChatSummary,
  rideChatWatchingSchema,
  type RideMessage,
  rideMessagePinSchema,
  rideMessageSendSchema,
} from '../../_shared/schemas/ride-chat.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readRideConversation } from '../queries/ride-chat.ts';

// A ride's conversation (issue 25): who is in it (private.in_ride_conversation), the read-only
// week, the throttle and who may delete or pin are the database's (migration
// 20261201002500_ride_chat.sql); these routes validate and call its functions. The GET is
// revalidated with the ETag every answer carries (lib/etag.ts): an unchanged conversation is a
// 304.
export const rideChatRoutes = new Hono<AppEnv>();

rideChatRoutes.get('/rides/:id/messages', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await readRideConversation(c.get('db'), rideId));
});

rideChatRoutes.post('/rides/:id/messages', async (c) => {
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

rideChatRoutes.delete('/rides/:id/messages/:messageId', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const messageId = readId(c, 'messageId', 'message');
  await c.get('db').query('select app.delete_ride_message($1::integer, $2::bigint)', [rideId, messageId]);
  return c.json({ message: 'Message deleted' });
});

rideChatRoutes.put('/rides/:id/messages/:messageId/pin', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const messageId = readId(c, 'messageId', 'message');
  const input = await readBody(c, rideMessagePinSchema);
  await c
    .get('db')
    .query('select app.pin_ride_message($1::integer, $2::bigint, $3::boolean)', [rideId, messageId, input.pinned]);
  return c.json({ pinned: input.pinned });
});

// What the ride page shows before the chat opens: the unread count and the pinned announcement.
rideChatRoutes.get('/rides/:id/chat', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const row = await c
    .get('db')
    .one<{ summary: RideChatSummary }>('select app.ride_chat_summary($1::integer) as summary', [rideId]);
  return c.json(row!.summary);
});

// The open chat says how far the member has read; its notification is read with it.
rideChatRoutes.post('/rides/:id/messages/read', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideChatReadSchema);
  const row = await c
    .get('db')
    .one<{ unread: number }>('select app.mark_ride_chat_read($1::integer, $2::bigint) as unread', [
      rideId,
      input.lastId,
    ]);
  return c.json({ unread: row!.unread });
});

// The open chat says whether the member is looking at it: while they are, a new message does not
// tell them (inbox, Web Push). Presence comes from the app, not from an open stream (ADR 0025).
rideChatRoutes.put('/rides/:id/messages/watching', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideChatWatchingSchema);
  await c.get('db').query('select app.watch_ride_chat($1::integer, $2::boolean)', [rideId, input.watching]);
  return c.json({ watching: input.watching });
});

// The member's unread messages per ride, for My Rides (the bell's total counts them too).
rideChatRoutes.get('/chat/unread', async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ unread: ChatUnread }>('select app.chat_unread() as unread');
  return c.json(row!.unread);
});
