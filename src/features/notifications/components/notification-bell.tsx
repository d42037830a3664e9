import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';

import { useUser } from '../../../lib/auth';
import { useUnreadCount } from '../api/get-notifications';

export function bellLabel(unread: number): string {
  return unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;
}

// The count on a badge: three characters at most.
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

// In the top bar for members on every screen: kept to a link, an icon and one small query, so
// the first render of /home stays in its budget; the inbox itself is a lazy chunk.
export function NotificationBell() {
  const { data: user } = useUser();
  const { data: unread = 0 } = useUnreadCount(Boolean(user));
  if (!user) return null;
  return (
    <Link to="/inbox" className="btn btn-ghost btn-square relative min-h-11 min-w-11" aria-label={bellLabel(unread)}>
      <svg
        aria-hidden="true"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span aria-hidden="true" className="badge badge-error badge-sm absolute -right-0.5 -top-0.5 px-1 font-bold">
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
