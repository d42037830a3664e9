// A shared link's card names the site from PUBLIC_APP_URL, or from the request only when the
// deployment vouches for that origin (issue 35 §6): a forged Host header wrote its own address
// into og:url and og:image, which chat apps cache and show to others.
import { describe, expect, it } from 'vitest';

import { readConfig } from '../../server/config.ts';
import { pageOrigin } from '../../server/page-origin.ts';

const open = { publicAppUrl: undefined, allowedOrigins: [], trustProxy: false };

describe('pageOrigin', () => {
  it('uses PUBLIC_APP_URL, whatever the request says', () => {
    const { publicAppUrl } = readConfig({ PUBLIC_APP_URL: 'https://rides.example.org/app/' });
    expect(publicAppUrl).toBe('https://rides.example.org');
    expect(pageOrigin('http://evil.example/rides/4', 'https', { ...open, publicAppUrl })).toBe(
      'https://rides.example.org',
    );
  });

  it('refuses a PUBLIC_APP_URL that is not an http(s) address', () => {
    expect(() => readConfig({ PUBLIC_APP_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_APP_URL/);
    expect(() => readConfig({ PUBLIC_APP_URL: 'rides.example.org' })).toThrow(/PUBLIC_APP_URL/);
  });

  it('takes the request origin only when ALLOWED_ORIGINS names it or it is this machine', () => {
    const allowed = { ...open, allowedOrigins: ['https://rides.example.org'], trustProxy: true };
    expect(pageOrigin('http://rides.example.org/rides/4', 'https', allowed)).toBe('https://rides.example.org');
    expect(pageOrigin('http://evil.example/rides/4', 'https', allowed)).toBe('');
    expect(pageOrigin('http://127.0.0.1:8080/rides/4', undefined, open)).toBe('http://127.0.0.1:8080');
    expect(pageOrigin('http://localhost:5173/rides/4', undefined, open)).toBe('http://localhost:5173');
    expect(pageOrigin('http://evil.example/rides/4', undefined, open)).toBe('');
    // A forwarded scheme counts only behind a trusted proxy.
    expect(pageOrigin('http://127.0.0.1:8080/', 'https', open)).toBe('http://127.0.0.1:8080');
  });
});
