import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { passengerMoney, paymentSummary } from '@shared/payments.ts';
import { payNowMobile, payNowReference } from '@shared/paynow.ts';
import type { PassengerMoney, PaymentStatus } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { MoneyIcon } from '../../../components/icons';
import { QueryState } from '../../../components/query-state';
import type { User } from '../../../lib/auth';
import { formatSgd } from '../../../lib/format';
import { displayName, organizerName, passengerName } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useClaimPayment } from '../api/claim-payment';
import { useConfirmPayment } from '../api/confirm-payment';
import { usePayment } from '../api/get-payment';
import { useRefundPayment } from '../api/refund-payment';
import { useRemindUnpaid } from '../api/remind-unpaid';
import { PayNowQr } from './paynow-qr';

const STATUS_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  unpaid: msg`Unpaid`,
  claimed: msg`Says paid`,
  paid: msg`Paid`,
};

const STATUS_BADGE: Record<PaymentStatus, string> = {
  unpaid: 'badge-outline',
  claimed: 'badge-warning',
  paid: 'badge-success',
};

function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useLingui();
  return <span className={`badge ${STATUS_BADGE[status]}`}>{t(STATUS_TEXT[status])}</span>;
}

// A seat's money as the api worked it out, or from its sums when the cached answer is older
// (issue 37 §2).
function moneyOf(ride: Ride, entry: Passenger & { paymentStatus: PaymentStatus; share: number }): PassengerMoney {
  return entry.money ?? passengerMoney(entry.share, entry.paymentStatus, entry.payments ?? [], ride.creatorId);
}

