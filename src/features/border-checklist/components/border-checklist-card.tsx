import { Trans, useLingui } from '@lingui/react/macro';
import { dropoffOrderLocked, rideRoute } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { telLink } from '../../../components/contact-buttons';
import { AlertIcon } from '../../../components/icons';
import { QueryState } from '../../../components/query-state';
import { formatClockTime, formatDate, formatDateTime, formatPhoneNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { type BorderChecklistItem, useBorderChecklist } from '../api/get-border-checklist';
import { readPassportExpiry, readTicks, writePassportExpiry, writeTicks } from '../device-store';
import { isDateOnly, passportNeededUntil, passportTooShort } from '../passport-validity';

// Who drives, as far as the ride detail knows it (a vendor assigned, or a recommended driver
// booked); null until somebody is.
export interface ChecklistDriver {
  name: string | null;
  plate: string | null;
  contact: string | null;
}

export interface BorderChecklistCardProps {
  ride: Ride;
  // The member looking: ticks and the passport expiry are theirs, on this device.
  memberId: number;
  passengers: Passenger[] | undefined;
  driver: ChecklistDriver | null;
}

// A YYYY-MM-DD day as the rest of the app shows dates (noon: the same day in any zone).
const showDay = (day: string) => formatDate(`${day}T12:00:00+08:00`);

// Links come from the admin's table, which takes https only; checked again so that a row from
// anywhere else can never put another scheme in front of a rider.
const isHttps = (url: string | null): url is string => Boolean(url && /^https:\/\/[^\s/?#]+/.test(url));

// Issue 14 §2: what to have ready before crossing, on an upcoming ride, for the people
// travelling. The items come from the api (kept in the persisted cache for the checkpoint);
// ticks and the passport expiry stay on this phone and are never sent.
export function BorderChecklistCard({ ride, memberId, passengers, driver }: BorderChecklistCardProps) {
  const { t } = useLingui();
  const checklist = useBorderChecklist();
  const [ticked, setTicked] = useState<number[]>(() => readTicks(memberId, ride.id));
  const items = (checklist.data ?? []).filter((item) => item.directions.includes(ride.direction));

  const toggle = (id: number, on: boolean) => {
    const next = on ? [...ticked.filter((other) => other !== id), id] : ticked.filter((other) => other !== id);
    setTicked(next);
    writeTicks(memberId, ride.id, next);
  };

  let body;
  if (checklist.isPending) {
    body = <QueryState inline loading={t`Loading the checklist…`} />;
  } else if (!checklist.data) {
    const reason = checklist.error?.message;
    body = (
      <QueryState
        inline
        error={<Trans>Could not load the checklist: {reason}</Trans>}
        onRetry={checklist.refetch}
        retrying={checklist.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <p className="opacity-80">
        <Trans>Nothing on the checklist for this direction yet.</Trans>
      </p>
    );
  } else {
    const done = items.filter((item) => ticked.includes(item.id)).length;
    const total = items.length;
    body = (
      <>
        <p className="mb-2 text-sm" aria-live="polite">
          {t`${done} of ${total} ready · ticks stay on this phone`}
        </p>
        <ul className="flex flex-col divide-y divide-base-300">
          {items.map((item) => (
            <li key={item.id} className="py-2">
              <ChecklistItem
                item={item}
                rideId={ride.id}
                checked={ticked.includes(item.id)}
                onChange={(on) => toggle(item.id, on)}
              />
              <div className="pl-9">
                {item.kind === 'passport' ? <PassportExpiry ride={ride} memberId={memberId} /> : null}
                {item.kind === 'stops' ? (
                  <StopsDetail ride={ride} passengers={passengers ?? []} memberId={memberId} />
                ) : null}
                {item.kind === 'driver' ? <DriverDetail driver={driver} /> : null}
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby="border-checklist-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="border-checklist-title" className="mb-1 text-lg font-semibold">
        <Trans>Border checklist</Trans>
      </h2>
      {body}
    </section>
  );
}

// The item's texts in the reader's language, each falling back to the English one (the admin
// may have translated only some; an item saved on the phone before translations has none).
function textsOf(item: BorderChecklistItem) {
  const language = currentLanguage();
  const local = language === 'en' ? undefined : item.translations?.[language];
  return {
    title: local?.title || item.title,
    details: local?.details || item.details,
    linkLabel: local?.linkLabel || item.linkLabel,
  };
}

function ChecklistItem({
  item,
  rideId,
  checked,
  onChange,
}: {
  item: BorderChecklistItem;
  rideId: number;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = `checklist-${rideId}-${item.id}`;
  const { title, details, linkLabel } = textsOf(item);
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={details ? `${id}-details` : undefined}
        />
        <span className={`font-medium ${checked ? 'line-through opacity-80' : ''}`}>{title}</span>
      </label>
      <div className="pl-9">
        {details ? (
          <p id={`${id}-details`} className="text-sm">
            {details}
          </p>
        ) : null}
        {isHttps(item.linkUrl) ? (
          <a
            href={item.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="link link-primary inline-flex min-h-11 items-center text-sm"
          >
            {linkLabel ?? item.linkUrl}
          </a>
        ) : null}
      </div>
    </div>
  );
}

function PassportExpiry({ ride, memberId }: { ride: Ride; memberId: number }) {
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

function StopsDetail({ ride, passengers, memberId }: { ride: Ride; passengers: Passenger[]; memberId: number }) {
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

function DriverDetail({ driver }: { driver: ChecklistDriver | null }) {
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
