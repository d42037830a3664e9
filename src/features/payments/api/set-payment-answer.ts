import type { ConfirmPaymentAnswer } from '@shared/schemas/payments-response.ts';
import type { RidePayment } from '@shared/types/payment.ts';
import type { QueryClient } from '@tanstack/react-query';

import { rideChanged } from '../../../lib/ride-changes';
import { paymentKeys } from '../query-keys';

// The organiser's "Mark paid", "Mark unpaid" and "Refunded" answer with the passenger's entry
// and the ride's totals as they are now: both are written in, nothing is read again. Without an
// entry (it went meanwhile), who is aboard is read again.
export function setPaymentAnswer(queryClient: QueryClient, rideId: number, answer: ConfirmPaymentAnswer) {
  queryClient.setQueryData<RidePayment>(paymentKeys.ride(rideId), (payment) =>
    payment ? { ...payment, summary: answer.summary } : payment,
  );
  rideChanged(
    queryClient,
    answer.passenger
      ? { rides: [rideId], changed: [], passenger: answer.passenger }
      : { rides: [rideId], changed: ['aboard'] },
  );
}
