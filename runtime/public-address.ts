/**
 * Which addresses Cast may send a webhook to: public ones only, so a member cannot point the
 * worker at the machine itself, the private network or a cloud metadata service. Checked on the
 * address a name resolves to at the moment of connecting (a name that resolved to a public
 * address when it was registered may not any more), and on the literal address in a URL.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup } from 'node:dns';

type Kind = 'loopback' | 'private' | 'link-local' | 'cloud metadata' | 'reserved';

const V4: Array<[string, number, Kind]> = [
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 3, 'reserved'],
];

const V6: Array<[string, number, Kind]> = [
  ['::', 128, 'reserved'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'reserved'],
];

/** AWS, GCP, Azure (both), Alibaba, Oracle and ECS metadata services; Azure's sits in public space. */
const METADATA = ['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'];

const lists = new Map<Kind, BlockList>();
function listOf(kind: Kind): BlockList {
  if (!lists.has(kind)) lists.set(kind, new BlockList());
  return lists.get(kind)!;
}
for (const address of METADATA) listOf('cloud metadata').addAddress(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
for (const [network, prefix, kind] of V4) {
  listOf(kind).addSubnet(network, prefix, 'ipv4');
  // The same IPv4 ranges reached through NAT64 and 6to4 (IPv4-mapped ones BlockList matches itself).
  const hex = network.split('.').map((part) => Number(part).toString(16).padStart(2, '0'));
  listOf(kind).addSubnet(`64:ff9b::${hex[0]}${hex[1]}:${hex[2]}${hex[3]}`, 96 + prefix, 'ipv6');
  listOf(kind).addSubnet(`2002:${hex[0]}${hex[1]}:${hex[2]}${hex[3]}::`, 16 + prefix, 'ipv6');
}
for (const [network, prefix, kind] of V6) listOf(kind).addSubnet(network, prefix, 'ipv6');

/** Why Cast will not send to this IP address, or null when it is public. */
export function addressRefusal(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  // Metadata first: its addresses sit inside the link-local and private ranges, and say more.
  for (const kind of ['cloud metadata', 'loopback', 'private', 'link-local', 'reserved'] as const) {
    if (lists.get(kind)?.check(address, type)) return `${address} is a ${kind} address`;
  }
  return null;
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
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.map((entry) => addressRefusal(entry.address)).find((reason) => reason !== null);
    if (refused) return callback(new RefusedAddress(`${hostname} resolves to ${refused}`), '', 0);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    return callback(null, first.address, first.family);
  });
};

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
