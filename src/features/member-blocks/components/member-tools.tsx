import { BlockMemberButton } from './block-member-button';
import { MemberRecord } from './member-record';

// What the other features show beside a member (handed in by src/app): their record when asked
// for, and Block.
export function MemberTools({ userId, name, record = false }: { userId: number; name: string; record?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {record ? <MemberRecord userId={userId} /> : null}
      <BlockMemberButton userId={userId} name={name} />
    </div>
  );
}
