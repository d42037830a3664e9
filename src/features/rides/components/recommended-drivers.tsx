import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue } from 'react';
import { useDriverContacts, type DriverContact } from '../api/get-driver-contacts';
import { telLink, whatsappLink } from '../../../components/contact-buttons';
import { formatPhoneNumber } from '../../../lib/format';
import { ChatIcon, PhoneIcon } from '../../../components/icons';

const NO_DRIVERS: DriverContact[] = [];

// The community's drivers as the api lists them; offline, the copy saved in the persisted
// query cache (ADR 0004) keeps them readable at the checkpoint.
export function useRecommendedDrivers(): DriverContact[] {
  return useDriverContacts().data ?? NO_DRIVERS;
}

// Shown where the list would be when there is nothing to list: still loading, or never loaded
// because this device has not been online since installing.
export function DriversUnavailable() {
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
        <Trans>Driver contacts could not be loaded. They are kept for offline use once you have opened this page online.</Trans>
      ) : (
        <Trans>No recommended drivers are listed yet.</Trans>
      )}
    </p>
  );
}

export function RecommendedDriverButtons({ message }: { message?: string }) {
  const drivers = useRecommendedDrivers();
  if (drivers.length === 0) return <DriversUnavailable />;
  return (
    <div className="flex flex-wrap gap-2">
      {drivers.map((driver) => (
        <a
          key={driver.id}
          className="btn btn-success h-auto min-h-11 max-w-full whitespace-normal py-2"
          href={whatsappLink(driver.whatsappNumber, message)}
          target="_blank"
          rel="noreferrer"
        >
          <ChatIcon /> <span translate="no">{driver.name}</span>
          {driver.basePriceSgd != null ? ` ($${driver.basePriceSgd})` : ''}
        </a>
      ))}
    </div>
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
          const price = driver.basePriceSgd;
          const phone = driver.malaysianNumber ? formatPhoneNumber(driver.malaysianNumber) : '';
          return (
            <li key={driver.id} className="card bg-base-200 p-4">
              <h3 className="text-lg font-semibold" translate="no">
                {name}
              </h3>
              <p translate="no">{driver.vehicleType}</p>
              <p className="mt-2 text-lg font-bold">
                {price != null ? <Trans>S${price} per trip</Trans> : <Trans>Ask the driver for a price</Trans>}
              </p>
              {driver.notes ? <p translate="no">{driver.notes}</p> : null}
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
