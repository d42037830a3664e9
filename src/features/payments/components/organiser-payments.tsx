import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { paymentSummary } from '@shared/payments.ts';
import type { PassengerMoney, PaymentStatus } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import { formatSgd } from '../../../lib/format';
import { passengerName } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useConfirmPayment } from '../api/confirm-payment';
import { useRefundPayment } from '../api/refund-payment';
import { useRemindUnpaid } from '../api/remind-unpaid';
import { moneyOf, PaidElsewhere, StatusBadge } from './payment-parts';

// The organiser's totals and each passenger's payment: Mark paid or unpaid, Refunded, and a
// reminder to everyone who still owes.
export function OrganiserPayments({ ride, passengers }: { ride: Ride; passengers: Passenger[] }) {
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
