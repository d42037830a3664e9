import { useState } from 'react';
import { paymentSummary } from '@shared/payments.ts';
import { payNowMobile, payNowReference } from '@shared/paynow.ts';
import { nowEach } from '@shared/price.ts';
import type { PaymentStatus } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { MoneyIcon } from '../../../components/icons';
import type { User } from '../../../lib/auth';
import { formatSgd, plural } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useClaimPayment } from '../api/claim-payment';
import { useConfirmPayment } from '../api/confirm-payment';
import { usePayment } from '../api/get-payment';
import { useRemindUnpaid } from '../api/remind-unpaid';
import { organizerName, passengerName } from '../ride-rules';
import { PayNowQr } from './paynow-qr';

const STATUS_TEXT: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  claimed: 'Says paid',
  paid: 'Paid',
};

const STATUS_BADGE: Record<PaymentStatus, string> = {
  unpaid: 'badge-outline',
  claimed: 'badge-warning',
  paid: 'badge-success',
};

function StatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge ${STATUS_BADGE[status]}`}>{STATUS_TEXT[status]}</span>;
}

// Paying the organiser (issue 13, part 3). The statuses and shares come with the passengers
// query, so what was last seen stays readable offline; the api shows them to the passenger
// themself and to the organiser only.
export function PaymentCard({ ride, user, passengers }: { ride: Ride; user: User; passengers: Passenger[] }) {
  if (user.id === ride.creatorId) {
    return passengers.length > 0 ? <OrganizerPayments ride={ride} passengers={passengers} /> : null;
  }
  const own = passengers.find((passenger) => passenger.userId === user.id);
  if (!own?.paymentStatus || own.share == null) return null;
  return <PassengerPayment ride={ride} entry={own as Passenger & { paymentStatus: PaymentStatus; share: number }} />;
}

function PassengerPayment({ ride, entry }: { ride: Ride; entry: Passenger & { paymentStatus: PaymentStatus; share: number } }) {
  const payment = usePayment(ride.id, true);
  const claim = useClaimPayment();
  const [showQr, setShowQr] = useState(false);
  const status = entry.paymentStatus;
  const payee = payment.data?.payee;
  const payeeName = payee?.name ?? organizerName(ride);
  const mobile = payNowMobile(payee?.whatsappNumber);
  const reference = payNowReference(ride.id);
  const party = entry.passengerCount ?? 1;

  const onClaim = (claimed: boolean) =>
    claim.mutate(
      { rideId: ride.id, claimed },
      {
        onSuccess: (answer) => toastSuccess(claimed ? 'Payment sent' : 'Payment marked as not sent', answer.message),
        onError: (failure) => toastError('Could not update your payment', errorMessage(failure)),
      },
    );

  let payWith;
  if (status === 'paid') {
    payWith = null;
  } else if (payment.isPending) {
    payWith = <p className="text-sm opacity-80">Loading how to pay…</p>;
  } else if (!payee) {
    payWith = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>Could not load how to pay {payeeName}: {payment.error?.message}</p>
        <button type="button" className="btn btn-sm min-h-11" onClick={() => void payment.refetch()} disabled={payment.isFetching}>
          Try again
        </button>
      </div>
    );
  } else if (!payee.revolutUsername && !mobile) {
    payWith = <p className="text-sm">{payeeName} has not added Revolut or a Singapore number: ask them how to pay.</p>;
  } else {
    payWith = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {payee.revolutUsername ? (
            <a
              className="btn btn-outline min-h-11"
              href={`https://revolut.me/${encodeURIComponent(payee.revolutUsername)}`}
              target="_blank"
              rel="noreferrer"
            >
              <MoneyIcon /> Pay with Revolut
            </a>
          ) : null}
          {mobile ? (
            <button type="button" className="btn btn-outline min-h-11" aria-expanded={showQr} onClick={() => setShowQr((shown) => !shown)}>
              {showQr ? 'Hide PayNow QR' : 'Pay with PayNow'}
            </button>
          ) : null}
        </div>
        {showQr && mobile ? <PayNowQr mobile={mobile} amount={entry.share} reference={reference} payeeName={payeeName} /> : null}
        <p className="text-sm">
          Reference: <strong>{reference}</strong>
        </p>
      </div>
    );
  }

  return (
    <section aria-labelledby="payment-title" className="card border border-primary bg-base-100 p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-title" className="text-lg font-semibold">
          Your payment
        </h2>
        <StatusBadge status={status} />
      </div>
      <p className="mb-1">
        Your share: <strong data-testid="own-share">{formatSgd(entry.share)}</strong>
      </p>
      <p className="mb-3 text-sm">
        {party > 1 ? `${party} people × ${formatSgd(nowEach(ride), 0)} each` : `${formatSgd(nowEach(ride), 0)} each`}, the car's cost
        split over the {plural(Math.max(1, ride.currentPassengers), 'person', 'people')} aboard now. Pay {payeeName}, the organizer.
      </p>
      {payWith}
      {status === 'unpaid' ? (
        <button type="button" className="btn btn-primary mt-3 min-h-11 self-start" disabled={claim.isPending} onClick={() => onClaim(true)}>
          I've paid
        </button>
      ) : status === 'claimed' ? (
        <div className="mt-3 flex flex-col items-start gap-2">
          <p className="text-sm">You said you've paid. {payeeName} will confirm it.</p>
          <button type="button" className="btn btn-outline btn-sm min-h-11" disabled={claim.isPending} onClick={() => onClaim(false)}>
            I haven't paid yet
          </button>
        </div>
      ) : (
        <p className="mt-1 text-sm">{payeeName} confirmed your payment. Thank you!</p>
      )}
    </section>
  );
}

