import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

import { Spinner } from '../../../components/spinner';
import type { RideChatProps } from './ride-chat';

// The chat's code loads only when its tab opens: the ride page's first render stays within its
// budget.
const RideChat = lazy(() => import('./ride-chat'));

export function LazyRideChat(props: RideChatProps) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading messages…`} />}>
      <RideChat {...props} />
    </Suspense>
  );
}
