import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';

import { ContactButtons } from '../../../components/contact-buttons';
import { formatDateTime } from '../../../lib/format';
import type { MemberSlot } from '../../../lib/member-slot';
import { directionLabel, organiserName } from '../../../lib/ride-rules';
import type { FollowSlot } from './ride-page-slots';

// follow: given when the reader is a passenger of this ride, so they rode with the organiser
// (issue 27): the follows feature's button.
export function OrganiserCard({ ride, follow, member }: { ride: Ride; follow?: FollowSlot; member?: MemberSlot }) {
  const { t } = useLingui();
  const name = organiserName(ride);
  const organiser = ride.creator ?? {};
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  return (
    <section aria-labelledby="organiser-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="organiser-title" className="mb-1 text-lg font-semibold">
        <Trans>Organizer</Trans>
      </h2>
      <p className="mb-3" translate="no">
        {name}
      </p>
      <ContactButtons
        personName={name}
        contact={organiser}
        channels={['whatsapp', 'malaysian', 'discord']}
        message={t`Hi ${name}, about your ${direction} ride on ${date}.`}
      />
      {follow ? follow({ id: ride.creatorId, name }) : null}
      {member ? <div className="mt-2">{member({ userId: ride.creatorId, name }, { record: true })}</div> : null}
    </section>
  );
}
