import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { passengerMoney } from '@shared/payments.ts';
import type { PassengerMoney, PaymentStatus } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import { formatSgd } from '../../../lib/format';

// What both payment cards show of a seat's money: its status, its sums, and what went elsewhere.

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

export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useLingui();
  return <span className={`badge ${STATUS_BADGE[status]}`}>{t(STATUS_TEXT[status])}</span>;
}

// A seat's money as the api worked it out, or from its sums when the cached answer is older
// (issue 37 §2).
export function moneyOf(
  ride: Ride,
  entry: Passenger & { paymentStatus: PaymentStatus; share: number },
): PassengerMoney {
  return entry.money ?? passengerMoney(entry.share, entry.paymentStatus, entry.payments ?? [], ride.creatorId);
}

// "$43.00 paid to Alice Tan": sums that went to an organiser before this one.
export function PaidElsewhere({ money }: { money: PassengerMoney }) {
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
