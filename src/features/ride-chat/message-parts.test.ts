import { describe, expect, it } from 'vitest';

import { messageParts } from './message-parts';

describe('messageParts', () => {
  it('keeps plain text as one part', () => {
    expect(messageParts('Pickup at 7:30, lobby B')).toEqual([{ kind: 'text', text: 'Pickup at 7:30, lobby B' }]);
  });

  it('turns http(s) addresses into links and leaves the sentence around them', () => {
    expect(messageParts('Map: https://maps.example/x?q=1. See you!')).toEqual([
      { kind: 'text', text: 'Map: ' },
      { kind: 'link', text: 'https://maps.example/x?q=1', href: 'https://maps.example/x?q=1' },
      { kind: 'text', text: '. See you!' },
    ]);
    expect(messageParts('(http://a.example/b)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'http://a.example/b', href: 'http://a.example/b' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example/a']) {
      expect(messageParts(body)).toEqual([{ kind: 'text', text: body }]);
    }
  });
});
