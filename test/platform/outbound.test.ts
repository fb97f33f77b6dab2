// The outbound guard (src/platform/net): in production a company's server may only be on the public Internet.
// Every class of address is refused, however it is spelt (numeric loopback forms go through the system resolver as
// they would in a connection), the name is resolved once and the connection goes to the address that was checked.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/platform/net/address-classes.ts';
import {
  allowedAddresses,
  connectOutbound,
  OutboundRefused,
  outboundPolicy,
  PRODUCTION_POLICY,
} from '../../src/platform/net/outbound.ts';

const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.1', 'loopback'],
  ['2130706433', 'loopback'],
  ['0x7f.1', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['localhost', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['2002:7f00:1::1', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['10.0.0.8', 'private'],
  ['172.16.5.4', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.10', 'private'],
  ['100.64.0.1', 'carrier-nat'],
  ['169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['169.254.10.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['224.0.0.251', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['192.0.2.1', 'reserved'],
];

describe('address classes', () => {
  it('names the class of each internal address, whatever form it is written in', async () => {
    for (const [host, cls] of REFUSED) {
      const error = await allowedAddresses(host, PRODUCTION_POLICY).catch((e: unknown) => e);
      expect(error, host).toBeInstanceOf(OutboundRefused);
      expect((error as OutboundRefused).code, host).toBe('host_refused');
      expect((error as OutboundRefused).detail, host).toContain(`a ${cls} address`);
    }
  });

  it('lets public addresses through', async () => {
    for (const address of ['8.8.8.8', '200.48.225.130', '172.32.0.1', '2800:200::1', '1.1.1.1'])
      expect(classifyAddress(address), address).toBe('public');
    expect(await allowedAddresses('200.48.225.130', PRODUCTION_POLICY)).toEqual(['200.48.225.130']);
  });

  it('refuses a name when any of its addresses is internal (DNS answers are the owner of the name to choose)', async () => {
    const lookup = async () => ['200.48.225.130', '10.0.0.5'];
    await expect(allowedAddresses('correo.example', PRODUCTION_POLICY, lookup)).rejects.toMatchObject({
      code: 'host_refused',
    });
    await expect(
      allowedAddresses('nadie.invalid', PRODUCTION_POLICY, async () => {
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      }),
    ).rejects.toMatchObject({ code: 'host_unresolvable' });
  });

  it('follows the configuration: production refuses internal networks, development only the metadata service', () => {
    const production = outboundPolicy({ outboundPrivateAllowed: false });
    const development = outboundPolicy({ outboundPrivateAllowed: true });
    expect([...production.refuse].sort()).toEqual([...PRODUCTION_POLICY.refuse].sort());
    expect([...development.refuse]).toEqual(['metadata']);
  });
});

describe('connecting', () => {
  let server: net.Server;
  let port: number;
  const remotes: string[] = [];
  beforeAll(async () => {
    server = net.createServer((socket) => {
      remotes.push(String(socket.localAddress));
      socket.on('error', () => undefined);
      socket.end('220 servicio-interno-secreto listo\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('resolves once and connects to the address it checked (a second answer is never asked for)', async () => {
    const answers = [['127.0.0.1'], ['10.9.9.9']];
    let asked = 0;
    const socket = await connectOutbound('correo.example', port, {
      policy: outboundPolicy({ outboundPrivateAllowed: true }),
      lookup: async () => answers[asked++],
      timeoutMs: 5_000,
    });
    expect(socket.remoteAddress).toBe('127.0.0.1');
    expect(asked).toBe(1);
    socket.destroy();
  });

  it('in production never opens the connection to a refused address', async () => {
    const before = remotes.length;
    await expect(
      connectOutbound('127.0.0.1', port, { policy: PRODUCTION_POLICY, timeoutMs: 5_000 }),
    ).rejects.toBeInstanceOf(OutboundRefused);
    await expect(
      connectOutbound('rebind.example', port, {
        policy: PRODUCTION_POLICY,
        lookup: async () => ['127.0.0.1'],
        timeoutMs: 5_000,
      }),
    ).rejects.toMatchObject({ code: 'host_refused' });
    await new Promise((r) => setTimeout(r, 100));
    expect(remotes.length).toBe(before);
  });
});
