// The jsdom tests' api: MSW answers every fetch the PWA makes with the default handlers below
// (one file per feature, shaped by the api's schemas in supabase/functions/_shared); a test
// states only what differs with server.use(...), reset after each test (setup.ts). A request no
// handler answers fails the test (onUnhandledRequest: 'error'), so a new call cannot go unseen.
// The api itself is tested for real in tests/api; this stands in for it only in component tests.
import { setupServer } from 'msw/node';

import { adminHandlers } from './handlers/admin';
import { authHandlers } from './handlers/auth';
import { borderChecklistHandlers } from './handlers/border-checklist';
import { memberBlockHandlers } from './handlers/member-blocks';
import { moderationHandlers } from './handlers/moderation';
import { notificationsHandlers } from './handlers/notifications';
import { profileHandlers } from './handlers/profile';
import { pushHandlers } from './handlers/push';
import { rideAlertsHandlers } from './handlers/ride-alerts';
import { rideChatStreamHandlers } from './handlers/ride-chat-stream';
import { ridesHandlers } from './handlers/rides';
import { stillComingHandlers } from './handlers/still-coming';

export const server = setupServer(
  ...authHandlers,
  ...profileHandlers,
  ...ridesHandlers,
  ...rideAlertsHandlers,
  ...adminHandlers,
  ...pushHandlers,
  ...notificationsHandlers,
  ...borderChecklistHandlers,
  ...rideChatStreamHandlers,
  ...moderationHandlers,
  ...stillComingHandlers,
  ...memberBlockHandlers,
);
