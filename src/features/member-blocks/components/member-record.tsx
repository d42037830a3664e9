import { useLingui } from '@lingui/react/macro';

import { MemberRecordText } from '../../../components/member-record-text';
import { useMemberRecord } from '../api/get-member-record';

// The record of a member whose ride list entry does not carry it (an organiser, oneself).
export function MemberRecord({ userId }: { userId: number }) {
  const { t } = useLingui();
  const record = useMemberRecord(userId);
  if (record.data) return <MemberRecordText record={record.data} />;
  // A line of the card either way: the record is a detail, not worth a red box.
  return <p className="text-sm opacity-80">{record.isPending ? t`Loading trips…` : t`Trips could not be loaded.`}</p>;
}
