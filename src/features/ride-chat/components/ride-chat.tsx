import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RIDE_MESSAGE_MAX_LENGTH, type RideMessage } from '@shared/schemas/ride-chat.ts';
import type { Direction } from '@shared/types/ride.ts';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { formatShortDay, singaporeDay } from '../../../lib/format';
import { errorMessage, toastError } from '../../../lib/toast';
import { useDeleteRideMessage } from '../api/delete-ride-message';
import { useChatSummary } from '../api/get-chat-summary';
import { useRideMessages } from '../api/get-ride-messages';
import { useMarkChatRead } from '../api/mark-chat-read';
import { usePinRideMessage } from '../api/pin-ride-message';
import { useSendRideMessage } from '../api/send-ride-message';
import { useWatchRideChat } from '../api/watch-ride-chat';
import { chatTimeline, firstUnreadId } from '../chat-timeline';
import { departsToday, QUICK_REPLIES } from '../quick-replies';
import { useStickToNewest } from '../use-stick-to-newest';
import { MessageItem, type ReportMessageSlot } from './message-item';
import { PinnedNote } from './pinned-announcement';

// The newest message on screen is read: said to the api when it changes while the page is in
// view (the tab's, My Rides' and the bell's counts follow), and again when the page comes back.
function useMarkReadWhileShown(rideId: number, lastId: number, enabled: boolean) {
  const markRead = useMarkChatRead(rideId);
  const marked = useRef(0);
  const { mutate } = markRead;
  useEffect(() => {
    if (!enabled) return;
    function mark() {
      if (lastId > marked.current && document.visibilityState === 'visible') {
        marked.current = lastId;
        mutate(lastId);
      }
    }
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastId, mutate, enabled]);
}

// How many messages were unread when the chat opened, read before the chat marks them read:
// the "New" divider stays where it was while the chat is open. Null until the count is known
// (or cannot be: then there is no divider).
function useUnreadAtOpening(rideId: number): number | null {
  const summary = useChatSummary(rideId);
  const [atOpening, setAtOpening] = useState<number | null>(null);
  const known = summary.data?.unread ?? (summary.isError ? 0 : null);
  if (atOpening === null && known !== null) setAtOpening(known);
  return atOpening;
}

function useDayLabel() {
  const { t } = useLingui();
  const today = singaporeDay(Date.now());
  const yesterday = singaporeDay(Date.now() - 86_400_000);
  return (day: string) => (day === today ? t`Today` : day === yesterday ? t`Yesterday` : formatShortDay(day));
}

// Tells of each line the app wrote that arrives after the chat opened (the stream's news): the
// lines already there when it opened are old news.
function useNewSystemLines(messages: RideMessage[] | undefined, onSystemLine?: (kind: string) => void) {
  const newest = useRef<number | null>(null);
  const tell = useRef(onSystemLine);
  useEffect(() => {
    tell.current = onSystemLine;
  }, [onSystemLine]);
  useEffect(() => {
    if (!messages) return;
    const seen = newest.current;
    newest.current = Math.max(seen ?? 0, ...messages.map((message) => message.id));
    if (seen === null) return;
    for (const message of messages) {
      if (message.id > seen && message.system) tell.current?.(message.system.kind);
    }
  }, [messages]);
}

// The ride's conversation (issue 25): its members' messages, the organiser's pinned one on top,
// and a box to write in. Loaded only when the Chat tab opens (lazy-ride-chat.tsx).
// What src/app shows beside a message's author (issue 26 §1: Block).
export type AuthorSlot = (author: { userId: number; name: string }) => ReactNode;

export interface RideChatProps {
  rideId: number;
  // The ride's date: quick replies are offered on its day.
  rideDate: string;
  // Which checkpoint the car's "at the checkpoint" line names (issue 40).
  direction?: Direction | null;
  // The organiser pins the announcement.
  organiser: boolean;
  // A line the app wrote arrived while the chat was open (the car moved, someone left): what
  // src/app hands in refreshes the other parts of the page that show it (the Today card).
  onSystemLine?: (kind: string) => void;
  // The moderation feature's Report button under other members' messages (issue 26).
  report?: ReportMessageSlot;
  author?: AuthorSlot;
}