function OrganizerPayments({ ride, passengers }: { ride: Ride; passengers: Passenger[] }) {
  const confirm = useConfirmPayment();
  const remind = useRemindUnpaid();
  const summary = paymentSummary(ride, passengers);
  const outstanding = summary.unpaidCount + summary.claimedCount;

  const onConfirm = (passenger: Passenger, paid: boolean) =>
    confirm.mutate(
      { rideId: ride.id, passengerId: passenger.id, paid },
      {
        onSuccess: (answer) => toastSuccess(answer.message, passengerName(passenger)),
        onError: (failure) => toastError('Could not update the payment', errorMessage(failure)),
      },
    );

  const onRemind = () =>
    remind.mutate(ride.id, {
      onSuccess: (answer) => toastSuccess('Reminder sent', answer.message),
      onError: (failure) => toastError('Could not send the reminder', errorMessage(failure)),
    });

  return (
    <section aria-labelledby="payments-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="payments-title" className="mb-2 text-lg font-semibold">
        Payments
      </h2>
      <p data-testid="payments-collected">
        Collected <strong>{formatSgd(summary.collected)}</strong> of {formatSgd(summary.expected)} from passengers
      </p>
      <progress
        className="progress progress-success my-2 w-full"
        value={summary.collected}
        max={Math.max(summary.expected, 1)}
        aria-label="Share of the passengers' payments collected"
      />
      <p className="mb-3 text-sm">
        The car costs {formatSgd(summary.carCost)}; your own share is the rest.
        {summary.claimedCount > 0 ? ` ${plural(summary.claimedCount, 'passenger')} ${summary.claimedCount === 1 ? 'says' : 'say'} they've paid: check and mark paid.` : ''}
      </p>
      <ul className="mb-3 flex flex-col gap-2" aria-label="Payments by passenger">
        {passengers.map((passenger) => {
          const name = passengerName(passenger);
          const status = passenger.paymentStatus ?? 'unpaid';
          const paid = status === 'paid';
          return (
            <li key={passenger.id} className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-2">
              <div className="flex flex-col">
                <span className="font-medium">{name}</span>
                <span className="text-sm">
                  {passenger.share != null ? formatSgd(passenger.share) : '–'} · <StatusBadge status={status} />
                </span>
              </div>
              <button
                type="button"
                className={`btn btn-sm min-h-11 ${paid ? 'btn-outline' : 'btn-success'}`}
                disabled={confirm.isPending}
                aria-label={`${paid ? 'Mark unpaid' : 'Mark paid'}: ${name}`}
                onClick={() => onConfirm(passenger, !paid)}
              >
                {paid ? 'Mark unpaid' : 'Mark paid'}
              </button>
            </li>
          );
        })}
      </ul>
      {outstanding > 0 ? (
        <button type="button" className="btn btn-outline min-h-11 self-start" disabled={remind.isPending} onClick={onRemind}>
          {remind.isPending ? 'Reminding…' : 'Remind unpaid'}
        </button>
      ) : (
        <p className="text-sm">Everyone has paid.</p>
      )}
    </section>
  );
}
