import { useDriverContacts, type DriverContact } from '../lib/rides/get-driver-contacts';
import { whatsappLink } from './contact-buttons';
import { ChatIcon } from './icons';

// Used when the api cannot be reached (offline at the checkpoint): the same two drivers as the seed.
export const FALLBACK_DRIVERS: DriverContact[] = [
  {
    id: 1,
    name: 'Uncle Lim',
    whatsappNumber: '+6580000075',
    malaysianNumber: '+60120000075',
    vehicleType: 'Toyota Alphard (6 seats)',
    notes: 'S$75 per trip, plus S$5 for each additional stop.',
    basePriceSgd: 75,
  },
  {
    id: 2,
    name: 'Mr Kumar',
    whatsappNumber: '+6580000080',
    malaysianNumber: '+60120000080',
    vehicleType: 'Toyota HiAce (10 seats)',
    notes: 'S$80 per trip, plus S$5 to S$10 for each additional stop.',
    basePriceSgd: 80,
  },
];

export function useRecommendedDrivers(): DriverContact[] {
  const { data } = useDriverContacts();
  return data && data.length > 0 ? data : FALLBACK_DRIVERS;
}

export function RecommendedDriverButtons({ message }: { message?: string }) {
  const drivers = useRecommendedDrivers();
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