// "$43.00 paid to Alice Tan": sums that went to an organiser before this one.
function PaidElsewhere({ money }: { money: PassengerMoney }) {
  if (money.elsewhere.length === 0) return null;
  return (
    <ul className="text-sm" data-testid="paid-elsewhere">
      {money.elsewhere.map((held) => {
        const amount = formatSgd(held.amount);
        const name = <span translate="no">{held.name ?? ''}</span>;
        return (
          <li key={held.organiserId ?? 'gone'}>
            {held.name ? (
              <Trans>
                {amount} paid to {name}
              </Trans>
            ) : (
              <Trans>{amount} paid to a former member</Trans>
            )}
          </li>
        );
      })}
    </ul>
  );
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

function PassengerPayment({
  ride,
  entry,
}: {
  ride: Ride;
  entry: Passenger & { paymentStatus: PaymentStatus; share: number };
}) {
  const { t } = useLingui();
  const payment = usePayment(ride.id, true);
  const claim = useClaimPayment();
  const [showQr, setShowQr] = useState(false);
  const status = entry.paymentStatus;
  const money = moneyOf(ride, entry);
  // The share rose past what was paid and confirmed: the difference is asked for.
  const topUp = status === 'paid' && money.due > 0;
  const payee = payment.data?.payee;
  const payeeName = payee?.name ? displayName({ name: payee.name }) : organizerName(ride);
  const mobile = payNowMobile(payee?.whatsappNumber);
  const reference = payNowReference(ride.id);
  const party = entry.passengerCount ?? 1;
  const share = formatSgd(entry.share);
  // The api's share is the rule's part per person times the party (_shared/price.ts): the part
  // read back from it always multiplies out to the amount asked for.
  const each = formatSgd(entry.share / Math.max(1, party));
  const aboard = Math.max(1, ride.currentPassengers);
  const payeeNameText = <span translate="no">{payeeName}</span>;

  const onClaim = (claimed: boolean) =>
    claim.mutate(
      { rideId: ride.id, claimed },
      {
        // The api's English answer, said here in the member's language.
        onSuccess: () =>
          toastSuccess(
            claimed ? t`Payment sent` : t`Payment marked as not sent`,
            claimed ? t`Thanks: the organizer will confirm your payment` : t`Payment marked as not sent`,
          ),
        onError: toastFailure(t`Could not update your payment`),
      },
    );

  let payWith;
  if (status === 'paid' && !topUp) {
    payWith = null;
  } else if (payment.isPending) {
    payWith = <QueryState inline loading={t`Loading how to pay…`} className="text-sm" />;
  } else if (!payee) {
    const loadError = payment.error?.message;
    payWith = (
      <QueryState
        inline
        className="text-sm"
        error={
          <Trans>
            Could not load how to pay {payeeNameText}: {loadError}
          </Trans>
        }
        onRetry={payment.refetch}
        retrying={payment.isFetching}
      />
    );
  } else if (!payee.revolutUsername && !mobile) {
    payWith = (
      <p className="text-sm">
        <Trans>{payeeNameText} has not added Revolut or a Singapore number: ask them how to pay.</Trans>
      </p>
    );
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
              <MoneyIcon /> <Trans>Pay with Revolut</Trans>
            </a>
          ) : null}
          {mobile ? (
            <button
              type="button"
              className="btn btn-outline min-h-11"
              aria-expanded={showQr}
              onClick={() => setShowQr((shown) => !shown)}
            >
              {showQr ? <Trans>Hide PayNow QR</Trans> : <Trans>Pay with PayNow</Trans>}
            </button>
          ) : null}
        </div>
        {/* The reference once: the QR's caption carries it while the QR is shown. */}
        {showQr && mobile ? (
          <PayNowQr
            mobile={mobile}
            amount={money.due > 0 ? money.due : entry.share}
            reference={reference}
            payeeName={payeeName}
          />
        ) : (
          <p className="text-sm">
            <Trans>
              Reference: <strong translate="no">{reference}</strong>
            </Trans>
          </p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="payment-title" className="card border border-primary bg-base-100 p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-title" className="text-lg font-semibold">
          <Trans>Your payment</Trans>
        </h2>
        <StatusBadge status={status} />
      </div>
      <p className="mb-1">
        <Trans>
          Your share: <strong data-testid="own-share">{share}</strong>
        </Trans>
      </p>
      <p className="mb-3 text-sm">
        {party > 1 ? (
          <Trans>
            {party} people × {each} each: the car's total, stops included, split over the{' '}
            <Plural value={aboard} one="# person" other="# people" /> aboard now. Pay {payeeNameText}, the organizer.
          </Trans>
        ) : (
          <Trans>
            {each} each: the car's total, stops included, split over the{' '}
            <Plural value={aboard} one="# person" other="# people" /> aboard now. Pay {payeeNameText}, the organizer.
          </Trans>
        )}
      </p>
      <MoneyChange money={money} share={entry.share} />
      <PaidElsewhere money={money} />
      {payWith}
      {topUp ? (
        <button
          type="button"
          className="btn btn-primary mt-3 min-h-11 self-start"
          disabled={claim.isPending}
          onClick={() => onClaim(true)}
        >
          <Trans>I've paid the difference</Trans>
        </button>
      ) : status === 'unpaid' ? (
        <button
          type="button"
          className="btn btn-primary mt-3 min-h-11 self-start"
          disabled={claim.isPending}
          onClick={() => onClaim(true)}
        >
          <Trans>I've paid</Trans>
        </button>
      ) : status === 'claimed' ? (
        <div className="mt-3 flex flex-col items-start gap-2">
          <p className="text-sm">
            <Trans>You said you've paid. {payeeNameText} will confirm it.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            disabled={claim.isPending}
            onClick={() => onClaim(false)}
          >
            <Trans>I haven't paid yet</Trans>
          </button>
        </div>
      ) : (
        <p className="mt-1 text-sm">
          <Trans>{payeeNameText} confirmed your payment. Thank you!</Trans>
        </p>
      )}
    </section>
  );
}

// What a change of share did to money already paid (issue 37 §2), and what came back.
function MoneyChange({ money, share }: { money: PassengerMoney; share: number }) {
  const paid = formatSgd(money.paid);
  const now = formatSgd(share);
  const refunded = money.refunded > 0 ? formatSgd(money.refunded) : null;
  let change = null;
  if (money.over > 0) {
    const over = formatSgd(money.over);
    change = (
      <Trans>
        Paid {paid} · your share is now {now} · {over} to come back
      </Trans>
    );
  } else if (money.paid > 0 && money.due > 0) {
    const due = formatSgd(money.due);
    change = (
      <Trans>
        Paid {paid} · your share is now {now} · {due} to pay
      </Trans>
    );
  }
  if (!change && !refunded) return null;
  return (
    <p className="mb-2 flex flex-wrap items-center gap-2 text-sm" data-testid="money-change">
      {change ? <span>{change}</span> : null}
      {refunded ? (
        <span className="badge badge-info">
          <Trans>Refunded {refunded}</Trans>
        </span>
      ) : null}
    </p>
  );
}

function OrganizerPayments({ ride, passengers }: { ride: Ride; passengers: Passenger[] }) {
  const { t } = useLingui();
  const confirm = useConfirmPayment();
  const refund = useRefundPayment();
  const remind = useRemindUnpaid();
  const summary = paymentSummary(ride, passengers);
  const outstanding = summary.owingCount;
  const collected = formatSgd(summary.collected);
  const expected = formatSgd(summary.expected);
  const carCost = formatSgd(summary.carCost);
  const ownShare = formatSgd(summary.ownShare);
  const claimedCount = summary.claimedCount;
  const toRefund = formatSgd(summary.toRefund);

  const onConfirm = (passenger: Passenger, paid: boolean) =>
    confirm.mutate(
      { rideId: ride.id, passengerId: passenger.id, paid },
      {
        // The api's English answer, said here in the member's language.
        onSuccess: () =>
          toastSuccess(paid ? t`Payment confirmed` : t`Payment marked as unpaid`, passengerName(passenger)),
        onError: toastFailure(t`Could not update the payment`),
      },
    );

  const onRefund = (passenger: Passenger) =>
    refund.mutate(
      { rideId: ride.id, passengerId: passenger.id },
      {
        onSuccess: ({ refunded }) =>
          toastSuccess(t`Refund recorded`, `${passengerName(passenger)} · ${formatSgd(refunded)}`),
        onError: toastFailure(t`Could not record the refund`),
      },
    );

  const onRemind = () =>
    remind.mutate(ride.id, {
      // The api's English answer, said here in the member's language.
      onSuccess: ({ reminded }) =>
        toastSuccess(
          t`Reminder sent`,
          reminded === 0
            ? t`Everyone has paid: nobody to remind`
            : t`${plural(reminded, { one: 'Reminded # passenger to pay', other: 'Reminded # passengers to pay' })}`,
        ),
      onError: toastFailure(t`Could not send the reminder`),
    });

  return (
    <section aria-labelledby="payments-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="payments-title" className="mb-2 text-lg font-semibold">
        <Trans>Payments</Trans>
      </h2>
      <p data-testid="payments-collected">
        <Trans>
          Collected <strong>{collected}</strong> of {expected} from passengers
        </Trans>
      </p>
      <progress
        className="progress progress-success my-2 w-full"
        value={summary.collected}
        max={Math.max(summary.expected, 1)}
        aria-label={t`Share of the passengers' payments collected`}
      />
      <p className="mb-3 text-sm">
        <span data-testid="own-remainder">
          <Trans>
            The car costs {carCost}; your own share is the rest: {ownShare}.
          </Trans>
        </span>
        {summary.toRefund > 0 ? (
          <>
            {' '}
            <Trans>To give back: {toRefund}.</Trans>
          </>
        ) : null}
        {claimedCount > 0 ? (
          <>
            {' '}
            <Plural
              value={claimedCount}
              one="# passenger says they've paid: check and mark paid."
              other="# passengers say they've paid: check and mark paid."
            />
          </>
        ) : null}
      </p>
      {summary.heldElsewhere.map((held) => {
        const amount = formatSgd(held.amount);
        const name = <span translate="no">{held.name ?? ''}</span>;
        return (
          <p key={held.organiserId ?? 'gone'} className="alert alert-warning mb-3 text-sm" data-testid="held-elsewhere">
            {held.name ? (
              <Trans>
                {name} holds {amount} paid to them for this ride: settle it with them.
              </Trans>
            ) : (
              <Trans>A former member holds {amount} paid to them for this ride.</Trans>
            )}
          </p>
        );
      })}
      <ul className="mb-3 flex flex-col gap-2" aria-label={t`Payments by passenger`}>
        {passengers.map((passenger) => {
          const name = passengerName(passenger);
          const status = passenger.paymentStatus ?? 'unpaid';
          const money =
            passenger.share != null
              ? moneyOf(ride, { ...passenger, paymentStatus: status, share: passenger.share })
              : null;
          // Paid in full: a share that rose since asks to be marked paid again.
          const paid = status === 'paid' && !(money && money.due > 0);
          const share = passenger.share != null ? formatSgd(passenger.share) : '–';
          return (
            <li
              key={passenger.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-2"
            >
              <div className="flex flex-col">
                <span className="font-medium" translate="no">
                  {name}
                </span>
                <span className="text-sm">
                  {share} · <StatusBadge status={status} />
                </span>
                {money ? <OrganiserMoneyLines money={money} status={status} /> : null}
              </div>
              {money && money.over > 0 ? (
                <button
                  type="button"
                  className="btn btn-outline btn-sm min-h-11"
                  disabled={refund.isPending}
                  aria-label={t`Refunded: ${name}`}
                  onClick={() => onRefund(passenger)}
                >
                  <Trans>Refunded</Trans>
                </button>
              ) : null}
              <button
                type="button"
                className={`btn btn-sm min-h-11 ${paid ? 'btn-outline' : 'btn-success'}`}
                disabled={confirm.isPending}
                aria-label={paid ? t`Mark unpaid: ${name}` : t`Mark paid: ${name}`}
                onClick={() => onConfirm(passenger, !paid)}
              >
                {paid ? <Trans>Mark unpaid</Trans> : <Trans>Mark paid</Trans>}
              </button>
            </li>
          );
        })}
      </ul>
      {outstanding > 0 ? (
        <button
          type="button"
          className="btn btn-outline min-h-11 self-start"
          disabled={remind.isPending}
          onClick={onRemind}
        >
          {remind.isPending ? <Trans>Reminding…</Trans> : <Trans>Remind unpaid</Trans>}
        </button>
      ) : (
        <p className="text-sm">
          <Trans>Everyone has paid.</Trans>
        </p>
      )}
    </section>
  );
}

// Under a passenger's share on the organiser's card: what changed since they paid, and to whom.
function OrganiserMoneyLines({ money, status }: { money: PassengerMoney; status: PaymentStatus }) {
  const over = formatSgd(money.over);
  const due = formatSgd(money.due);
  const refunded = formatSgd(money.refunded);
  return (
    <>
      {money.over > 0 ? (
        <span className="text-sm font-medium" data-testid="owe-back">
          <Trans>You owe this passenger {over} back</Trans>
        </span>
      ) : null}
      {status === 'paid' && money.due > 0 ? (
        <span className="text-sm">
          <Trans>{due} still to pay: their share rose</Trans>
        </span>
      ) : null}
      {money.refunded > 0 ? (
        <span className="badge badge-info">
          <Trans>Refunded {refunded}</Trans>
        </span>
      ) : null}
      <PaidElsewhere money={money} />
    </>
  );
}
