import type { Database } from './database.ts';

// The channel the database's ride_chat_wake trigger notifies with a ride's id (migration
// 20261201002671_ride_chat_live.sql).
export const RIDE_CHAT_CHANNEL = 'ride_chat';

// One LISTEN per api process, shared by every open chat stream: a notification names a ride,
// and each member with streams on that ride is woken to read the conversation again, once for all
// of their streams (chat-streams.ts). The payload is only ever used as a key here; nothing in it
// reaches a member.
export class ChatWakeups {
  readonly #listenOn: NonNullable<Database['listen']>;
  readonly #streams = new Map<number, Set<() => void>>();
  #listening: Promise<() => Promise<void>> | null = null;

  constructor(listen: NonNullable<Database['listen']>) {
    this.#listenOn = listen;
  }

  // Resolves once the process listens, so a change committed after it is heard.
  async subscribe(rideId: number, wake: () => void): Promise<() => void> {
    await this.#listen();
    let wakes = this.#streams.get(rideId);
    if (!wakes) {
      wakes = new Set();
      this.#streams.set(rideId, wakes);
    }
    wakes.add(wake);
    return () => {
      wakes.delete(wake);
      if (wakes.size === 0 && this.#streams.get(rideId) === wakes) this.#streams.delete(rideId);
    };
  }

  // How many subscribers are woken (one per member and ride with a stream open).
  get openStreams(): number {
    let count = 0;
    for (const wakes of this.#streams.values()) count += wakes.size;
    return count;
  }

  async close(): Promise<void> {
    const listening = this.#listening;
    this.#listening = null;
    this.#streams.clear();
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  #listen(): Promise<() => Promise<void>> {
    if (!this.#listening) {
      const listening = this.#listenOn(RIDE_CHAT_CHANNEL, (payload) => this.#wake(payload));
      // A failed LISTEN is tried again by the next stream rather than remembered.
      listening.catch(() => {
        if (this.#listening === listening) this.#listening = null;
      });
      this.#listening = listening;
    }
    return this.#listening;
  }

  #wake(payload: string): void {
    const rideId = Number(payload);
    if (!Number.isSafeInteger(rideId)) return;
    for (const wake of this.#streams.get(rideId) ?? []) wake();
  }
}
