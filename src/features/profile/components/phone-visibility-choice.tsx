import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONE_VISIBILITIES, type PhoneVisibility } from '@shared/schemas/auth.ts';
import { useId } from 'react';

import type { User } from '../../../lib/auth';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

const CHOICES: Record<PhoneVisibility, MessageDescriptor> = {
  ride_members: msg`Members who open a ride I'm on`,
  organisers: msg`Only the organisers of rides I join`,
  nobody: msg`Nobody: message me in the app`,
};

function isPhoneVisibility(value: string): value is PhoneVisibility {
  return (PHONE_VISIBILITIES as readonly string[]).includes(value);
}

// Who sees the member's WhatsApp and Malaysian numbers (issue 25): with each ride's chat in the
// app, numbers need not travel. Saved at once; the api leaves the numbers out of what others read.
export function PhoneVisibilityChoice({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const update = useUpdateProfile(user.id);
  const current = user.phoneVisibility ?? 'ride_members';
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        <Trans>Who sees my phone numbers</Trans>
      </label>
      <select
        id={id}
        className="select w-full"
        value={current}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const choice = event.target.value;
          if (!isPhoneVisibility(choice)) return;
          update.mutate(
            { phoneVisibility: choice },
            {
              onSuccess: () => toastSuccess(t`Saved: who sees your phone numbers`),
              onError: toastFailure(t`Could not save who sees your phone numbers`),
            },
          );
        }}
      >
        {PHONE_VISIBILITIES.map((choice) => (
          <option key={choice} value={choice}>
            {i18n._(CHOICES[choice])}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm opacity-80">
        <Trans>Whoever cannot see your numbers can still reach you in the ride&apos;s chat.</Trans>
      </p>
    </div>
  );
}
