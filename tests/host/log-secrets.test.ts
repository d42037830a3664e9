// The search the e2e run ends with (e2e/support/host-logs.ts): what it takes for a secret, read
// from the suites' source, and that it finds each kind in a log line and passes a clean log.
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { newSecret } from '../../supabase/functions/api/lib/session.ts';
import { REPO_ROOT } from '../support/host-process.ts';
import { findSecrets, secretsInSources } from '../support/log-secrets.ts';

const secrets = secretsInSources([join(REPO_ROOT, 'e2e'), join(REPO_ROOT, 'tests/support')]);

function requestLine(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    time: '2026-11-27T03:54:50.358Z',
    level: 'info',
    requestId: '252a08f0-9a34-49aa-973b-999fd64e9acd',
    method: 'GET',
    route: '/api/rides/:id',
    status: 200,
    durationMs: 97.3,
    memberId: 12,
    ...fields,
  });
}

function found(...lines: string[]): string[] {
  return findSecrets(new Map([['host.log', lines.join('\n')]]), secrets).map(({ what }) => what);
}

describe('the search of the hosts’ logs for secrets', () => {
  it('reads the suites’ passwords and phone numbers from their source', () => {
    expect(secrets.passwords).toEqual(
      expect.arrayContaining(['journey-password-1', 'correct-horse-battery', 'password123']),
    );
    expect(secrets.phoneNumbers).toEqual(expect.arrayContaining(['+65 9123 4567', '+60 12 345 6789']));
    // Labels and field names are not passwords.
    expect(secrets.passwords.filter((password) => / /.test(password))).toEqual([]);
  });

  it('passes what a host writes', () => {
    expect(
      found(
        'Applied 8 migration(s) and the seed.',
        'FC RideShare listening on http://localhost:34617 (embedded PGlite in /tmp/fc-e2e-mVgS0q)',
        requestLine(),
        requestLine({ requestId: 'proxy-trace-0001', route: '/api/register', status: 201, memberId: null }),
        'SIGTERM received, shutting down.',
      ),
    ).toEqual([]);
  });

  it('finds a password, a number in any of its forms, a token, and a request line without its id', () => {
    expect(found(`login failed for x with journey-password-1`)).toEqual([
      'the password journey-password-1 (as journey-password-1)',
    ]);
    expect(found('whatsapp +6591234567')).toEqual(['the phone number +65 9123 4567 (as +6591234567)']);
    expect(found('number 91234567 saved')).toEqual(['the phone number +65 9123 4567 (as 91234567)']);
    expect(found(requestLine({ cookie: `fc_session=${newSecret()}` }))).toEqual([
      expect.stringMatching(/^a token-like /),
    ]);
    expect(found(requestLine({ requestId: undefined }))).toEqual(['a request log line without its request id']);
  });
});
