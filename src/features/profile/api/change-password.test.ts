// Changing the password checks the current one, so it counts failures like a login: on the
// bearer transport the browser's device token (ADR 0018) goes along, and the per-username cap
// strangers can fill does not stop the member on a device they logged in from.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { DEVICE_TOKEN_STORAGE_KEY } from '../../../lib/device-token';
import { recordRequests } from '../../../testing/requests';
import { changePassword } from './change-password';

const DEVICE = 'D'.repeat(43);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

it("sends this browser's device token with the passwords when it has one", async () => {
  const sent = recordRequests();
  await changePassword({ currentPassword: 'old password', newPassword: 'a new password' });
  localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, DEVICE);
  await changePassword({ currentPassword: 'old password', newPassword: 'a new password' });
  expect(sent[0]?.body).toEqual({ currentPassword: 'old password', newPassword: 'a new password' });
  expect(sent[1]?.body).toEqual({
    currentPassword: 'old password',
    newPassword: 'a new password',
    deviceToken: DEVICE,
  });
});
