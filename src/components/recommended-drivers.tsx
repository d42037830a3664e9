import { useDriverContacts, type DriverContact } from '../lib/rides/get-driver-contacts';
import { whatsappLink } from './contact-buttons';
import { ChatIcon } from './icons';

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
    <div className="flex flex-col gap-2 sm:flex-row">
      {drivers.map((driver) => (
        <a
          key={driver.id}
          className="btn btn-success min-h-11"
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
