import { tripSummary } from '../lib/share-summary';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { toastError, toastSuccess } from '../lib/toast';
import { ShareIcon } from './icons';

export async function copyTripSummary(ride: Ride, passengers?: Passenger[]) {
  try {
    await navigator.clipboard.writeText(tripSummary(ride, window.location.origin, passengers));
    toastSuccess('Trip summary copied to clipboard!', 'You can now paste it in WhatsApp or other messaging apps.');
  } catch {
    toastError('Failed to copy: Please try again or copy the text manually.');
  }
}

export function ShareButton({ ride, passengers, className = '' }: { ride: Ride; passengers?: Passenger[]; className?: string }) {
  return (
    <button type="button" className={`btn btn-outline btn-sm min-h-11 ${className}`} onClick={() => void copyTripSummary(ride, passengers)}>
      <ShareIcon /> Share
    </button>
  );
}