export default function RideChat({
  rideId,
  rideDate,
  direction = null,
  organiser,
  report,
  author,
  onSystemLine,
}: RideChatProps) {
  const { t, i18n } = useLingui();
  const conversation = useRideMessages(rideId);
  const send = useSendRideMessage(rideId);
  const remove = useDeleteRideMessage(rideId);
  const pin = usePinRideMessage(rideId);
  const [draft, setDraft] = useState('');
  const unreadAtOpening = useUnreadAtOpening(rideId);
  useMarkReadWhileShown(rideId, conversation.data?.messages.at(-1)?.id ?? 0, unreadAtOpening !== null);
  const dayLabel = useDayLabel();
  const list = useRef<HTMLOListElement>(null);
  const divider = useCallback(() => list.current?.querySelector('[data-new-divider]') ?? null, []);
  const { endRef, unseen, scrollToNewest } = useStickToNewest({
    messages: conversation.data?.messages,
    ready: unreadAtOpening !== null,
    divider,
  });
  // Looking at it: new messages show here instead of in the inbox and as a push.
  useWatchRideChat(rideId);
  useNewSystemLines(conversation.data?.messages, onSystemLine);

  // A quick reply goes at once, in the sender's language; a refused one waits in the box.
  async function sendQuickReply(text: string) {
    if (send.isPending) return;
    try {
      await send.mutateAsync({ body: text });
    } catch (error) {
      setDraft(text);
      toastError(t`Your message was not sent`, errorMessage(error));
    }
  }

  async function togglePin(messageId: number, pinned: boolean) {
    try {
      await pin.mutateAsync({ messageId, pinned });
    } catch (error) {
      toastError(pinned ? t`Could not pin the message` : t`Could not unpin the message`, errorMessage(error));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.trim() === '' || send.isPending) return;
    try {
      await send.mutateAsync({ body: draft });
      // Kept until the api has it: offline or refused, the draft stays to send again.
      setDraft('');
    } catch (error) {
      toastError(t`Your message was not sent`, errorMessage(error));
    }
  }

  async function deleteMessage(messageId: number) {
    try {
      await remove.mutateAsync(messageId);
    } catch (error) {
      toastError(t`Could not delete the message`, errorMessage(error));
    }
  }

  if (conversation.isPending) return <QueryState loading={t`Loading messages…`} />;
  if (!conversation.data) {
    const reason = errorMessage(conversation.error);
    return (
      <QueryState
        error={<Trans>Could not load the chat: {reason}</Trans>}
        onRetry={() => conversation.refetch()}
        retrying={conversation.isFetching}
      />
    );
  }

  const { messages, pinned, readOnly } = conversation.data;
  const authorTools = (message: RideMessage) =>
    !author || message.own || message.authorId === null
      ? undefined
      : author({ userId: message.authorId, name: message.authorName ?? t`Someone` });
  const timeline = chatTimeline(messages, firstUnreadId(messages, unreadAtOpening ?? 0));
  return (
    <section aria-labelledby="ride-chat-title" className="card bg-base-200">
      <div className="card-body gap-3 p-4">
        <h2 id="ride-chat-title" className="card-title">
          <Trans>Ride chat</Trans>
        </h2>
        {pinned ? <PinnedNote message={pinned} /> : null}
        {messages.length === 0 ? (
          <p className="opacity-80">
            <Trans>No messages yet. Say hello to the people on this ride.</Trans>
          </p>
        ) : (
          <ol ref={list} className="flex flex-col gap-1" aria-label={t`Messages`} aria-live="polite">
            {timeline.map((item) =>
              item.kind === 'day' ? (
                <li key={`day ${item.day}`}>
                  <h3 className="divider my-1 text-xs font-normal">{dayLabel(item.day)}</h3>
                </li>
              ) : item.kind === 'new' ? (
                <li key="new" data-new-divider="" className="scroll-mt-24">
                  <p
                    role="separator"
                    aria-label={t`New messages`}
                    className="divider my-1 text-xs font-semibold text-error divider-error"
                  >
                    <Trans>New</Trans>
                  </p>
                </li>
              ) : (
                <MessageItem
                  key={item.message.id}
                  message={item.message}
                  direction={direction}
                  onDelete={item.message.own && !readOnly ? () => void deleteMessage(item.message.id) : undefined}
                  deleting={remove.isPending && remove.variables === item.message.id}
                  onPin={
                    organiser && !readOnly && item.message.authorId !== null
                      ? () => void togglePin(item.message.id, !item.message.pinned)
                      : undefined
                  }
                  pinning={pin.isPending && pin.variables?.messageId === item.message.id}
                  report={report}
                  author={authorTools(item.message)}
                />
              ),
            )}
          </ol>
        )}
        {readOnly ? (
          <p className="opacity-80">
            <Trans>This chat is read-only: the ride was more than a week ago.</Trans>
          </p>
        ) : (
          // Kept at the bottom of the screen while the member reads up, above the keyboard
          // (index.html's viewport resizes the page for it) and above the phone's bottom bar
          // (--bottom-bar-shown, which holds the home indicator's room too while the bar is up).
          <div className="sticky bottom-(--bottom-bar-shown) z-10 -mx-4 -mb-4 border-t border-base-300 bg-base-200 px-4 pt-2 pb-[max(1rem,calc(env(safe-area-inset-bottom)_-_var(--bottom-bar-shown)))]">
            {unseen > 0 ? (
              <button
                type="button"
                className="btn btn-primary btn-sm absolute -top-14 left-1/2 min-h-11 -translate-x-1/2 shadow-lg"
                onClick={scrollToNewest}
              >
                <span aria-hidden="true">↓</span> <Plural value={unseen} one="# new message" other="# new messages" />
              </button>
            ) : null}
            <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)}>
              {departsToday(rideDate) ? (
                <div role="group" aria-label={t`Quick replies`} className="flex gap-2 overflow-x-auto">
                  {QUICK_REPLIES.map((reply) => {
                    const text = i18n._(reply);
                    return (
                      <button
                        key={reply.id}
                        type="button"
                        className="btn btn-outline btn-sm min-h-11 shrink-0"
                        disabled={send.isPending}
                        onClick={() => void sendQuickReply(text)}
                      >
                        {text}
                      </button>
                    );
                  })}
                </div>
              ) : null}
              <div className="flex items-end gap-2">
                <label className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="sr-only">
                    <Trans>Message</Trans>
                  </span>
                  <textarea
                    className="textarea textarea-bordered min-h-11 w-full"
                    rows={1}
                    placeholder={t`Message`}
                    maxLength={RIDE_MESSAGE_MAX_LENGTH}
                    value={draft}
                    onChange={(event) => setDraft(event.target.value)}
                  />
                </label>
                <button
                  type="submit"
                  className="btn btn-primary min-h-11"
                  disabled={send.isPending || draft.trim() === ''}
                >
                  <Trans>Send</Trans>
                </button>
              </div>
            </form>
          </div>
        )}
        <div ref={endRef} aria-hidden="true" />
      </div>
    </section>
  );
}
