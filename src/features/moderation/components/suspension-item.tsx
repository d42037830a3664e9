import { Trans, useLingui } from '@lingui/react/macro';
import { type ModerationActionInput, moderationActionSchema, type Suspension } from '@shared/schemas/moderation.ts';

import { Form, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useLiftSuspension } from '../api/lift-suspension';
import { MemberLine } from './moderation-member';

// A member suspended now, with why, and lifting the suspension (with a reason for the log).
export function SuspensionItem({ suspension }: { suspension: Suspension }) {
  const { t } = useLingui();
  const lift = useLiftSuspension();
  const name = suspension.member.name;
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-3" aria-label={name}>
      <MemberLine member={suspension.member} />
      <p className="text-sm break-words" translate="no">
        {suspension.reason}
      </p>
      <Form<ModerationActionInput>
        schema={moderationActionSchema}
        ariaLabel={t`Lift the suspension of ${name}`}
        defaultValues={{ reason: '' }}
        onSubmit={(values) =>
          lift.mutate(
            { userId: suspension.member.id, reason: values.reason },
            {
              onSuccess: (answer) => toastSuccess(t`Done`, answer.message),
              onError: toastFailure(t`Could not do that`),
            },
          )
        }
        className="flex flex-col gap-2"
      >
        {() => (
          <>
            <TextField<ModerationActionInput>
              name="reason"
              label={t`Your reason (kept in the log)`}
              autoComplete="off"
            />
            <button type="submit" className="btn btn-outline btn-sm min-h-11 self-start" disabled={lift.isPending}>
              <Trans>Lift suspension</Trans>
            </button>
          </>
        )}
      </Form>
    </li>
  );
}
