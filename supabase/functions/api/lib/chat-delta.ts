import type { RideConversation, RideConversationDelta, RideMessage } from '../../_shared/schemas/ride-chat.ts';

// What a member's live stream last sent them of a ride's conversation (issue 39 §4), kept so the
// next change sends only what differs: each message as text, to compare without walking objects.
export class ConversationSnapshot {
  readonly rideId: number;
  readonly readOnly: boolean;
  readonly pinnedJson: string;
  readonly pinned: RideMessage | null;
  // In the conversation's order (oldest first), each message's JSON beside it.
  readonly messages: Map<number, { message: RideMessage; json: string }>;

  constructor(conversation: RideConversation) {
    this.rideId = conversation.rideId;
    this.readOnly = conversation.readOnly;
    this.pinned = conversation.pinned;
    this.pinnedJson = JSON.stringify(conversation.pinned);
    this.messages = new Map(
      conversation.messages.map((message) => [message.id, { message, json: JSON.stringify(message) }]),
    );
  }
}

// What changed from one snapshot to the next, or null when nothing did: the messages new or
// changed (a pin sets a message's `pinned`), oldest first; the ids no longer in the conversation
// (deleted, hidden, or older than the 200 shown); and the conversation's own fields as they are
// now. Applied to `from`, it gives `to` (src/features/ride-chat/api/ride-messages-stream.ts).
export function conversationDelta(from: ConversationSnapshot, to: ConversationSnapshot): RideConversationDelta | null {
  const messages: RideMessage[] = [];
  for (const [id, entry] of to.messages) {
    if (from.messages.get(id)?.json !== entry.json) messages.push(entry.message);
  }
  const removed: number[] = [];
  for (const id of from.messages.keys()) if (!to.messages.has(id)) removed.push(id);
  if (
    messages.length === 0 &&
    removed.length === 0 &&
    from.readOnly === to.readOnly &&
    from.pinnedJson === to.pinnedJson
  ) {
    return null;
  }
  return { rideId: to.rideId, readOnly: to.readOnly, pinned: to.pinned, messages, removed };
}
