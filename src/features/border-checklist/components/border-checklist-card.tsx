import { Trans, useLingui } from '@lingui/react/macro';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { type BorderChecklistItem, useBorderChecklist } from '../api/get-border-checklist';
import { readTicks, writeTicks } from '../device-store';
import { DriverDetail, PassportExpiry, StopsDetail } from './checklist-item-details';

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
