import {
  RIDE_MESSAGES_SHOWN,
  type RideConversation,
  type RideConversationDelta,
  type RideMessage,
} from '@shared/schemas/ride-chat.ts';

// The conversation kept in the chat's query changed in place (issue 39 §4) rather than asked for
// again: by the sender's own POST answer, and by the live stream's `delta` events. Both end where
// GET /messages would: the newest RIDE_MESSAGES_SHOWN, oldest first (by id, as the database orders
// them), and a message seen twice (the POST answer and the stream's delta) kept once.

function ordered(byId: Map<number, RideMessage>): RideMessage[] {
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-RIDE_MESSAGES_SHOWN);
}

// The sender's message, as the POST answered it, in the conversation.
export function withSentMessage(conversation: RideConversation, message: RideMessage): RideConversation {
  const byId = new Map(conversation.messages.map((each) => [each.id, each]));
  byId.set(message.id, message);
  return { ...conversation, messages: ordered(byId) };
}

// The stream's delta applied: the ids gone removed, the messages new or changed put in, and the
// conversation's own fields as the delta says they are now.
export function withDelta(conversation: RideConversation, delta: RideConversationDelta): RideConversation {
  const removed = new Set(delta.removed);
  const byId = new Map(conversation.messages.filter((each) => !removed.has(each.id)).map((each) => [each.id, each]));
  for (const message of delta.messages) byId.set(message.id, message);
  return { rideId: delta.rideId, readOnly: delta.readOnly, pinned: delta.pinned, messages: ordered(byId) };
}
