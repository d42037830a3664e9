import { ContactButtons } from '../../../components/contact-buttons';
import { CopyIcon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { directionLabel, organizerName, passengerName } from '../ride-rules';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { copyText } from '../../../lib/clipboard';
import { toastError } from '../../../lib/toast';

function copy(text: string, what: string) {
  return copyText(text, { copied: { title: 'Copied to clipboard', description: what }, failed: { title: 'Failed to copy' } });
}

export function copyWhatsappGroupInfo(passengers: Passenger[]) {
  if (passengers.length === 0) return toastError('No passengers to add to WhatsApp group');
  const withNumbers = passengers.filter((passenger) => passenger.user?.whatsappNumber);
  if (withNumbers.length === 0) {
    return toastError('No WhatsApp Numbers', 'None of the passengers have registered their WhatsApp numbers');
  }
  const lines = withNumbers.map((passenger) => `${passengerName(passenger)}: ${passenger.user.whatsappNumber}`);
  return copy(lines.join('\n'), 'WhatsApp numbers of the passengers, ready to add to a group.');
}

export function copyDiscordGroupInfo(passengers: Passenger[]) {
  if (passengers.length === 0) return toastError('No passengers to add to Discord group');
  const withUsernames = passengers.filter((passenger) => passenger.user?.discordUsername);
  if (withUsernames.length === 0) {
    return toastError('No Discord Usernames', 'None of the passengers have Discord usernames');
  }
  const lines = withUsernames.map((passenger) => `${passengerName(passenger)}: ${passenger.user.discordUsername}`);
  return copy(lines.join('\n'), 'Discord usernames of the passengers, ready to add to a group.');
}

function templates(ride: Ride): Array<{ title: string; text: string }> {
  const when = formatDateTime(ride.date);
  const trip = `${directionLabel(ride.direction)} ride on ${when}`;
  return [
    { title: 'Booking confirmed', text: `The car for our ${trip} is booked. I'll share the driver's details soon.` },
    { title: 'Pickup time', text: `Pickup for our ${trip}: please be ready 10 minutes early with your passport.` },
    { title: 'Payment reminder', text: `Reminder: please send your share for our ${trip} before departure. Thank you!` },
  ];
}

// A member who is not on the ride has no group to set up: only the organiser, whom they can reach.
export function CommunicationCard({
  ride,
  passengers,
  isCreator,
  onRide = true,
}: {
  ride: Ride;
  passengers: Passenger[];
  isCreator: boolean;
  onRide?: boolean;
}) {
  const name = organizerName(ride);
  return (
    <section aria-labelledby="communication-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="communication-title" className="mb-3 text-lg font-semibold">
        Communication
      </h2>
      {!isCreator ? (
        <div className="mb-4">
          <p className="mb-2 font-medium">Contact organizer ({name})</p>
          <ContactButtons personName={name} contact={ride.creator ?? {}} channels={['whatsapp', 'malaysian', 'discord']} />
        </div>
      ) : null}
      {onRide ? (
        <>
          <div className="mb-4 flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={() => void copyWhatsappGroupInfo(passengers)}>
              <CopyIcon /> Copy WhatsApp group info
            </button>
            <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={() => void copyDiscordGroupInfo(passengers)}>
              <CopyIcon /> Copy Discord group info
            </button>
          </div>
          {isCreator ? (
            <>
              <h3 className="mb-2 font-medium">Message templates</h3>
              <ul className="flex flex-col gap-2">
                {templates(ride).map((template) => (
                  <li key={template.title} className="rounded-box bg-base-200 p-3">
                    <p className="font-medium">{template.title}</p>
                    <p className="mb-2 text-sm">{template.text}</p>
                    <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => void copy(template.text, template.title)}>
                      <CopyIcon /> Copy message
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
