import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ApproveVendorInput, approveVendorSchema, LICENCE_NOTE_MAX_LENGTH } from '@shared/schemas/vendor.ts';
import type { VendorApplication } from '@shared/types/user.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, TextField } from '../../../components/form';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatPhoneNumber } from '../../../lib/format';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useApproveVendor } from '../api/approve-vendor';
import { useVendorApplications } from '../api/get-vendor-applications';
import { useRevokeVendor } from '../api/revoke-vendor';

const STATUS_LABEL: Record<VendorApplication['status'], MessageDescriptor> = {
  pending: msg`Waiting for approval`,
  approved: msg`Approved`,
  revoked: msg`Revoked`,
};

const STATUS_BADGE: Record<VendorApplication['status'], string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  revoked: 'badge-error',
};

function ApproveForm({ application }: { application: VendorApplication }) {
  const { t } = useLingui();
  const approve = useApproveVendor();
  const username = application.discordUsername;
  const maxLength = LICENCE_NOTE_MAX_LENGTH;
  const onSubmit = (values: ApproveVendorInput) =>
    approve.mutate(
      { userId: application.userId, licenceNote: values.licenceNote },
      {
        onSuccess: (answer) => toastSuccess(t`Vendor approved`, answer.message),
        onError: toastFailure(t`Could not approve the vendor`),
      },
    );
  return (
    <Form<ApproveVendorInput>
      schema={approveVendorSchema}
      ariaLabel={t`Approve ${username}`}
      defaultValues={{ licenceNote: '' }}
      onSubmit={onSubmit}
      className="flex flex-col gap-2"
    >
      {() => (
        <>
          <TextField<ApproveVendorInput>
            name="licenceNote"
            label={t`Licence note: what you checked`}
            multiline
            hint={t`Company, cross-border vehicle permit and plate, contact. Up to ${maxLength} characters; only the admin sees it.`}
          />
          <button type="submit" className="btn btn-primary btn-sm min-h-11 self-start" disabled={approve.isPending}>
            {approve.isPending ? t`Approving…` : t`Approve`}
          </button>
        </>
      )}
    </Form>
  );
}

function RevokeButton({ application }: { application: VendorApplication }) {
  const { t } = useLingui();
  const revoke = useRevokeVendor();
  const [confirming, setConfirming] = useState(false);
  const refusing = application.status === 'pending';
  const username = application.discordUsername;
  const upcoming = application.upcomingAssignments;
  const verb = refusing ? t`Refuse` : t`Revoke`;
  // What revoking an approved vendor does, with the rides of theirs it opens again.
  let consequence: string;
  if (refusing) consequence = t`They stay a vendor account that cannot take rides. You can still approve them later.`;
  else if (upcoming === 0)
    consequence = t`They can no longer take rides. past rides keep them on record. You can approve them again later.`;
  else {
    consequence = t`${plural(upcoming, {
      one: 'They can no longer take rides. Their # upcoming ride goes back to Open for other vendors; past rides keep them on record. You can approve them again later.',
      other:
        'They can no longer take rides. Their # upcoming rides go back to Open for other vendors; past rides keep them on record. You can approve them again later.',
    })}`;
  }
  const onConfirm = () => {
    setConfirming(false);
    revoke.mutate(application.userId, {
      onSuccess: (answer) => toastSuccess(refusing ? t`Application refused` : t`Vendor revoked`, answer.message),
      onError: toastFailure(refusing ? t`Could not refuse the vendor` : t`Could not revoke the vendor`),
    });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm min-h-11 self-start"
        aria-label={refusing ? t`Refuse ${username}` : t`Revoke ${username}`}
        disabled={revoke.isPending}
        onClick={() => setConfirming(true)}
      >
        {verb}
      </button>
      <ConfirmDialog
        open={confirming}
        title={refusing ? t`Refuse ${username}?` : t`Revoke ${username}?`}
        confirmLabel={verb}
        destructive
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        {consequence}
      </ConfirmDialog>
    </>
  );
}

function ApplicationItem({ application }: { application: VendorApplication }) {
  const { t } = useLingui();
  const details = application.driverDetails;
  const username = application.discordUsername;
  const appliedAt = formatDateTime(application.appliedAt);
  const driverName = details?.name ?? '–';
  const carNumber = details?.carNumber ?? '–';
  const contact = formatPhoneNumber(details?.contact, '–');
  const whatsapp = formatPhoneNumber(application.whatsappNumber, null);
  const upcoming = application.upcomingAssignments;
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium" translate="no">
            {application.companyName ?? application.discordUsername}
          </p>
          <p className="text-sm opacity-80">
            <Trans>
              <span className="break-all" translate="no">
                @{username}
              </span>{' '}
              · applied{' '}
              <time dateTime={application.appliedAt} className="whitespace-nowrap">
                {appliedAt}
              </time>
            </Trans>
          </p>
        </div>
        <span className={`badge ${STATUS_BADGE[application.status]}`}>{t(STATUS_LABEL[application.status])}</span>
      </div>
      <p className="text-sm">
        <Trans>
          Driver: <span translate="no">{driverName}</span> · Car: <span translate="no">{carNumber}</span> · Contact:{' '}
          <span translate="no">{contact}</span>
        </Trans>
        {whatsapp ? (
          <>
            {' '}
            <Trans>
              · WhatsApp: <span translate="no">{whatsapp}</span>
            </Trans>
          </>
        ) : null}
      </p>
      {application.status === 'approved' ? (
        <p className="text-sm">
          <span className="font-medium">
            <Trans>Checked:</Trans>
          </span>{' '}
          <span translate="no">{application.licenceNote}</span> ·{' '}
          <Plural value={upcoming} one="# upcoming ride" other="# upcoming rides" />
        </p>
      ) : null}
      {application.status === 'approved' ? null : <ApproveForm application={application} />}
      {application.status === 'revoked' ? null : <RevokeButton application={application} />}
    </li>
  );
}

// The admin vouches for each vendor before they can take rides (issue 11).
export function VendorApplicationsList() {
  const { t } = useLingui();
  const applications = useVendorApplications();

  let body;
  if (applications.isPending) {
    body = <QueryState loading={t`Loading vendor applications…`} className="py-4" />;
  } else if (applications.isError) {
    const reason = applications.error.message;
    body = (
      <QueryState
        error={<Trans>Could not load vendor applications: {reason}</Trans>}
        onRetry={applications.refetch}
        retrying={applications.isFetching}
      />
    );
  } else if (applications.data.length === 0) {
    body = (
      <p className="opacity-80">
        <Trans>No vendor has registered yet.</Trans>
      </p>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {applications.data.map((application) => (
          <ApplicationItem key={application.userId} application={application} />
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby="vendor-applications-title"
      aria-busy={applications.isFetching}
      className="flex flex-col gap-2"
    >
      <h3 id="vendor-applications-title" className="font-semibold">
        <Trans>Vendor applications</Trans>
      </h3>
      <p className="text-sm opacity-80">
        <Trans>
          Approve a vendor only after checking their company, cross-border vehicle permit and plate, and contact.
        </Trans>
      </p>
      {body}
    </section>
  );
}
