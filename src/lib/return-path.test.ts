import { describe, expect, it } from 'vitest';

import { fromHere, fromQuery, returnPath } from './return-path';

describe('returnPath', () => {
  it('returns the in-app page that sent the member to /auth, with its query and hash', () => {
    expect(returnPath(fromHere({ pathname: '/rides/12/join', search: '?x=1', hash: '#map' }))).toBe(
      '/rides/12/join?x=1#map',
    );
  });

  it('goes home when /auth was opened directly or the state is not ours', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath({ from: '/auth' })).toBe('/');
    expect(returnPath({ from: '/auth?next=/x' })).toBe('/');
  });

  it('refuses anything that would leave the site', () => {
    for (const from of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'rides/1',
    ]) {
      expect(returnPath({ from })).toBe('/');
    }
  });

  it("reads a snapshot's /auth?from= as it reads the state, with the same checks", () => {
    expect(returnPath(fromQuery('?from=%2Frides%2F12'))).toBe('/rides/12');
    expect(returnPath(fromQuery('?from=/rides/12/join?x=1'))).toBe('/rides/12/join?x=1');
    expect(fromQuery('')).toBeNull();
    expect(fromQuery('?mode=register')).toBeNull();
    for (const from of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/auth?from=/x']) {
      expect(returnPath(fromQuery(`?from=${encodeURIComponent(from)}`))).toBe('/');
    }
  });
});
