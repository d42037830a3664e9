import { Trans, useLingui } from '@lingui/react/macro';
import { RIDE_MESSAGE_MAX_LENGTH, type RideMessage } from '@shared/schemas/ride-chat.ts';
import { type FormEvent, useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { formatShortDateTime } from '../../../lib/format';
import { errorMessage, toastError } from '../../../lib/toast';
import { useDeleteRideMessage } from '../api/delete-ride-message';
import { useRideMessages } from '../api/get-ride-messages';
import { useSendRideMessage } from '../api/send-ride-message';
import { messageParts } from '../message-parts';

function MessageBody({ body }: { body: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {messageParts(body).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="link">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function MessageItem({
  message,
  onDelete,
  deleting,
}: {
  message: RideMessage;
  onDelete?: () => void;
  deleting?: boolean;
}) {
  const { t } = useLingui();
  const time = formatShortDateTime(message.createdAt);
  const author = message.authorName ?? t`Someone`;
  if (message.authorId === null) {
    return (
      <li className="text-center text-sm opacity-80">
        <MessageBody body={message.body} /> <time dateTime={message.createdAt}>{time}</time>
      </li>
    );
  }
  return (
    <li className={`chat ${message.own ? 'chat-end' : 'chat-start'}`}>
      <div className="chat-header flex items-baseline gap-2">
        <span className="font-semibold">{message.own ? <Trans>You</Trans> : author}</span>
        <time className="text-xs opacity-80" dateTime={message.createdAt}>
          {time}
        </time>
      </div>
      <div className={`chat-bubble ${message.own ? 'chat-bubble-primary' : ''}`}>
        <MessageBody body={message.body} />
      </div>
      {onDelete ? (
        <div className="chat-footer">
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={onDelete}
            disabled={deleting}
            aria-label={t`Delete your message from ${time}`}
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      ) : null}
    </li>
  );
}

// The ride's conversation (issue 25): its members' messages, the organiser's pinned one on top,
// and a box to write in. Loaded only when the Chat tab opens (lazy-ride-chat.tsx).
export default function RideChat({ rideId }: { rideId: number }) {
  const { t } = useLingui();
  const conversation = useRideMessages(rideId);
  const send = useSendRideMessage(rideId);
  const remove = useDeleteRideMessage(rideId);
  const [draft, setDraft] = useState('');

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
  return (
    <section aria-labelledby="ride-chat-title" className="card bg-base-200">
      <div className="card-body gap-3 p-4">
        <h2 id="ride-chat-title" className="card-title">
          <Trans>Ride chat</Trans>
        </h2>
        {pinned ? (
          <div role="note" aria-label={t`Pinned by the organizer`} className="alert alert-info flex-col items-start">
            <span className="text-sm font-semibold">
              <Trans>Pinned by the organizer</Trans>
            </span>
            <MessageBody body={pinned.body} />
          </div>
        ) : null}
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
