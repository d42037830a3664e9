// The one rule both hosts use to find the caller's address for login throttling
// (supabase/functions/api/lib/client-address.ts): the Node host with and without TRUST_PROXY,
// the Supabase function behind its gateway.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { clientAddressFrom, type ClientAddressSources } from '../../supabase/functions/api/lib/client-address.ts';

const PEER = '10.0.0.9';

async function addressSeen(sources: ClientAddressSources, headers: Record<string, string>): Promise<string | null> {
  const read = clientAddressFrom(sources);
  const app = new Hono().get('/', (c) => c.json({ address: read(c) }));
  const answer = await app.request('/', { headers });
  return ((await answer.json()) as { address: string | null }).address;
}

const nodeHost = (trustProxy: boolean): ClientAddressSources => ({ behindProxy: trustProxy, peerAddress: () => PEER });
const supabase: ClientAddressSources = { edgeHeader: 'cf-connecting-ip', behindProxy: true };

describe('client address', () => {
  it('behind a proxy takes the last X-Forwarded-For entry, the one the proxy appended', async () => {
    expect(await addressSeen(nodeHost(true), { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    // A client that writes its own header only adds entries before the proxy's.
    expect(await addressSeen(nodeHost(true), { 'x-forwarded-for': '1.2.3.4, 5.6.7.8 ,  203.0.113.7 ' })).toBe(
      '203.0.113.7',
    );
  });

  it('behind a proxy with no usable entry falls back to the connection', async () => {
    expect(await addressSeen(nodeHost(true), {})).toBe(PEER);
    expect(await addressSeen(nodeHost(true), { 'x-forwarded-for': '1.2.3.4, ' })).toBe(PEER);
  });

  it('without a proxy ignores X-Forwarded-For, which the client wrote', async () => {
    expect(await addressSeen(nodeHost(false), { 'x-forwarded-for': '1.2.3.4' })).toBe(PEER);
  });

  it("on Supabase prefers the edge's cf-connecting-ip, then the gateway's X-Forwarded-For entry", async () => {
    expect(
      await addressSeen(supabase, { 'cf-connecting-ip': ' 198.51.100.2 ', 'x-forwarded-for': '1.2.3.4, 203.0.113.7' }),
    ).toBe('198.51.100.2');
    expect(await addressSeen(supabase, { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' })).toBe('203.0.113.7');
    expect(await addressSeen(supabase, { 'cf-connecting-ip': '' })).toBeNull();
  });

  it('a header the host does not trust is never read', async () => {
    expect(await addressSeen(nodeHost(true), { 'cf-connecting-ip': '1.2.3.4', 'x-forwarded-for': '203.0.113.7' })).toBe(
      '203.0.113.7',
    );
    expect(await addressSeen(nodeHost(false), { 'cf-connecting-ip': '1.2.3.4' })).toBe(PEER);
  });
});
