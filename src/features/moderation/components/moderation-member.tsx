import { Plural, Trans } from '@lingui/react/macro';
import type { ModerationMember } from '@shared/schemas/moderation.ts';

import { formatDateTime } from '../../../lib/format';

// A member as the moderation queue names them: who, their rides and the reports about them, and
// whether they are suspended.

function Until({ until }: { until: string | null }) {
  if (until === null) return null;
  if (until === 'forever') {
    return (
      <span className="badge badge-error">
        <Trans>Suspended for good</Trans>
      </span>
    );
  }
  const when = formatDateTime(until);
  return (
    <span className="badge badge-error h-auto">
      <Trans>Suspended until {when}</Trans>
    </span>
  );
}

export function MemberLine({ member }: { member: ModerationMember }) {
  const organised = member.ridesOrganised;
  const joined = member.ridesJoined;
  const reports = member.reportsAgainst;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        <span className="font-medium" translate="no">
          {member.name}
        </span>{' '}
        <span className="break-all opacity-80" translate="no">
          @{member.discordUsername}
        </span>
      </p>
      <p className="opacity-80">
        <Plural value={organised} one="# ride organised" other="# rides organised" /> ·{' '}
        <Plural value={joined} one="# ride joined" other="# rides joined" /> ·{' '}
        <Plural value={reports} one="# report about them" other="# reports about them" />
      </p>
      <Until until={member.suspendedUntil} />
    </div>
  );
}
