/** Which addresses a webhook may reach (runtime/public-address.ts), and the lookup that enforces it where Cast connects. */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { addressRefusal, hostRefusal, publicOnlyLookup, RefusedAddress, urlRefusal } from '../../runtime/public-address';

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
    ['64:ff9b::10.0.0.1', 'private'],
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

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('takes %s', (address) => {
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
