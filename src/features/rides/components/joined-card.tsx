import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import type { ReactNode } from 'react';

import { whatsappLink } from '../../../components/contact-buttons';
import { formatDateTime } from '../../../lib/format';
import { directionLabel, organiserName } from '../../../lib/ride-rules';

function suggestedPassengerMessage(ride: Ride): string {
  const name = organiserName(ride);
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  return t`Hi ${name}, I've joined your ${direction} ride on ${date}. I'll read the ride's chat in the app: please tell me the pickup time and how to pay there. Thanks!`;
}

// The same words as suggestedPassengerMessage, with the organiser's name marked as theirs (not
// to be translated) for the page; the WhatsApp link carries the plain text.
function SuggestedMessage({ ride }: { ride: Ride }) {
  const name = organiserName(ride);
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  return (
    <blockquote className="mb-3 rounded-box bg-base-200 p-3 text-sm">
      <Trans>
        Hi <span translate="no">{name}</span>, I've joined your {direction} ride on {date}. I'll read the ride's chat in
        the app: please tell me the pickup time and how to pay there. Thanks!
      </Trans>
    </blockquote>
  );
}

// payment: the passenger's share with Pay with PayNow / Revolut and "I've paid" (payment-card),
// right under the step that says to pay, not a tab away (issue 21).
export function JoinedCard({ ride, payment }: { ride: Ride; payment?: ReactNode }) {
  const message = suggestedPassengerMessage(ride);
  const whatsapp = ride.creator?.whatsappNumber;
  return (
    <section aria-labelledby="joined-title" className="card border border-success bg-base-100 p-4">
      <h2 id="joined-title" className="mb-2 text-lg font-semibold">
        <Trans>You've Joined</Trans>
      </h2>
      <p className="mb-2">
        <Trans>Next steps:</Trans>
      </p>
      <ol className="mb-3 list-decimal space-y-1 pl-5">
        <li>
          <Trans>Message the organizer so they know you're coming.</Trans>
        </li>
        <li>
          <Trans>Wait for the booking details and the pickup time.</Trans>
        </li>
        <li>
          <Trans>Pay your share to the organizer.</Trans>
        </li>
        <li>
          <Trans>Bring your passport (valid for at least 6 months).</Trans>
        </li>
      </ol>
      {payment ? <div className="mb-3">{payment}</div> : null}
      <p className="mb-1 font-medium">
        <Trans>Suggested message</Trans>
      </p>
      <SuggestedMessage ride={ride} />
      <p className="mb-3 text-sm">
        <Trans>
          Or write in this ride&apos;s Chat tab: the organizer and everyone aboard are already in it, no group to set up
          and no numbers to share.
        </Trans>
      </p>
      {whatsapp ? (
        <a
          className="btn btn-success min-h-11 self-start"
          href={whatsappLink(whatsapp, message)}
          target="_blank"
          rel="noreferrer"
        >
          <Trans>Send on WhatsApp</Trans>
        </a>
      ) : null}
    </section>
  );
}
