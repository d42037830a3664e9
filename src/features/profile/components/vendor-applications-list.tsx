import { type ApproveVendorInput, approveVendorSchema, LICENCE_NOTE_MAX_LENGTH } from '@shared/schemas/vendor.ts';
import type { VendorApplication } from '@shared/types/user.ts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, TextField } from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { formatDateTime, plural } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useApproveVendor } from '../api/approve-vendor';
import { useVendorApplications } from '../api/get-vendor-applications';
import { useRevokeVendor } from '../api/revoke-vendor';

const STATUS_LABEL: Record<VendorApplication['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  revoked: 'Revoked',
};

const STATUS_BADGE: Record<VendorApplication['status'], string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  revoked: 'badge-error',
};

function ApproveForm({ application }: { application: VendorApplication }) {
  const approve = useApproveVendor();
  const onSubmit = (values: ApproveVendorInput) =>
    approve.mutate(
      { userId: application.userId, licenceNote: values.licenceNote },
      {
        onSuccess: (answer) => toastSuccess('Vendor approved', answer.message),
        onError: (error) => toastError('Could not approve the vendor', errorMessage(error)),
      },
    );
  return (
    <Form<ApproveVendorInput>
      schema={approveVendorSchema}
      ariaLabel={`Approve ${application.discordUsername}`}
      defaultValues={{ licenceNote: '' }}
      onSubmit={onSubmit}
      className="flex flex-col gap-2"
    >
      {() => (
        <>
          <TextField<ApproveVendorInput>
            name="licenceNote"
            label="Licence note: what you checked"
            multiline
            hint={`Company, cross-border vehicle permit and plate, contact. Up to ${LICENCE_NOTE_MAX_LENGTH} characters; only the admin sees it.`}
          />
          <button type="submit" className="btn btn-primary btn-sm min-h-11 self-start" disabled={approve.isPending}>
            {approve.isPending ? 'Approving…' : 'Approve'}
          </button>
        </>
      )}
    </Form>
  );
}

function releasedText(upcoming: number): string {
  if (upcoming === 0) return '';
  return upcoming === 1
    ? 'Their 1 upcoming ride goes back to Open for other vendors; '
    : `Their ${upcoming} upcoming rides go back to Open for other vendors; `;
}

function RevokeButton({ application }: { application: VendorApplication }) {
  const revoke = useRevokeVendor();
  const [confirming, setConfirming] = useState(false);
  const refusing = application.status === 'pending';
  const verb = refusing ? 'Refuse' : 'Revoke';
  const onConfirm = () => {
    setConfirming(false);
    revoke.mutate(application.userId, {
      onSuccess: (answer) => toastSuccess(refusing ? 'Application refused' : 'Vendor revoked', answer.message),
      onError: (error) => toastError(`Could not ${verb.toLowerCase()} the vendor`, errorMessage(error)),
    });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm min-h-11 self-start"
        aria-label={`${verb} ${application.discordUsername}`}
        disabled={revoke.isPending}
        onClick={() => setConfirming(true)}
      >
        {verb}
      </button>
      <ConfirmDialog
        open={confirming}
        title={`${verb} ${application.discordUsername}?`}
        confirmLabel={verb}
        destructive
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        {refusing
          ? 'They stay a vendor account that cannot take rides. You can still approve them later.'
          : `They can no longer take rides. ${releasedText(application.upcomingAssignments)}past rides keep them on record. You can approve them again later.`}
      </ConfirmDialog>
    </>
  );
}

function ApplicationItem({ application }: { application: VendorApplication }) {
  const details = application.driverDetails;
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{application.companyName ?? application.discordUsername}</p>
          <p className="text-sm opacity-80">
            <span className="break-all">@{application.discordUsername}</span> · applied{' '}
            <time dateTime={application.appliedAt} className="whitespace-nowrap">
              {formatDateTime(application.appliedAt)}
            </time>
          </p>
        </div>
        <span className={`badge ${STATUS_BADGE[application.status]}`}>{STATUS_LABEL[application.status]}</span>
      </div>
      <p className="text-sm">
        Driver: {details?.name ?? '–'} · Car: {details?.carNumber ?? '–'} · Contact: {details?.contact ?? '–'}
        {application.whatsappNumber ? ` · WhatsApp: ${application.whatsappNumber}` : ''}
      </p>
      {application.status === 'approved' ? (
        <p className="text-sm">
          <span className="font-medium">Checked:</span> {application.licenceNote} ·{' '}
          {plural(application.upcomingAssignments, 'upcoming ride')}
        </p>
      ) : null}
      {application.status === 'approved' ? null : <ApproveForm application={application} />}
      {application.status === 'revoked' ? null : <RevokeButton application={application} />}
    </li>
  );
}

// The admin vouches for each vendor before they can take rides (issue 11).
export function VendorApplicationsList() {
  const applications = useVendorApplications();

  let body;
  if (applications.isPending) {
    body = <Spinner label="Loading vendor applications…" className="py-4" />;
  } else if (applications.isError) {
    body = (
      <div role="alert" className="alert alert-error flex-col items-start">
        <p>Could not load vendor applications: {applications.error.message}</p>
        <button
          type="button"
          className="btn btn-sm min-h-11"
          onClick={() => void applications.refetch()}
          disabled={applications.isFetching}
        >
          Try again
        </button>
      </div>
    );
  } else if (applications.data.length === 0) {
    body = <p className="opacity-80">No vendor has registered yet.</p>;
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
    <section aria-labelledby="vendor-applications-title" aria-busy={applications.isFetching} className="flex flex-col gap-2">
      <h3 id="vendor-applications-title" className="font-semibold">
        Vendor applications
      </h3>
      <p className="text-sm opacity-80">
        Approve a vendor only after checking their company, cross-border vehicle permit and plate, and contact.
      </p>
      {body}
    </section>
  );
}
