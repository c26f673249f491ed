/** Which addresses a webhook may reach (runtime/public-address.ts), and the lookup that enforces it where Cast connects. */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  hostRefusal,
  publicOnlyLookup,
  publicOnlyLookupOver,
  RefusedAddress,
  urlRefusal,
} from '../../runtime/public-address';

describe('public addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.20.1.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::5', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['168.63.129.16', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('refuses %s as %s', (address, kind) => {
    expect(addressRefusal(address)).toBe(`${address} is a ${kind} address`);
  });

  // Issue 38 item 12: an IPv6 address that carries an IPv4 one is judged by it too.
  it.each([
    ['::127.0.0.1', '127.0.0.1', 'loopback'],
    ['::7f00:1', '127.0.0.1', 'loopback'],
    ['::169.254.169.254', '169.254.169.254', 'cloud metadata'],
    ['::a9fe:a9fe', '169.254.169.254', 'cloud metadata'],
    ['::ffff:0:7f00:1', '127.0.0.1', 'loopback'],
    ['::ffff:0:10.0.0.1', '10.0.0.1', 'private'],
    ['64:ff9b::10.0.0.1', '10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', '127.0.0.1', 'loopback'],
    ['2002:7f00:1::', '127.0.0.1', 'loopback'],
    ['2002:a9fe:a9fe:1::5', '169.254.169.254', 'cloud metadata'],
    ['2002:c0a8:101::1', '192.168.1.1', 'private'],
    ['::2', '0.0.0.2', 'reserved'],
  ])('refuses %s, which carries %s, as %s', (address, inner, kind) => {
    expect(addressRefusal(address)).toBe(`${address} is a ${kind} address (${inner} inside IPv6)`);
  });

  it.each([
    ['64:ff9b:1::7f00:1', 'private'],
    ['64:ff9b:1:ffff::8.8.8.8', 'private'],
    ['fec0::1', 'site-local'],
    ['feff:ffff::1', 'site-local'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['192.0.2.1', 'reserved'],
  ])('refuses %s as %s', (address, kind) => {
    expect(addressRefusal(address)).toBe(`${address} is a ${kind} address`);
  });

  it('issue 38 item 12: refuses a name whose DNS answer is an IPv6 form of an internal address, wherever it stands among the answers', async () => {
    for (const inner of ['::7f00:1', '::ffff:0:7f00:1', '64:ff9b:1::7f00:1', 'fec0::1', '::169.254.169.254']) {
      const answers: LookupAddress[] = [
        { address: '93.184.215.14', family: 4 },
        { address: inner, family: 6 },
      ];
      const lookup = publicOnlyLookupOver((_name, _options, callback) => callback(null, answers));
      const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        lookup('hooks.example.com', {}, (error) => resolve(error)),
      );
      expect(looked).toBeInstanceOf(RefusedAddress);
      expect(looked?.message).toMatch(new RegExp(`^hooks\\.example\\.com resolves to ${inner.replace(/\./g, '\\.')} is a `));
    }
    const publicOnly = publicOnlyLookupOver((_name, _options, callback) => callback(null, [{ address: '2606:4700::1111', family: 6 }]));
    const address = await new Promise((resolve) => publicOnly('hooks.example.com', {}, (_error, found) => resolve(found)));
    expect(address).toBe('2606:4700::1111');
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '::ffff:0:8.8.8.8',
    '2002:808:808::1',
    '2a00:1450::1',
  ])('takes %s', (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it('reads a host as a URL spells it', () => {
    expect(hostRefusal('[::1]')).toBe('::1 is a loopback address');
    expect(hostRefusal('LOCALHOST.')).toBe('localhost is this machine');
    expect(hostRefusal('api.localhost')).toBe('api.localhost is this machine');
    expect(hostRefusal('hooks.example.com')).toBeNull();
    expect(hostRefusal(new URL('http://2130706433/').hostname)).toBe('127.0.0.1 is a loopback address');
  });

  it('refuses a name by the addresses it resolves to, as Node resolves it to connect', async () => {
    const looked = await new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(looked.error).toBeInstanceOf(RefusedAddress);
    expect(looked.error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/);
    expect(await urlRefusal(new URL('http://localhost:9/x'))).toBe('localhost is this machine');
    expect(await urlRefusal(new URL('https://hooks.example.invalid/x'))).toBeNull();
  });
});
