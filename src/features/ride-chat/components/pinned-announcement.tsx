import { Trans, useLingui } from '@lingui/react/macro';
import type { RideMessage } from '@shared/schemas/ride-chat.ts';

import { useChatSummary } from '../api/get-chat-summary';
import { MessageBody } from './message-item';

export function PinnedNote({ message }: { message: RideMessage }) {
  const { t } = useLingui();
  return (
    <div role="note" aria-label={t`Pinned by the organizer`} className="alert alert-info flex-col items-start">
      <span className="text-sm font-semibold">
        <Trans>Pinned by the organizer</Trans>
      </span>
      <MessageBody body={message.body} />
    </div>
  );
}

// The organiser's pinned message on the ride's details, for everyone in its conversation
// (issue 25): the pickup time and meeting point without opening the chat. Nothing while it
// loads or when nothing is pinned.
export function PinnedAnnouncement({ rideId }: { rideId: number }) {
  const summary = useChatSummary(rideId);
  const pinned = summary.data?.pinned;
  return pinned ? <PinnedNote message={pinned} /> : null;
}

// The Chat tab's label with the member's unread messages.
export function ChatTabLabel({ rideId, label }: { rideId: number; label: string }) {
  const { t } = useLingui();
  const unread = useChatSummary(rideId).data?.unread ?? 0;
  if (unread === 0) return <>{label}</>;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <span className="flex items-center gap-1">
      {label}{' '}
      <span aria-hidden="true" className="badge badge-error badge-sm font-bold">
        {shown}
      </span>
      <span className="sr-only">{t`${unread} unread`}</span>
    </span>
  );
}
