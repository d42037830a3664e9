import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { payNowMobile, payNowReference } from '@shared/paynow.ts';
import type { PassengerMoney, PaymentStatus } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { MoneyIcon } from '../../../components/icons';
import { QueryState } from '../../../components/query-state';
import { formatSgd } from '../../../lib/format';
import { displayName, organiserName } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useClaimPayment } from '../api/claim-payment';
import { usePayment } from '../api/get-payment';
import { moneyOf, PaidElsewhere, StatusBadge } from './payment-parts';
import { PayNowQr } from './paynow-qr';

// The passenger's own share: how it is worked out, where to pay (Revolut, a PayNow QR) and
// "I've paid", which the organiser then confirms.
export function PassengerPayment({
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
  const payeeName = payee?.name ? displayName({ name: payee.name }) : organiserName(ride);
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
