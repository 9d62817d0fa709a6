// Who a request counts against: IPv4 as is, IPv6 per /64, X-Forwarded-For read from the right behind trusted proxies.
import { describe, expect, it } from 'vitest';
import { clientKey, requestClient } from '../../build/core/client-key.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address, and the IPv4 inside an IPv4-mapped IPv6 address', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('reduces an IPv6 address to its /64 in one canonical spelling', () => {
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(clientKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '',
      'unknown',
      '256.1.1.1',
      '1.2.3',
      '2001:db8::1::2',
      'g::1',
      '1:2:3:4:5:6:7:8:9',
      'x'.repeat(500),
    ])
      expect(clientKey(text), text).toBeNull();
  });
});

describe('requestClient', () => {
  it('uses the socket address without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(requestClient('127.0.0.2', '198.51.100.1', 0)).toBe('127.0.0.2');
  });

  it('takes the N-th entry from the right behind N trusted proxies', () => {
    expect(requestClient('10.0.0.1', '1.1.1.1, 203.0.113.5', 1)).toBe('203.0.113.5');
    expect(requestClient('10.0.0.1', '1.1.1.1, 203.0.113.5, 10.0.0.9', 2)).toBe('203.0.113.5');
  });

  it('falls back to the socket address when the header is too short or the entry is not an address', () => {
    expect(requestClient('10.0.0.1', '203.0.113.5', 2)).toBe('10.0.0.1');
    expect(requestClient('10.0.0.1', '1.1.1.1, garbage', 1)).toBe('10.0.0.1');
    expect(requestClient('10.0.0.1', null, 1)).toBe('10.0.0.1');
  });

  it('reads only the end of a very long header', () => {
    expect(requestClient('10.0.0.1', `${'a'.repeat(100_000)}, 203.0.113.5`, 1)).toBe('203.0.113.5');
  });
});
