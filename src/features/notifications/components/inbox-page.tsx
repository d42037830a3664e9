import { Trans, useLingui } from '@lingui/react/macro';
import { notificationMessages, notificationPath } from '@shared/notification-text.ts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { inboxItems, type NotificationItem, useInbox } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationMessage } from '../notification-message';

function InboxEntry({ item }: { item: NotificationItem }) {
  // The same words as the push, in the member's language.
  const { title, body } = notificationMessages(item.kind, item.params);
  const unread = item.readAt === null;
  const path = notificationPath(item.kind, item.rideId, item.params);
  return (
    <li
      className={`flex flex-col gap-1 rounded-box border p-3 ${
        unread ? 'border-primary bg-base-200' : 'border-base-300 bg-base-100'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className={`text-base ${unread ? 'font-bold' : 'font-semibold'}`}>
          {unread ? (
            <span className="sr-only">
              <Trans>Unread:</Trans>{' '}
            </span>
          ) : null}
          <NotificationMessage value={title} />
        </h2>
        {unread ? (
          <span aria-hidden="true" className="badge badge-primary badge-sm shrink-0">
            <Trans>New</Trans>
          </span>
        ) : null}
      </div>
      <p>
        <NotificationMessage value={body} />
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <time dateTime={item.createdAt} className="opacity-80">
          {formatDateTime(item.createdAt)}
        </time>
        {path !== null ? (
          <Link to={path} className="link link-primary inline-flex min-h-11 items-center">
            {path === '/vendor' ? (
              <Trans>Open the Vendor Dashboard</Trans>
            ) : item.kind === 'ride_deleted' ? (
              // A cancelled ride has no page left: its way's other rides, to find another seat.
              <Trans>See other rides</Trans>
            ) : (
              <Trans>View ride</Trans>
            )}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

// Opening the inbox marks what it shows as read (the bell drops to zero at once); the items keep
// their "New" look for this visit so the member still sees which ones they had not seen.
export function InboxPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Notifications`);
  const inbox = useInbox();
  const markShown = useMarkRead({ keepListStyling: true });
  const markAll = useMarkRead();
  const sent = useRef(new Set<number>());
  const items = inboxItems(inbox.data);

  const freshlyLoaded = inbox.isSuccess && !inbox.isFetching;
  const unreadIds = items.filter((item) => item.readAt === null && !sent.current.has(item.id)).map((item) => item.id);
  const toMark = freshlyLoaded ? unreadIds.join(',') : '';
  const { mutate: markShownMutate } = markShown;
  useEffect(() => {
    if (!toMark) return;
    const ids = toMark.split(',').map(Number);
    for (const id of ids) sent.current.add(id);
    // Offline or failed: they stay unread and are marked on a later visit; nothing to tell.
    markShownMutate({ ids });
  }, [toMark, markShownMutate]);

  const anyUnread = items.some((item) => item.readAt === null) || (inbox.data?.pages[0]?.unread ?? 0) > 0;

  let content;
  if (inbox.isPending) {
    content = <QueryState loading={t`Loading notifications…`} />;
  } else if (inbox.isError && items.length === 0) {
    const reason = inbox.error.message;
    content = (
      <QueryState
        error={<Trans>Could not load notifications: {reason}</Trans>}
        onRetry={inbox.refetch}
        retrying={inbox.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = (
      <p className="py-8 text-center opacity-80">
        <Trans>No notifications yet</Trans>
      </p>
    );
  } else {
    content = (
      <>
        <ul className="flex flex-col gap-2" aria-label={t`Notifications`}>
          {items.map((item) => (
            <InboxEntry key={item.id} item={item} />
          ))}
        </ul>
        {inbox.hasNextPage ? (
          <button
            type="button"
            className="btn btn-outline min-h-11"
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
          >
            {inbox.isFetchingNextPage ? t`Loading…` : t`Show older`}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-3">
      {/* Wraps: in Malay the title and "Tandakan semua dibaca" are wider than a phone together. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <h1 className="text-2xl font-bold">
          <Trans>Notifications</Trans>
        </h1>
        {items.length > 0 ? (
          <button
            type="button"
            className="btn btn-sm btn-ghost min-h-11 max-w-full"
            disabled={!anyUnread || markAll.isPending}
            onClick={() => markAll.mutate({ all: true }, { onError: toastFailure(t`Could not mark as read`) })}
          >
            <Trans>Mark all read</Trans>
          </button>
        ) : null}
      </div>
      {content}
    </section>
  );
}
