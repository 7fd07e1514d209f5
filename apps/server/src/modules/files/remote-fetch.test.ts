import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, mappedIPv4 } from './address.js';
import { PNG } from './fixtures.js';
import { UploadRefused } from './refused.js';
import { fetchRemote, type RemoteFetchOptions, type Resolver } from './remote-fetch.js';

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast, reserved and metadata ranges', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.100.100.200',
      '127.0.0.1',
      '127.1.2.3',
      '169.254.169.254',
      '169.254.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.1',
      '192.0.2.1',
      '192.168.0.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.1',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:0001',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001:db8::1',
      '2001::1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'localhost',
      '',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows public IPv4 and IPv6 addresses, mapped ones included', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.255.255',
      '2606:4700:4700::1111',
      '2400:3200::1',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('reads the IPv4 address inside an IPv4-mapped IPv6 address', () => {
    expect(mappedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(mappedIPv4('::ffff:192.168.1.2')).toBe('192.168.1.2');
    expect(mappedIPv4('::1')).toBeNull();
    expect(mappedIPv4('10.0.0.1')).toBeNull();
  });
});

describe('fetchRemote', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://local');
      if (url.pathname === '/pic.png') {
        response.writeHead(200).end(PNG);
      } else if (url.pathname === '/to') {
        response.writeHead(302, { location: url.searchParams.get('target') ?? '/' }).end();
      } else if (url.pathname === '/slow') {
        response.writeHead(200);
        response.write(PNG.subarray(0, 4));
        // Never ends: the signal must stop it.
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // Only 127.0.0.1 stands in for "the public internet" here; every other address is checked
  // by the real rules.
  const onlyLocalhostIsPublic = (address: string) =>
    address === '127.0.0.1' || isPublicAddress(address);
  const resolver: Resolver = async (hostname) => {
    const table: Record<string, { address: string; family: number }[]> = {
      'images.example': [{ address: '127.0.0.1', family: 4 }],
      'metadata.example': [{ address: '169.254.169.254', family: 4 }],
      'mixed.example': [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.8', family: 4 },
      ],
      'v6.example': [{ address: '::ffff:10.0.0.8', family: 6 }],
    };
    return table[hostname] ?? [];
  };
  const options = (extra: Partial<RemoteFetchOptions> = {}): RemoteFetchOptions => ({
    allowAddress: onlyLocalhostIsPublic,
    maxBytes: 1024 * 1024,
    maxRedirects: 3,
    signal: AbortSignal.timeout(5_000),
    resolve: resolver,
    ...extra,
  });

  it('connects to the address the custom resolver gave and returns the body', async () => {
    const body = await fetchRemote(`http://images.example:${port}/pic.png`, options());
    expect(body.equals(PNG)).toBe(true);
  });

  it('refuses a name that resolves to a private address, or to any private address among several', async () => {
    await expect(fetchRemote(`http://metadata.example:${port}/pic.png`, options())).rejects.toThrow(
      /private or reserved address \(169\.254\.169\.254\)/,
    );
    await expect(fetchRemote(`http://mixed.example:${port}/pic.png`, options())).rejects.toThrow(
      /\(10\.0\.0\.8\)/,
    );
    await expect(fetchRemote(`http://v6.example:${port}/pic.png`, options())).rejects.toThrow(
      /\(::ffff:10\.0\.0\.8\)/,
    );
    await expect(fetchRemote(`http://nowhere.example:${port}/`, options())).rejects.toThrow(
      /does not resolve/,
    );
  });

  it('checks every redirect again: an allowed address that redirects to a private one is refused', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://metadata.example/a.png',
      `http://127.0.0.2:${port}/pic.png`,
      'file:///etc/passwd',
    ]) {
      const start = `http://images.example:${port}/to?target=${encodeURIComponent(target)}`;
      await expect(fetchRemote(start, options()), target).rejects.toBeInstanceOf(UploadRefused);
    }
    const allowed = `http://images.example:${port}/to?target=${encodeURIComponent('/pic.png')}`;
    expect((await fetchRemote(allowed, options())).equals(PNG)).toBe(true);
  });

  it('refuses the connection when the socket ends up at a refused address', async () => {
    // The name check passes (every address allowed) but the connected peer is refused.
    let checks = 0;
    const allowAddress = (address: string) => ++checks === 1 || address !== '127.0.0.1';
    await expect(
      fetchRemote(`http://images.example:${port}/pic.png`, options({ allowAddress })),
    ).rejects.toThrow(/Connected to a private address \(127\.0\.0\.1\)/);
  });

  it('stops at the size limit and at the time limit', async () => {
    await expect(
      fetchRemote(`http://images.example:${port}/pic.png`, options({ maxBytes: 10 })),
    ).rejects.toThrow(/Larger than 10 B/);
    await expect(
      fetchRemote(
        `http://images.example:${port}/slow`,
        options({ signal: AbortSignal.timeout(200) }),
      ),
    ).rejects.toThrow(/^Timed out$/);
  });
});
