import { Trans, useLingui } from '@lingui/react/macro';
import { RIDE_MESSAGE_MAX_LENGTH, type RideMessage } from '@shared/schemas/ride-chat.ts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { errorMessage, toastError } from '../../../lib/toast';
import { useDeleteRideMessage } from '../api/delete-ride-message';
import { useRideMessages } from '../api/get-ride-messages';
import { useMarkChatRead } from '../api/mark-chat-read';
import { usePinRideMessage } from '../api/pin-ride-message';
import { useSendRideMessage } from '../api/send-ride-message';
import { useWatchRideChat } from '../api/watch-ride-chat';
import { departsToday, QUICK_REPLIES } from '../quick-replies';
import { MessageItem, type ReportMessageSlot } from './message-item';
import { PinnedNote } from './pinned-announcement';

// The newest message on screen is read: said to the api when it changes while the page is in
// view (the tab's, My Rides' and the bell's counts follow), and again when the page comes back.
function useMarkReadWhileShown(rideId: number, lastId: number) {
  const markRead = useMarkChatRead(rideId);
  const marked = useRef(0);
  const { mutate } = markRead;
  useEffect(() => {
    function mark() {
      if (lastId > marked.current && document.visibilityState === 'visible') {
        marked.current = lastId;
        mutate(lastId);
      }
    }
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastId, mutate]);
}

// The ride's conversation (issue 25): its members' messages, the organiser's pinned one on top,
// and a box to write in. Loaded only when the Chat tab opens (lazy-ride-chat.tsx).
// What src/app shows beside a message's author (issue 26 §1: Block).
export type AuthorSlot = (author: { userId: number; name: string }) => ReactNode;

export interface RideChatProps {
  rideId: number;
  // The ride's date: quick replies are offered on its day.
  rideDate: string;
  // The organiser pins the announcement.
  organizer: boolean;
  // The moderation feature's Report button under other members' messages (issue 26).
  report?: ReportMessageSlot;
  author?: AuthorSlot;
}

export default function RideChat({ rideId, rideDate, organizer, report, author }: RideChatProps) {
  const { t, i18n } = useLingui();
  const conversation = useRideMessages(rideId);
  const send = useSendRideMessage(rideId);
  const remove = useDeleteRideMessage(rideId);
  const pin = usePinRideMessage(rideId);
  const [draft, setDraft] = useState('');
  useMarkReadWhileShown(rideId, conversation.data?.messages.at(-1)?.id ?? 0);
  // Looking at it: new messages show here instead of in the inbox and as a push.
  useWatchRideChat(rideId);

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
  // Block is offered under each other member's first message shown, not under every one.
  const offered = new Set<number>();
  const authorTools = (message: RideMessage) => {
    if (!author || message.own || message.authorId === null || offered.has(message.authorId)) return undefined;
    offered.add(message.authorId);
    return author({ userId: message.authorId, name: message.authorName ?? t`Someone` });
  };
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
          <ol className="flex flex-col gap-1" aria-label={t`Messages`} aria-live="polite">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                onDelete={message.own && !readOnly ? () => void deleteMessage(message.id) : undefined}
                deleting={remove.isPending && remove.variables === message.id}
                onPin={
                  organizer && !readOnly && message.authorId !== null
                    ? () => void togglePin(message.id, !message.pinned)
                    : undefined
                }
                pinning={pin.isPending && pin.variables?.messageId === message.id}
                report={report}
                author={authorTools(message)}
              />
            ))}
          </ol>
        )}
        {readOnly ? (
          <p className="opacity-80">
            <Trans>This chat is read-only: the ride was more than a week ago.</Trans>
          </p>
        ) : (
          <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)}>
            {departsToday(rideDate) ? (
              <div role="group" aria-label={t`Quick replies`} className="flex flex-wrap gap-2">
                {QUICK_REPLIES.map((reply) => {
                  const text = i18n._(reply);
                  return (
                    <button
                      key={reply.id}
                      type="button"
                      className="btn btn-outline btn-sm min-h-11"
                      disabled={send.isPending}
                      onClick={() => void sendQuickReply(text)}
                    >
                      {text}
                    </button>
                  );
                })}
              </div>
            ) : null}
            <label className="flex flex-col gap-1">
              <span>
                <Trans>Message</Trans>
              </span>
              <textarea
                className="textarea textarea-bordered w-full"
                rows={2}
                maxLength={RIDE_MESSAGE_MAX_LENGTH}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </label>
            <button
              type="submit"
              className="btn btn-primary min-h-11 self-end"
              disabled={send.isPending || draft.trim() === ''}
            >
              <Trans>Send</Trans>
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
