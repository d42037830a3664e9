import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue } from 'react';

import { telLink, whatsappLink } from '../../../components/contact-buttons';
import { ChatIcon, PhoneIcon } from '../../../components/icons';
import { formatPhoneNumber, formatSgdQuote } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { type DriverContact, useDriverContacts } from '../api/get-driver-contacts';

const NO_DRIVERS: DriverContact[] = [];

// The community's drivers as the api lists them; offline, the copy saved in the persisted
// query cache (ADR 0004) keeps them readable at the checkpoint.
export function useRecommendedDrivers(): DriverContact[] {
  return useDriverContacts().data ?? NO_DRIVERS;
}

// Shown where the list would be when there is nothing to list: still loading, or never loaded
// because this device has not been online since installing.
function DriversUnavailable() {
  const { isPending, isError, data } = useDriverContacts();
  if (data && data.length > 0) return null;
  if (isPending) {
    return (
      <p className="text-sm opacity-80">
        <Trans>Loading drivers…</Trans>
      </p>
    );
  }
  return (
    <p className="text-sm opacity-80">
      {isError ? (
        <Trans>
          Driver contacts could not be loaded. They are kept for offline use once you have opened this page online.
        </Trans>
      ) : (
        <Trans>No recommended drivers are listed yet.</Trans>
      )}
    </p>
  );
}

export interface DriverTerms {
  seats: string | null;
  price: string;
  stops: string | null;
  notes: string | null;
}

// A driver's seats, prices and notes in the reader's language: the numbers are columns worded
// by the catalogues, the notes the admin's English or its translation (migration 20261201001100).
export function driverTerms(driver: DriverContact): DriverTerms {
  const count = driver.seats;
  const seats = count != null ? plural(count, { one: '# seat', other: '# seats' }) : null;
  // Whole dollars as the drivers quote them, cents only when there are some: "$75 SGD".
  const base = driver.basePriceSgd != null ? formatSgdQuote(driver.basePriceSgd) : null;
  const price = base != null ? t`${base} per trip` : t`Ask the driver for a price`;
  const low = driver.stopPriceSgd != null ? formatSgdQuote(driver.stopPriceSgd) : null;
  const high = driver.stopPriceMaxSgd != null ? formatSgdQuote(driver.stopPriceMaxSgd) : null;
  let stops: string | null = null;
  if (low != null && high != null) stops = t`plus ${low} to ${high} for each additional stop`;
  else if (low != null) stops = t`plus ${low} for each additional stop`;
  const language = currentLanguage();
  const local = language === 'en' ? undefined : driver.translations?.[language]?.notes;
  return { seats, price, stops, notes: local || driver.notes || null };
}

// "$75 SGD per trip, plus $5 SGD for each additional stop · 6 seats": one line for the contact buttons.
function termsLine(terms: DriverTerms): string {
  const price = terms.stops ? `${terms.price}, ${terms.stops}` : terms.price;
  return terms.seats ? `${price} · ${terms.seats}` : price;
}

export function RecommendedDriverButtons({ message }: { message?: string }) {
  const drivers = useRecommendedDrivers();
  if (drivers.length === 0) return <DriversUnavailable />;
  return (
    <ul className="flex flex-col gap-2">
      {drivers.map((driver) => {
        const terms = driverTerms(driver);
        return (
          <li key={driver.id} className="flex flex-col gap-1">
            <a
              className="btn btn-success h-auto min-h-11 max-w-full self-start whitespace-normal py-2"
              href={whatsappLink(driver.whatsappNumber, message)}
              target="_blank"
              rel="noreferrer"
            >
              <ChatIcon /> <span translate="no">{driver.name}</span>
            </a>
            <p className="text-sm">{termsLine(terms)}</p>
            {terms.notes ? <p className="text-sm opacity-80">{terms.notes}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

// The guide's list: every driver with vehicle, price, WhatsApp and Malaysian phone. Built in the
// background (a deferred value renders like a transition): the drivers' answer arrives just as
// the guide has painted, and building their cards at once was a 70 ms block on a slow phone.
export function RecommendedDriversList() {
  const { t } = useLingui();
  const drivers = useDeferredValue(useRecommendedDrivers(), NO_DRIVERS);
  const driverMessage = t`Hi, I found you on FC RideShare. I would like to book a car between Singapore and Forest City.`;
  return (
    <section aria-labelledby="recommended-drivers" className="flex flex-col gap-3">
      <h2 id="recommended-drivers" className="text-xl font-semibold">
        <Trans>Community-recommended drivers</Trans>
      </h2>
      <p>
        <Trans>Drivers members have travelled with. Agree the price and pickup time with them directly.</Trans>
      </p>
      <DriversUnavailable />
      <ul className="grid gap-4 md:grid-cols-2">
        {drivers.map((driver) => {
          const name = driver.name;
          const terms = driverTerms(driver);
          const phone = formatPhoneNumber(driver.malaysianNumber, '');
          return (
            <li key={driver.id} className="card bg-base-200 p-4">
              <h3 className="text-lg font-semibold" translate="no">
                {name}
              </h3>
              <p>
                <span translate="no">{driver.vehicleType}</span>
                {terms.seats ? ` · ${terms.seats}` : null}
              </p>
              <p className="mt-2 text-lg font-bold">{terms.price}</p>
              {terms.stops ? <p>{terms.stops}</p> : null}
              {terms.notes ? <p>{terms.notes}</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <a
                  className="btn btn-success min-h-11"
                  href={whatsappLink(driver.whatsappNumber, driverMessage)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t`WhatsApp ${name} (opens in a new tab)`}
                >
                  <ChatIcon /> WhatsApp
                </a>
                {driver.malaysianNumber ? (
                  <a
                    className="btn btn-outline min-h-11"
                    href={telLink(driver.malaysianNumber)}
                    aria-label={t`${phone}: call ${name}`}
                  >
                    <PhoneIcon /> {phone}
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
