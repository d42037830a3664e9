import { Trans, useLingui } from '@lingui/react/macro';
import { dropoffOrderLocked, rideRoute } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { telLink } from '../../../components/contact-buttons';
import { AlertIcon } from '../../../components/icons';
import { formatClockTime, formatDate, formatDateTime, formatPhoneNumber } from '../../../lib/format';
import { readPassportExpiry, writePassportExpiry } from '../device-store';
import { isDateOnly, passportNeededUntil, passportTooShort } from '../passport-validity';
import type { ChecklistDriver } from './border-checklist-card';

// A YYYY-MM-DD day as the rest of the app shows dates (noon: the same day in any zone).
const showDay = (day: string) => formatDate(`${day}T12:00:00+08:00`);
// What some checklist items show under their title, from this ride: the passport's expiry
// against the trip, the reader's stop in the order, and who drives.
export function PassportExpiry({ ride, memberId }: { ride: Ride; memberId: number }) {
  const { t } = useLingui();
  const [expiry, setExpiry] = useState(() => readPassportExpiry(memberId));
  const id = `passport-expiry-${ride.id}`;
  const neededUntil = passportNeededUntil(ride.date);
  const known = isDateOnly(expiry);
  const expiresOn = known ? showDay(expiry) : '';
  const validUntil = showDay(neededUntil);
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          <Trans>Passport expiry</Trans>
        </label>
        <input
          id={id}
          type="date"
          className="input input-bordered min-h-11 w-full max-w-xs"
          value={expiry}
          onChange={(event) => {
            setExpiry(event.target.value);
            writePassportExpiry(memberId, event.target.value);
          }}
          aria-describedby={`${id}-help`}
        />
        <p id={`${id}-help`} className="text-sm opacity-80">
          <Trans>Optional. Kept on this phone only, never sent.</Trans>
        </p>
      </div>
      {known && passportTooShort(expiry, ride.date) ? (
        <div role="alert" className="alert alert-warning items-start">
          <AlertIcon />
          <p>
            {t`Your passport expires on ${expiresOn}, less than 6 months after this ride. It must be valid until at least ${validUntil}: renew it before you travel.`}
          </p>
        </div>
      ) : known ? (
        <p className="text-sm">
          <Trans>Valid for at least 6 months after this ride.</Trans>
        </p>
      ) : null}
    </div>
  );
}

export function StopsDetail({ ride, passengers, memberId }: { ride: Ride; passengers: Passenger[]; memberId: number }) {
  const { t } = useLingui();
  const route = rideRoute(ride, passengers);
  const { start, stops, end } = route;
  // The Passengers tab's 'Stop #' appears only once the organiser locks the FC->SG order (a lock
  // numbers every passenger, ADR 0002): a draft's numbers here said otherwise and could change.
  // SG->FC pickups are numbered once their order is set (ADR 0040), with the member's own time.
  const numbered = route.numbered && (Boolean(ride.sequenceLocked) || dropoffOrderLocked(passengers));
  const pickups = ride.direction === 'SG->FC';
  const pickupTime = formatDateTime(ride.date);
  const yours = (passenger: Passenger | null) =>
    passenger ? passenger.userId === memberId : ride.creatorId === memberId;
  const List = numbered ? 'ol' : 'ul';
  return (
    <div className="mt-1 text-sm">
      <p>
        <Trans>
          <span className="font-medium">Pickup time:</span> {pickupTime}
        </Trans>
      </p>
      {start ? (
        <p>
          <Trans>
            <span className="font-medium">From:</span> <span translate="no">{start}</span>
          </Trans>
        </p>
      ) : null}
      {stops.length > 0 ? (
        <>
          <p className="font-medium">
            {numbered
              ? pickups
                ? t`Pickups in order:`
                : t`Drop-offs in order:`
              : route.numbered
                ? t`Drop-offs:`
                : t`Pickups:`}
          </p>
          <List className={numbered ? 'list-decimal pl-5' : 'list-disc pl-5'} data-testid="checklist-stops">
            {stops.map((stop, index) => (
              <li key={index} className="whitespace-pre-line" value={numbered ? (stop.number ?? undefined) : undefined}>
                <span translate="no">{stop.location}</span>
                {yours(stop.passenger) ? (
                  <span className="font-semibold">
                    {' '}
                    <OwnStop time={numbered && pickups ? (stop.passenger?.pickupTime ?? null) : null} />
                  </span>
                ) : null}
              </li>
            ))}
          </List>
        </>
      ) : null}
      {end ? (
        <p>
          <Trans>
            <span className="font-medium">Then:</span> <span translate="no">{end}</span>
          </Trans>
        </p>
      ) : null}
      {ride.direction === 'FC->SG' && !ride.sequenceLocked ? (
        <p className="opacity-80">
          <Trans>The organiser may still change the drop-off order.</Trans>
        </p>
      ) : null}
    </div>
  );
}

// "(your stop)", with about when the car comes once the driver or organiser said (ADR 0040).
function OwnStop({ time }: { time: string | null }) {
  if (!time) return <Trans>(your stop)</Trans>;
  const at = formatClockTime(time);
  return <Trans>(your stop, about {at})</Trans>;
}

export function DriverDetail({ driver }: { driver: ChecklistDriver | null }) {
  const { t } = useLingui();
  if (!driver) {
    return (
      <p className="mt-1 text-sm opacity-80">
        <Trans>Not known yet: the plate and contact show here once a driver is booked.</Trans>
      </p>
    );
  }
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      <dt className="font-medium">
        <Trans>Driver</Trans>
      </dt>
      <dd translate="no">{driver.name ?? '–'}</dd>
      <dt className="font-medium">
        <Trans>Car plate</Trans>
      </dt>
      <dd translate={driver.plate ? 'no' : undefined}>{driver.plate ?? t`Ask the driver`}</dd>
      <dt className="font-medium">
        <Trans>Contact</Trans>
      </dt>
      <dd translate="no">
        {driver.contact ? (
          <a className="link inline-flex min-h-11 items-center whitespace-nowrap" href={telLink(driver.contact)}>
            {formatPhoneNumber(driver.contact)}
          </a>
        ) : (
          '–'
        )}
      </dd>
    </dl>
  );
}
