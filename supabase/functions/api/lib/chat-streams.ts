import { LIVE_CHAT_STREAMS_PER_ADDRESS, LIVE_CHAT_STREAMS_PER_MEMBER } from '../../_shared/limits.ts';
import { refusal } from '../../_shared/refusals.ts';
import type { RideConversation } from '../../_shared/schemas/ride-chat.ts';
import { conversationDelta, ConversationSnapshot } from './chat-delta.ts';
import type { ChatWakeups } from './chat-wakeups.ts';
import { type Database, RequestDb } from './database.ts';
import { fromDatabaseError, HttpError } from './http-error.ts';
import { isAdminUser } from './respond-user.ts';
import { findSessionsByHash } from './session.ts';

// How long a stream refused for being one too many from one address is told to wait: streams
// come free as chats close, and the PWA asks for the conversation meanwhile, so a short wait
// loses nothing.
export const STREAMS_RETRY_AFTER_S = 30;

// One open stream as the hub sees it: the session it was opened with, and where its events go.
export interface ChatStreamSink {
  readonly tokenHash: string;
  // The conversation as its member reads it now. `deltaFrom` says what changed since the snapshot
  // the sink last sent, as the `delta` event's JSON (null: nothing), worked out once for all the
  // member's streams that sent the same one; the sink sends that only.
  conversation(next: ConversationSnapshot, deltaFrom: (sent: ConversationSnapshot) => string | null): void;
  // The member may no longer read the chat (left, removed, signed out): told, then closed.
  end(refused: HttpError): void;
  // The database could not be read: closed without a word, and the PWA falls back to asking.
  fail(): void;
}

interface HubOptions {
  database: Database;
  adminUsername: string;
  logError?: (message: string, error: unknown) => void;
  // A quiet chat is read again this often, so a session ended or a passenger gone still ends it.
  recheckMs: number;
}

// Every stream of one member on one ride shares one read per change (issue 35 §4): the
// conversation is the same for all of them, since what a member may read depends on the member,
// not on the session. Each stream's own session is checked in that read too, so signing out on
// one device ends that device's streams only.
class MemberReads {
  readonly sinks = new Set<ChatStreamSink>();
  readonly ready: Promise<void>;
  #unsubscribe: (() => void) | null = null;
  #recheck: ReturnType<typeof setInterval>;
  #reading = false;
  // The last read, and what changed from the one before it: every stream that sent the one before
  // (all of them, once each has had its first) shares that delta.
  #latest: ConversationSnapshot | null = null;
  #readAgain = false;
  #closed = false;

  constructor(
    private readonly hub: ChatStreamHub,
    private readonly rideId: number,
    private readonly userId: number,
    wakeups: ChatWakeups,
  ) {
    this.ready = wakeups
      .subscribe(rideId, () => void this.refresh())
      .then((unsubscribe) => {
        if (this.#closed) unsubscribe();
        else this.#unsubscribe = unsubscribe;
      });
    this.#recheck = setInterval(() => void this.refresh(), hub.options.recheckMs);
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#recheck);
    this.#unsubscribe?.();
  }

  // Wakes that arrive while a read is under way are folded into one more read after it.
  async refresh(): Promise<void> {
    if (this.#closed) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#readAgain = false;
        await this.#read();
      } while (this.#readAgain && !this.#closed);
    } finally {
      this.#reading = false;
    }
  }

  async #read(): Promise<void> {
    const sinks = [...this.sinks];
    if (sinks.length === 0) return;
    const { database, adminUsername, logError } = this.hub.options;
    let outcome: { signedIn: Set<string>; conversation: RideConversation | null };
    try {
      outcome = await database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        const sessions = (await findSessionsByHash(db, [...new Set(sinks.map((sink) => sink.tokenHash))])).filter(
          (session) => session.userId === this.userId,
        );
        const signedIn = new Set(sessions.map((session) => session.tokenHash));
        if (sessions.length === 0) return { signedIn, conversation: null };
        // The same caller, role and row-level security as GET /messages.
        await db.actAs({
          userId: this.userId,
          isAdmin: isAdminUser(this.userId, sessions[0]!.discordUsername, adminUsername),
        });
        const row = await db.one<{ conversation: RideConversation }>(
          'select app.ride_messages_json($1::integer) as conversation',
          [this.rideId],
        );
        return { signedIn, conversation: row!.conversation };
      });
    } catch (error) {
      const refused = error instanceof HttpError ? error : fromDatabaseError(error);
      if (!refused) logError?.('GET /api/rides/:id/messages/stream read failed', error);
      for (const sink of sinks) {
        if (refused) sink.end(refused);
        else sink.fail();
      }
      return;
    }
    const previous = this.#latest;
    const next = outcome.conversation === null ? null : new ConversationSnapshot(outcome.conversation);
    if (next) this.#latest = next;
    let shared: { json: string | null } | undefined;
    const deltaFrom = (sent: ConversationSnapshot) => {
      if (sent !== previous) return deltaJson(conversationDelta(sent, next!));
      shared ??= { json: deltaJson(conversationDelta(sent, next!)) };
      return shared.json;
    };
    for (const sink of sinks) {
      if (!outcome.signedIn.has(sink.tokenHash)) sink.end(new HttpError(401, refusal('login_required')));
      else if (next !== null) sink.conversation(next, deltaFrom);
    }
  }
}

