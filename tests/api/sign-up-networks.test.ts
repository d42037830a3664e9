// Issue 22, item 4: one person used up the global sign-up cap (200 an hour) from a few addresses
// in seconds, and then nobody could join for an hour. Registrations are now also counted per
// network (an IPv4 /24, an IPv6 /64), an IPv6 caller counts as its /64 for every per-address
// limit, and the cap on everyone is a brake: past it, one registration gets through every
// window / cap seconds. On PGlite only (ADR 0021).
import { describe, expect, it, vi } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { addressKey, networkKey } from '../../supabase/functions/api/lib/address-networks.ts';
import { expectRefusal, login } from '../support/accounts.ts';
import { type ApiAnswer, PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

vi.setConfig({ testTimeout: 120_000 });

describe('what the throttles count an address as', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.7', '203.0.113.0/24'],
    ['[::ffff:cb00:7107]', '203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64', '0:0:0:0::/64'],
    ['2001:db8::1.2.3.4', '2001:db8:0:0::/64', '2001:db8:0:0::/64'],
    // Not addresses: counted as they are.
    ['256.1.1.1', '256.1.1.1', '256.1.1.1'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['1::2::3', '1::2::3', '1::2::3'],
    ['wifi-label', 'wifi-label', 'wifi-label'],
  ])('%s is address %s in network %s', (raw, address, network) => {
    expect(addressKey(raw)).toBe(address);
    expect(networkKey(raw)).toBe(network);
  });

  it('cuts a long odd value to 100 characters', () => {
    expect(addressKey('x'.repeat(500))).toHaveLength(100);
  });
});

describe.each(oneBackend)('sign-up floods on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  async function setLimit(name: string, maxCount: number, windowSeconds = 3600): Promise<void> {
    await ownerQuery(
      suite.db,
      'update private.throttle_limits set max_count = $2::integer, window_seconds = $3::integer where name = $1::text',
      [name, maxCount, windowSeconds],
    );
  }

  function register(client: string): Promise<ApiAnswer> {
    const caller = new TestClient(suite.app);
    caller.headers = { 'x-test-client': client };
    return caller.post('/api/register', {
      discordUsername: uniqueName('flood'),
      password: PASSWORD,
      acceptedPolicies: CURRENT_POLICIES,
    });
  }

  function expectWait(answer: ApiAnswer, message: RegExp, maxSeconds: number): number {
    expectRefusal(answer, 429, message);
    const wait = Number(answer.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(maxSeconds);
    return wait;
  }

  it('seeds a per-network limit of 50 an hour beside 20 per address', async () => {
    expect(
      await ownerQuery(
        suite.db,
        "select name, max_count, window_seconds from private.throttle_limits where name like 'register:%' order by name",
      ),
    ).toEqual([
      { name: 'register:all', max_count: 200, window_seconds: 3600 },
      { name: 'register:client', max_count: 20, window_seconds: 3600 },
      { name: 'register:network', max_count: 50, window_seconds: 3600 },
    ]);
  });

  it('counts the addresses of one IPv4 /24 together', async () => {
    await setLimit('register:network', 3);
    try {
      for (const host of [1, 2, 3]) expect((await register(`198.51.100.${host}`)).status).toBe(201);
      expectWait(await register('198.51.100.4'), /^Too many new accounts from your network\./, 3600);
      expectWait(await register('::ffff:198.51.100.200'), /^Too many new accounts from your network\./, 3600);
      // The next /24 is another network.
      expect((await register('198.51.101.1')).status).toBe(201);
    } finally {
      await setLimit('register:network', 50);
    }
  });

  it('counts an IPv6 caller by its /64, for every per-address limit', async () => {
    await setLimit('register:client', 2);
    try {
      expect((await register('2001:db8:7:1::1')).status).toBe(201);
      expect((await register('2001:db8:7:1:ffff:ffff:ffff:fffe')).status).toBe(201);
      expectWait(await register('2001:db8:7:1::abcd'), /^Too many new accounts from your network\./, 3600);
      expect((await register('2001:db8:7:2::1')).status).toBe(201);
    } finally {
      await setLimit('register:client', 20);
    }

    // Failed logins too: five guesses from five addresses of one /64 close the pair.
    const victim = (
      await ownerQuery<{ discord_username: string }>(suite.db, 'select discord_username from public.users where id = 1')
    )[0]!;
    for (let i = 0; i < 5; i += 1) {
      const answer = (
        await login(suite.app, victim.discord_username, `guess-${i}`, { 'x-test-client': `2001:db8:9:9::${i + 1}` })
      ).answer;
      expect(answer.status).toBe(401);
    }
    expectWait(
      (await login(suite.app, victim.discord_username, PASSWORD, { 'x-test-client': '2001:db8:9:9::99' })).answer,
      /^Too many failed attempts\./,
      900,
    );
  });

  it('slows everyone down past the cap on everyone, rather than shutting registration for the hour', async () => {
    await ownerQuery(suite.db, "delete from private.throttle_events where limit_name = 'register:all'");
    // Two an hour: past them, one every 1,800 s.
    await setLimit('register:all', 2);
    try {
      expect((await register('192.0.2.1')).status).toBe(201);
      expect((await register('192.0.2.2')).status).toBe(201);
      const wait = expectWait(await register('192.0.2.3'), /^Too many new accounts right now\./, 1800);
      expect(wait).toBeGreaterThan(1700);

      // 1,801 s later both are still in the hour's window; one more goes through, and then the
      // brake holds again.
      await ownerQuery(
        suite.db,
        "update private.throttle_events set happened_at = happened_at - interval '1801 seconds' where limit_name = 'register:all'",
      );
      expect((await register('192.0.2.4')).status).toBe(201);
      expectWait(await register('192.0.2.5'), /^Too many new accounts right now\./, 1800);
    } finally {
      await setLimit('register:all', 200);
    }
  });
});
