import { useDriverContacts, type DriverContact } from '../api/get-driver-contacts';
import { telLink, whatsappLink } from '../../../components/contact-buttons';
import { formatPhoneNumber } from '../../../lib/format';
import { ChatIcon, PhoneIcon } from '../../../components/icons';

const DRIVER_MESSAGE = 'Hi, I found you on FC RideShare. I would like to book a car between Singapore and Forest City.';

// The community's drivers as the api lists them; offline, the copy saved in the persisted
// query cache (ADR 0004) keeps them readable at the checkpoint.
export function useRecommendedDrivers(): DriverContact[] {
  return useDriverContacts().data ?? [];
}

// Shown where the list would be when there is nothing to list: still loading, or never loaded
// because this device has not been online since installing.
export function DriversUnavailable() {
  const { isPending, isError, data } = useDriverContacts();
  if (data && data.length > 0) return null;
  if (isPending) return <p className="text-sm opacity-80">Loading drivers…</p>;
  return (
    <p className="text-sm opacity-80">
      {isError
        ? 'Driver contacts could not be loaded. They are kept for offline use once you have opened this page online.'
        : 'No recommended drivers are listed yet.'}
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
          <ChatIcon /> {driver.name}
          {driver.basePriceSgd != null ? ` ($${driver.basePriceSgd})` : ''}
        </a>
      ))}
    </div>
  );
}

// The guide's list: every driver with vehicle, price, WhatsApp and Malaysian phone.
export function RecommendedDriversList() {
  const drivers = useRecommendedDrivers();
  return (
    <section aria-labelledby="recommended-drivers" className="flex flex-col gap-3">
      <h2 id="recommended-drivers" className="text-xl font-semibold">
        Community-recommended drivers
      </h2>
      <p>Drivers members have travelled with. Agree the price and pickup time with them directly.</p>
      <DriversUnavailable />
      <ul className="grid gap-4 md:grid-cols-2">
        {drivers.map((driver) => (
          <li key={driver.id} className="card bg-base-200 p-4">
            <h3 className="text-lg font-semibold">{driver.name}</h3>
            <p>{driver.vehicleType}</p>
            <p className="mt-2 text-lg font-bold">
              {driver.basePriceSgd != null ? `S$${driver.basePriceSgd} per trip` : 'Ask the driver for a price'}
            </p>
            {driver.notes ? <p>{driver.notes}</p> : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <a
                className="btn btn-success min-h-11"
                href={whatsappLink(driver.whatsappNumber, DRIVER_MESSAGE)}
                target="_blank"
                rel="noreferrer"
                aria-label={`WhatsApp ${driver.name} (opens in a new tab)`}
              >
                <ChatIcon /> WhatsApp
              </a>
              {driver.malaysianNumber ? (
                <a
                  className="btn btn-outline min-h-11"
                  href={telLink(driver.malaysianNumber)}
                  aria-label={`${formatPhoneNumber(driver.malaysianNumber)}: call ${driver.name}`}
                >
                  <PhoneIcon /> {formatPhoneNumber(driver.malaysianNumber)}
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
