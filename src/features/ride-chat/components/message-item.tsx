import { Trans as TransId } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationMessage } from '@shared/notification-text.ts';
import type { RideMessage } from '@shared/schemas/ride-chat.ts';
import { CAR_STEPS, type CarStep, LATE_MINUTES, type LateMinutes } from '@shared/trip-steps.ts';
import { carStepMessage, passengerStepMessage } from '@shared/trip-text.ts';
import type { Direction } from '@shared/types/ride.ts';
import type { ReactNode } from 'react';

import { formatShortDateTime, formatShortTime } from '../../../lib/format';
import { messageParts } from '../message-parts';
import { MessageActions } from './message-actions';

export function MessageBody({ body }: { body: string }) {
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

function param(params: Record<string, unknown>, name: string): string | null {
  const value = params[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

// A message of the day of the trip (_shared/trip-text.ts, the inbox's and Web Push's words), with
// the names and stops as written, out of the browser's translator.
function TripText({ message }: { message: NotificationMessage }) {
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([key, value]) => [
      key,
      typeof value === 'string' ? <span translate="no">{value}</span> : value,
    ]),
  );
  return <TransId id={message.id} message={message.message} values={values} />;
}

function carStepIn(params: Record<string, unknown>, direction: Direction | null): NotificationMessage | null {
  const step = param(params, 'step');
  if (!step || !(CAR_STEPS as readonly string[]).includes(step)) return null;
  const stop = param(params, 'stop');
  if (step === 'at_stop' && !stop) return null;
  return carStepMessage(direction, step as CarStep, stop);
}

// What the app wrote itself (joins, leaves, a new date, the car's steps, ...), in the reader's
// language; the English the database kept when the kind is one this version does not know, or
// its params are not what this version reads (a checkpoint line with no direction to name it).
function SystemText({ message, direction }: { message: RideMessage; direction: Direction | null }) {
  const kind = message.system?.kind;
  const params = message.system?.params ?? {};
  const nameText = param(params, 'name');
  // A member's name as written, never run through a page translator.
  const name = <span translate="no">{nameText ?? ''}</span>;
  const date = param(params, 'date');
  switch (kind) {
    case 'joined':
      return <Trans>{name} joined the ride</Trans>;
    case 'left':
      return <Trans>{name} left the ride</Trans>;
    case 'removed':
      return <Trans>{name} is no longer on the ride</Trans>;
    case 'stops_locked':
      return <Trans>The drop-off order is locked</Trans>;
    case 'driver_booked':
      return nameText ? <Trans>{name} is driving this ride</Trans> : <Trans>A driver is booked for this ride</Trans>;
    case 'driver_released':
      return <Trans>The driver was released</Trans>;
    case 'handed_over':
      return <Trans>{name} now organises this ride</Trans>;
    case 'date_changed': {
      if (!date || Number.isNaN(Date.parse(date))) return <>{message.body}</>;
      const when = formatShortDateTime(date);
      return <Trans>The ride moved to {when}</Trans>;
    }
    case 'car_step': {
      const step = carStepIn(params, direction);
      if (!step || (param(params, 'step') === 'at_checkpoint' && !direction)) return <>{message.body}</>;
      return <TripText message={step} />;
    }
    case 'car_step_undone': {
      const step = carStepIn(params, direction);
      if (!step || (param(params, 'step') === 'at_checkpoint' && !direction)) return <>{message.body}</>;
      const what = <TripText message={step} />;
      return <Trans>Taken back: {what}</Trans>;
    }
    case 'passenger_step': {
      const step = param(params, 'passengerStep');
      const minutes = params.lateMinutes;
      if (!nameText || (step !== 'at_stop' && step !== 'late' && step !== 'picked_up')) return <>{message.body}</>;
      const late = (LATE_MINUTES as readonly unknown[]).includes(minutes) ? (minutes as LateMinutes) : null;
      if (step === 'late' && late === null) return <>{message.body}</>;
      return <TripText message={passengerStepMessage(nameText, step, late)} />;
    }
    default:
      return <>{message.body}</>;
  }
}

// "Report" under another member's message (issue 26): the moderation feature's button and
// dialog, which the app puts here.
export type ReportMessageSlot = (message: { id: number; label: string }) => ReactNode;

export function MessageItem({
  message,
  onDelete,
  deleting,
  onPin,
  pinning,
  report,
  author: authorTools,
  direction = null,
}: {
  message: RideMessage;
  // The ride's, for the car's "at the checkpoint" line (which checkpoint).
  direction?: Direction | null;
  onDelete?: () => void;
  deleting?: boolean;
  // The organiser's: pin this message (or take the pin off it).
  onPin?: () => void;
  pinning?: boolean;
  report?: ReportMessageSlot;
  // What src/app offers about the author (issue 26 §1: Block).
  author?: ReactNode;
}) {
  const { t } = useLingui();
  // The day is the header above (chat-timeline.ts).
  const time = formatShortTime(message.createdAt);
  const author = message.authorName ?? t`Someone`;
  const reportButton =
    !message.own && report ? report({ id: message.id, label: t`Report message from ${author}` }) : null;
  if (message.authorId === null) {
    return (
      <li
        className="text-center text-sm opacity-80"
        data-message-id={message.id}
        data-system-line={message.system?.kind ?? ''}
      >
        <p className="break-words">
          <SystemText message={message} direction={direction} /> · <time dateTime={message.createdAt}>{time}</time>
        </p>
      </li>
    );
  }
  const hasActions = Boolean(onDelete || onPin || reportButton || authorTools);
  return (
    <li className={`chat ${message.own ? 'chat-end' : 'chat-start'}`} data-message-id={message.id}>
      <div className="chat-header flex items-center gap-2">
        <span className="font-semibold">{message.own ? <Trans>You</Trans> : author}</span>
        <time className="text-xs opacity-80" dateTime={message.createdAt}>
          {time}
        </time>
        {message.pinned ? (
          <span className="badge badge-info badge-sm">
            <Trans>Pinned</Trans>
          </span>
        ) : null}
        {hasActions ? (
          <MessageActions
            label={
              message.own
                ? t`Actions for your message at ${time}`
                : t`Actions for the message from ${author} at ${time}`
            }
          >
            {reportButton}
            {authorTools}
            {onPin ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                onClick={onPin}
                disabled={pinning}
                aria-label={message.pinned ? t`Unpin the message from ${time}` : t`Pin the message from ${time}`}
              >
                {message.pinned ? <Trans>Unpin</Trans> : <Trans>Pin</Trans>}
              </button>
            ) : null}
            {onDelete ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                onClick={onDelete}
                disabled={deleting}
                aria-label={t`Delete your message from ${time}`}
              >
                <Trans>Delete</Trans>
              </button>
            ) : null}
          </MessageActions>
        ) : null}
      </div>
      <div className={`chat-bubble ${message.own ? 'chat-bubble-primary' : ''}`}>
        <MessageBody body={message.body} />
      </div>
    </li>
  );
}
