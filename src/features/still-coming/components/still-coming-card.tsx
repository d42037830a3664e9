import { Trans, useLingui } from '@lingui/react/macro';
import type { StillComing, StillComingPassenger } from '@shared/schemas/still-coming.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useAnswerStillComing } from '../api/answer-still-coming';
import { useStillComing } from '../api/get-still-coming';
import { useRemindStillComing } from '../api/remind-still-coming';

export interface StillComingCardProps {
  rideId: number;
}

// Issue 40 §5: the day before, on the ride's page. A passenger asked "Still coming tomorrow?"
// who has not answered sees Yes / No (No asks first, then leaves the ride, so the waitlist fills
// the seat); the organiser sees who confirmed, who said no and who has not answered, and may
// remind the silent ones once. Nothing for anyone else, nor before the question goes out. Its
// code is a chunk of its own (lazy-still-coming-card.tsx), loaded only the day before.
export default function StillComingCard({ rideId }: StillComingCardProps) {
  const question = useStillComing(rideId);
  if (!question.data) return null;
  const data = question.data;
  if (data.mine && data.mine.answer === null) return <Prompt rideId={rideId} />;
  if (data.isOrganiser && data.passengers?.some((passenger) => passenger.askedAt !== null)) {
    return <Answers rideId={rideId} question={data} />;
  }
  return null;
}

function Prompt({ rideId }: { rideId: number }) {
  const { t } = useLingui();
  const answer = useAnswerStillComing(rideId);
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby="still-coming-title" className="card border-primary bg-base-100 gap-3 border-2 p-4">
      <h2 id="still-coming-title" className="text-lg font-semibold">
        <Trans>Still coming tomorrow?</Trans>
      </h2>
      <p>
        <Trans>If you cannot come, say so now: your seat goes to the next member on the waitlist.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-12"
          disabled={answer.isPending}
          onClick={() =>
            answer.mutate('yes', {
              onSuccess: () => toastSuccess(t`Thanks, see you tomorrow`),
              onError: toastFailure(t`Your answer was not sent`),
            })
          }
        >
          <Trans>Yes, I'm coming</Trans>
        </button>
        <button type="button" className="btn min-h-12" disabled={answer.isPending} onClick={() => setAsking(true)}>
          <Trans>No, I can't</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t`Leave this ride?`}
        confirmLabel={t`Leave`}
        destructive
        onConfirm={() => {
          setAsking(false);
          answer.mutate('no', {
            onSuccess: () => toastSuccess(t`You left the ride`),
            onError: toastFailure(t`Your answer was not sent`),
          });
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{t`Your seat goes back to the ride, and the waitlist fills it.`}</p>
      </ConfirmDialog>
    </section>
  );
}

function Answers({ rideId, question }: { rideId: number; question: StillComing }) {
  const { t } = useLingui();
  const remind = useRemindStillComing(rideId);
  const passengers = question.passengers ?? [];
  const coming = passengers.filter((passenger) => passenger.answer === 'yes');
  const notComing = passengers.filter((passenger) => passenger.answer === 'no');
  const silent = passengers.filter((passenger) => passenger.answer === null);
  return (
    <section aria-labelledby="still-coming-title" className="card bg-base-100 gap-3 p-4 shadow-sm">
      <h2 id="still-coming-title" className="text-lg font-semibold">
        <Trans>Still coming tomorrow?</Trans>
      </h2>
      <Group label={t`Confirmed`} passengers={coming} />
      <Group label={t`Said no, and left`} passengers={notComing} />
      <Group label={t`No answer yet`} passengers={silent} />
      {question.canRemind ? (
        <button
          type="button"
          className="btn min-h-12 self-start"
          disabled={remind.isPending}
          onClick={() =>
            remind.mutate(undefined, {
              onSuccess: () => toastSuccess(t`Reminder sent`),
              onError: toastFailure(t`The reminder was not sent`),
            })
          }
        >
          <Trans>Remind the others</Trans>
        </button>
      ) : question.remindedAt ? (
        <p className="text-sm opacity-80">
          <Trans>You reminded the others.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function Group({ label, passengers }: { label: string; passengers: StillComingPassenger[] }) {
  return (
    <div role="group" aria-label={label}>
      <h3 className="font-medium">
        {label} ({passengers.length})
      </h3>
      {passengers.length > 0 ? (
        <ul className="list-inside list-disc">
          {passengers.map((passenger) => (
            <li key={passenger.userId}>{passenger.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
