/**
 * Which addresses Cast may send a webhook to: public ones only, so a member cannot point the
 * worker at the machine itself, the private network or a cloud metadata service. Checked on the
 * address a name resolves to at the moment of connecting (a name that resolved to a public
 * address when it was registered may not any more), and on the literal address in a URL.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';

type Kind = 'loopback' | 'private' | 'link-local' | 'site-local' | 'cloud metadata' | 'reserved';

const V4: Array<[string, number, Kind]> = [
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 3, 'reserved'],
];

/**
 * IPv6 space that is never a public endpoint. Local-use NAT64 (64:ff9b:1::/48, RFC 8215) maps
 * to IPv4 as each network chooses, so no address in it can be told public; site-local
 * (fec0::/10) is deprecated but still routed inside some networks; Teredo (2001::/32) tunnels
 * to an IPv4 address it hides.
 */
const V6: Array<[string, number, Kind]> = [
  ['::', 128, 'reserved'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'reserved'],
];

/** AWS, GCP, Azure (both), Alibaba, Oracle and ECS metadata services; Azure's sits in public space. */
const METADATA = ['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'];

const ORDER = ['cloud metadata', 'loopback', 'private', 'link-local', 'site-local', 'reserved'] as const satisfies readonly Kind[];

const lists = new Map<Kind, BlockList>();
function listOf(kind: Kind): BlockList {
  if (!lists.has(kind)) lists.set(kind, new BlockList());
  return lists.get(kind)!;
}
for (const address of METADATA) listOf('cloud metadata').addAddress(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
for (const [network, prefix, kind] of V4) listOf(kind).addSubnet(network, prefix, 'ipv4');
for (const [network, prefix, kind] of V6) listOf(kind).addSubnet(network, prefix, 'ipv6');

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 part read as two); null when it is not one. */
function groupsOf(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (side: string) => (side === '' ? [] : side.split(':').map((group) => parseInt(group, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 one carries, where the network would deliver it to that IPv4
 * address: IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), well-known NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
export function embeddedIpv4(address: string): string | null {
  const g = groupsOf(address);
  if (!g) return null;
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zero(0, 6) && (g[6] !== 0 || g[7]! > 1)) return v4Of(g[6]!, g[7]!);
  if (zero(0, 5) && g[5] === 0xffff) return v4Of(g[6]!, g[7]!);
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return null;
}

function kindOf(address: string, type: 'ipv4' | 'ipv6'): Kind | null {
  // Metadata first: its addresses sit inside the link-local and private ranges, and say more.
  return ORDER.find((kind) => lists.get(kind)?.check(address, type)) ?? null;
}

/**
 * Why Cast will not send to this IP address, or null when it is public. An IPv6 address that
 * carries an IPv4 one is judged by that one too (issue 38 item 12: `[::7f00:1]` is loopback).
 */
export function addressRefusal(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const own = kindOf(address, family === 6 ? 'ipv6' : 'ipv4');
  if (own) return `${address} is a ${own} address`;
  const inner = family === 6 ? embeddedIpv4(address) : null;
  const carried = inner ? kindOf(inner, 'ipv4') : null;
  return carried ? `${address} is a ${carried} address (${inner} inside IPv6)` : null;
}

/** A URL's host as an address or a name: `[::1]` → `::1`, `localhost.` → `localhost`. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** What can be told from the URL alone: a literal address, or a name that always means this machine. */
export function hostRefusal(hostname: string): string | null {
  const host = bareHost(hostname);
  if (isIP(host)) return addressRefusal(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  return null;
}

/** Raised by the lookup below; the sender reports it as a refusal, never as the receiver's fault. */
export class RefusedAddress extends Error {
  override name = 'RefusedAddress';
}

/**
 * A `lookup` for `http.request` that resolves as Node does and refuses a name with any
 * non-public address among its answers. The connection is made to the checked address itself,
 * so a name cannot resolve one way for the check and another for the connection.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => publicOnlyLookupOver(lookup)(hostname, options, callback);

/** How a name is resolved: Node's `dns.lookup` with `all: true`, or a stand-in resolver in a unit test. */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** `publicOnlyLookup` over any resolver, so the rule can be shown on answers no test machine's DNS gives. */
export function publicOnlyLookupOver(resolve: ResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((entry) => addressRefusal(entry.address)).find((reason) => reason !== null);
      if (refused) return callback(new RefusedAddress(`${hostname} resolves to ${refused}`), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

const REGISTRATION_LOOKUP_MS = 2000;

/**
 * Why a URL may not be registered as an endpoint, or null. A name is resolved too; one that
 * does not resolve (yet) is accepted, since every delivery checks again where it connects.
 */
export async function urlRefusal(url: URL): Promise<string | null> {
  const literal = hostRefusal(url.hostname);
  if (literal || isIP(bareHost(url.hostname))) return literal;
  const resolved = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), REGISTRATION_LOOKUP_MS);
    publicOnlyLookup(bareHost(url.hostname), { all: true }, (error) => {
      clearTimeout(timer);
      resolve(error instanceof RefusedAddress ? error.message : null);
    });
  });
  return resolved;
}
