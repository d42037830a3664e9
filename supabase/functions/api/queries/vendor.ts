import type { RideVendor } from '../../_shared/types/user.ts';
import type { RequestDb } from '../lib/database.ts';

// The vendor's company, driver, plate and contact: app.ride_vendor lets only the ride's
// organiser, passengers and vendor read it (403 for anyone else). Null while the ride is open.
export async function readRideVendor(db: RequestDb, rideId: number): Promise<RideVendor | null> {
  const row = await db.one<{ vendor: RideVendor | null }>('select app.ride_vendor($1::integer) as vendor', [rideId]);
  return row?.vendor ?? null;
}