function deltaJson(delta: ReturnType<typeof conversationDelta>): string | null {
  return delta === null ? null : JSON.stringify(delta);
}

// The api process's open chat streams: how many each member and each client address holds, and
// the shared reads of each member's streams on a ride.
export class ChatStreamHub {
  readonly #wakeups: ChatWakeups;
  // Each member's open streams, oldest first, and how to close each.
  readonly #byMember = new Map<number, Array<{ sink: ChatStreamSink; leave: () => void }>>();
  readonly #byAddress = new Map<string, number>();
  readonly #reads = new Map<string, MemberReads>();

  constructor(
    wakeups: ChatWakeups,
    readonly options: HubOptions,
  ) {
    this.#wakeups = wakeups;
  }

  // An address past its share is refused (429): those streams are not one member's to choose
  // between. A member past theirs is not refused; their oldest stream is closed instead (open()).
  refuseOverCap(address: string | null): void {
    if (address !== null && (this.#byAddress.get(address) ?? 0) >= LIVE_CHAT_STREAMS_PER_ADDRESS) {
      throw new HttpError(429, refusal('too_many_streams'), { 'Retry-After': String(STREAMS_RETRY_AFTER_S) });
    }
  }

  // Counts the stream in at once (no await before, so streams opened together are all counted),
  // then joins it to its member's reads on the ride. `leave` gives the place back; call it once.
  open(
    rideId: number,
    userId: number,
    address: string | null,
    sink: ChatStreamSink,
  ): { leave: () => void; ready: Promise<void> } {
    this.refuseOverCap(address);
    // The member's newest chats are the ones on screen (issue 39 §4): past their share the oldest
    // stream ends, told `too_many_streams` in its `end` event. The PWA does not open an ended
    // stream again; that chat asks every few seconds instead, so two chats over the share do
    // not keep closing each other.
    const own = this.#byMember.get(userId) ?? [];
    this.#byMember.set(userId, own);
    while (own.length >= LIVE_CHAT_STREAMS_PER_MEMBER) {
      const oldest = own[0]!;
      oldest.sink.end(new HttpError(429, refusal('too_many_streams')));
      // The sink leaves as it ends; leaving again is nothing.
      oldest.leave();
    }
    this.#byMember.set(userId, own);
    if (address !== null) this.#byAddress.set(address, (this.#byAddress.get(address) ?? 0) + 1);
    const key = `${rideId}:${userId}`;
    let reads = this.#reads.get(key);
    if (!reads) {
      reads = new MemberReads(this, rideId, userId, this.#wakeups);
      this.#reads.set(key, reads);
    }
    reads.sinks.add(sink);
    const joined = reads;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      const streams = this.#byMember.get(userId);
      const at = streams?.findIndex((stream) => stream.sink === sink) ?? -1;
      if (at >= 0) streams!.splice(at, 1);
      if (streams?.length === 0 && this.#byMember.get(userId) === streams) this.#byMember.delete(userId);
      if (address !== null) decrement(this.#byAddress, address);
      joined.sinks.delete(sink);
      if (joined.sinks.size === 0) {
        joined.close();
        if (this.#reads.get(key) === joined) this.#reads.delete(key);
      }
    };
    own.push({ sink, leave });
    // A change committed between the stream's first read and its joining is read once more.
    const ready = joined.ready.then(() => void joined.refresh());
    return { leave, ready };
  }

  // How many streams are open (the tests and the bench read it).
  get openStreams(): number {
    let count = 0;
    for (const streams of this.#byMember.values()) count += streams.length;
    return count;
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
