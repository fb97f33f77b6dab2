// The pure parts of login throttling: which client network an address belongs to, and the doubling wait.
import { describe, expect, it } from 'vitest';
import { backoffSeconds, clientNetwork, FREE_FAILURES } from '../../src/admin/login-throttle.ts';

describe('clientNetwork', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:2::ffff')).toBe(clientNetwork('2001:db8:1:2:ffff::1'));
  });
});

describe('backoffSeconds', () => {
  it('is free before the fifth failure, then 1 min doubling up to 1 h', () => {
    expect(FREE_FAILURES).toBe(5);
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 12, 1000].map(backoffSeconds)).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
  });
});
