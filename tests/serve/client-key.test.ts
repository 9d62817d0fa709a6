// Who a request counts against: IPv4 as is, IPv6 per /64, X-Forwarded-For read from the right behind trusted proxies.
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../build/core/client-key.ts';
import { parseTrustedProxies, requestClient } from '../../build/serve/trusted-proxies.ts';
import { trusted } from '../helpers/http.ts';

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
  const proxies = trusted('10.0.0.0/8, 192.0.2.1, fd00::/8');

  it('uses the socket address without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(requestClient('127.0.0.2', '198.51.100.1', null)).toBe('127.0.0.2');
  });

  it('ignores the header when the socket is not a trusted proxy', () => {
    expect(requestClient('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
    expect(requestClient('::ffff:203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
  });

  it('takes the first untrusted entry from the right, past every trusted proxy (IPv4-mapped and IPv6 included)', () => {
    expect(requestClient('10.0.0.1', '1.1.1.1, 203.0.113.5', proxies)).toBe('203.0.113.5');
    expect(requestClient('::ffff:10.0.0.1', '1.1.1.1, 203.0.113.5, 10.0.0.9, 192.0.2.1', proxies)).toBe('203.0.113.5');
    expect(requestClient('fd00::1', '2001:db8:1:2::3, fd12::5', proxies)).toBe('2001:db8:1:2::/64');
    expect(requestClient('10.0.0.1', '[2001:db8:1:2::3]', proxies)).toBe('2001:db8:1:2::/64');
  });

  it('stops at an entry that is not an address (the hop that forwarded it is the client), and without a header', () => {
    expect(requestClient('10.0.0.1', '1.1.1.1, garbage', proxies)).toBe('10.0.0.1');
    expect(requestClient('10.0.0.1', '1.1.1.1, garbage, 10.0.0.7', proxies)).toBe('10.0.0.7');
    expect(requestClient('10.0.0.1', null, proxies)).toBe('10.0.0.1');
  });

  it('takes the leftmost entry when every entry is a trusted proxy', () => {
    expect(requestClient('10.0.0.1', '10.0.0.2, 10.0.0.3', proxies)).toBe('10.0.0.2');
  });

  it('reads only the end of a very long header', () => {
    expect(requestClient('10.0.0.1', `${'a'.repeat(100_000)}, 203.0.113.5`, proxies)).toBe('203.0.113.5');
    expect(requestClient('10.0.0.1', `${'10.0.0.2,'.repeat(10_000)}10.0.0.3`, proxies)).toMatch(/^10\.0\.0\.[23]$/);
  });
});

describe('parseTrustedProxies', () => {
  it.each([
    ['', 'needs at least one address or CIDR range'],
    ['1', '"1" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
    ['-1', '"-1" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
    ['10.0.0.0/33', '"10.0.0.0/33" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
    ['10.0.0.1,example.org', '"example.org" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
    ['fd00::/8/1', '"fd00::/8/1" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
  ])('refuses %j in one line', (text, reason) => {
    expect(parseTrustedProxies(text)).toBe(reason);
  });

  it('accepts addresses and ranges of both families, with spaces', () => {
    const list = trusted(' 127.0.0.1 , 10.0.0.0/8,::1, fd00::/8 ');
    expect(list.text).toBe('127.0.0.1,10.0.0.0/8,::1,fd00::/8');
    expect(['127.0.0.1', '10.200.0.1', '::1', 'fd00:1::2', '::ffff:10.0.0.3'].map((a) => list.has(a))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['127.0.0.2', '11.0.0.1', '::2', 'garbage'].map((a) => list.has(a))).toEqual([false, false, false, false]);
  });
});
