// What kind of network an IP address is on, for outbound connections a company chooses (its SMTP server today,
// webhooks later): only the public Internet is theirs to reach. Anything else is ours — this machine (loopback),
// the data centre's private networks, the cloud's metadata service — and a company naming it would be using our
// server to look inside. IPv4-mapped, NAT64 and 6to4 IPv6 addresses are judged by the IPv4 address they carry.
import net from 'node:net';

export type AddressClass =
  | 'metadata'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'carrier-nat'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved'
  | 'public';

/** The classes a production server refuses for a company's outbound connection: every one but `public`. */
export const INTERNAL_CLASSES: readonly AddressClass[] = [
  'metadata',
  'loopback',
  'unspecified',
  'private',
  'carrier-nat',
  'link-local',
  'unique-local',
  'multicast',
  'reserved',
];

/** A range in CIDR notation: address/prefix length. */
type Range = string;

/** Most specific first: the first class whose list holds the address names it. */
const RANGES: readonly (readonly [AddressClass, 'ipv4' | 'ipv6', readonly Range[]])[] = [
  // AWS, GCP, Azure, OpenStack (169.254.169.254), AWS over IPv6 (fd00:ec2::254), Alibaba (100.100.100.200).
  ['metadata', 'ipv4', ['169.254.169.254/32', '100.100.100.200/32']],
  ['metadata', 'ipv6', ['fd00:ec2::254/128']],
  ['loopback', 'ipv4', ['127.0.0.0/8']],
  ['loopback', 'ipv6', ['::1/128']],
  ['unspecified', 'ipv4', ['0.0.0.0/8']],
  ['unspecified', 'ipv6', ['::/128']],
  ['private', 'ipv4', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']],
  ['private', 'ipv6', ['fec0::/10']], // site-local (deprecated, still routed inside some networks)
  ['carrier-nat', 'ipv4', ['100.64.0.0/10']], // carrier-grade NAT (RFC 6598)
  ['link-local', 'ipv4', ['169.254.0.0/16']],
  ['link-local', 'ipv6', ['fe80::/10']],
  ['unique-local', 'ipv6', ['fc00::/7']],
  ['multicast', 'ipv4', ['224.0.0.0/4']],
  ['multicast', 'ipv6', ['ff00::/8']],
  [
    'reserved',
    'ipv4',
    [
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // documentation
      '198.18.0.0/15', // benchmarking
      '198.51.100.0/24',
      '203.0.113.0/24',
      '240.0.0.0/4', // reserved, and 255.255.255.255
    ],
  ],
  ['reserved', 'ipv6', ['100::/64', '2001:db8::/32', '2001::/32']], // discard, documentation, Teredo
];

const LISTS = RANGES.map(([cls, family, ranges]) => {
  const list = new net.BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), family);
  }
  return [cls, family, list] as const;
});

/** The IPv4 address inside a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) IPv6 address; null otherwise. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

/** The 8 groups of an IPv6 address (a trailing dotted IPv4 part included); null when it is not one. */
function expandIpv6(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.toLowerCase().split('%')[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array(tail === null ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 ? groups : null;
}

/** The class of a literal IP address (v4 or v6); `reserved` for anything that is not one. */
export function classifyAddress(address: string): AddressClass {
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  if (!family) return 'reserved';
  const inner = family === 'ipv6' ? embeddedIpv4(address) : null;
  if (inner) return classifyAddress(inner);
  for (const [cls, listFamily, list] of LISTS) {
    // A BlockList of IPv4 ranges also matches their IPv4-mapped IPv6 forms (::ffff:127.0.0.1).
    if (family === 'ipv6' && listFamily === 'ipv4' ? list.check(address, 'ipv6') : list.check(address, family))
      return cls;
  }
  return 'public';
}
