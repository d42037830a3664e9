import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import { ContactButtons } from '../../../components/contact-buttons';
import { CopyIcon } from '../../../components/icons';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime, formatPhoneNumber } from '../../../lib/format';
import { directionLabel, organiserName, passengerName } from '../../../lib/ride-rules';
import { toastError } from '../../../lib/toast';

function copy(text: string, what: string) {
  return copyText(text, {
    copied: { title: t`Copied to clipboard`, description: what },
    failed: { title: t`Failed to copy` },
  });
}

function copyWhatsappGroupInfo(passengers: Passenger[]) {
  if (passengers.length === 0) return toastError(t`No passengers to add to WhatsApp group`);
  const withNumbers = passengers.filter((passenger) => passenger.user?.whatsappNumber);
  if (withNumbers.length === 0) {
    return toastError(t`No WhatsApp Numbers`, t`None of the passengers have registered their WhatsApp numbers`);
  }
  const lines = withNumbers.map(
    (passenger) => `${passengerName(passenger)}: ${formatPhoneNumber(passenger.user.whatsappNumber!)}`,
  );
  return copy(lines.join('\n'), t`WhatsApp numbers of the passengers, ready to add to a group.`);
}

function copyDiscordGroupInfo(passengers: Passenger[]) {
  if (passengers.length === 0) return toastError(t`No passengers to add to Discord group`);
  const withUsernames = passengers.filter((passenger) => passenger.user?.discordUsername);
  if (withUsernames.length === 0) {
    return toastError(t`No Discord Usernames`, t`None of the passengers have Discord usernames`);
  }
  const lines = withUsernames.map((passenger) => `${passengerName(passenger)}: ${passenger.user.discordUsername}`);
  return copy(lines.join('\n'), t`Discord usernames of the passengers, ready to add to a group.`);
}

function templates(ride: Ride): Array<{ title: string; text: string }> {
  const when = formatDateTime(ride.date);
  const direction = directionLabel(ride.direction);
  return [
    {
      title: t`Booking confirmed`,
      text: t`The car for our ${direction} ride on ${when} is booked. I'll share the driver's details soon.`,
    },
    {
      title: t`Pickup time`,
      text: t`Pickup for our ${direction} ride on ${when}: please be ready 10 minutes early with your passport.`,
    },
    {
      title: t`Payment reminder`,
      text: t`Reminder: please send your share for our ${direction} ride on ${when} before departure. Thank you!`,
    },
  ];
}

// A member who is not on the ride has no group to set up: only the organiser, whom they can reach.
export function CommunicationCard({
  ride,
  passengers,
  isOrganiser,
  onRide = true,
}: {
  ride: Ride;
  passengers: Passenger[];
  isOrganiser: boolean;
  onRide?: boolean;
}) {
  const name = organiserName(ride);
  return (
    <section aria-labelledby="communication-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="communication-title" className="mb-3 text-lg font-semibold">
        <Trans>Communication</Trans>
      </h2>
      {!isOrganiser ? (
        <div className="mb-4">
          <p className="mb-2 font-medium">
            <Trans>
              Contact organizer (<span translate="no">{name}</span>)
            </Trans>
          </p>
          <ContactButtons
            personName={name}
            contact={ride.creator ?? {}}
            channels={['whatsapp', 'malaysian', 'discord']}
          />
        </div>
      ) : null}
      {onRide ? (
        <>
          <div className="mb-4 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm min-h-11"
              onClick={() => void copyWhatsappGroupInfo(passengers)}
            >
              <CopyIcon /> <Trans>Copy WhatsApp group info</Trans>
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm min-h-11"
              onClick={() => void copyDiscordGroupInfo(passengers)}
            >
              <CopyIcon /> <Trans>Copy Discord group info</Trans>
            </button>
          </div>
          {isOrganiser ? (
            <>
              <h3 className="mb-2 font-medium">
                <Trans>Message templates</Trans>
              </h3>
              <ul className="flex flex-col gap-2">
                {templates(ride).map((template) => (
                  <li key={template.title} className="rounded-box bg-base-200 p-3">
                    <p className="font-medium">{template.title}</p>
                    <p className="mb-2 text-sm">{template.text}</p>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm min-h-11"
                      onClick={() => void copy(template.text, template.title)}
                    >
                      <CopyIcon /> <Trans>Copy message</Trans>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
