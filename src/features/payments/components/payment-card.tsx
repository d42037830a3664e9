import type { PaymentStatus } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import type { User } from '../../../lib/auth';
import { OrganiserPayments } from './organiser-payments';
import { PassengerPayment } from './passenger-payment';

// Paying the organiser (issue 13, part 3). The statuses and shares come with the passengers
// query, so what was last seen stays readable offline; the api shows them to the passenger
// themself and to the organiser only.
export function PaymentCard({ ride, user, passengers }: { ride: Ride; user: User; passengers: Passenger[] }) {
  if (user.id === ride.creatorId) {
    return passengers.length > 0 ? <OrganiserPayments ride={ride} passengers={passengers} /> : null;
  }
  const own = passengers.find((passenger) => passenger.userId === user.id);
  if (!own?.paymentStatus || own.share == null) return null;
  return <PassengerPayment ride={ride} entry={own as Passenger & { paymentStatus: PaymentStatus; share: number }} />;
}
