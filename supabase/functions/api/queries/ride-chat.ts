import type { RideConversation } from '../../_shared/schemas/ride-chat.ts';
import type { RequestDb } from '../lib/database.ts';

// A ride's conversation as its member reads it (the last 200 messages, the pinned one): GET
// /rides/{id}/messages, and each ride of GET /rides/user/offline, read by this one function under
// the caller's row-level security. Refuses (PT403) a caller who is not in the conversation.
export async function readRideConversation(db: RequestDb, rideId: number): Promise<RideConversation> {
  const row = await db.one<{ conversation: RideConversation }>(
    'select app.ride_messages_json($1::integer) as conversation',
    [rideId],
  );
  return row!.conversation;
}
