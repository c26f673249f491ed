/**
 * Running behind a reverse proxy: the public origin people and hosts reach Cast at
 * (`CAST_PUBLIC_URL`), which proxies Express may believe about the client (`CAST_TRUST_PROXY`),
 * and how long a long-poll may hold a request (`CAST_LONG_POLL_MAX_SECONDS`). Read by
 * runtime/env.ts; the schemas turn a bad value into one line naming the variable.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * An origin (`https://cast.example.com`, `https://cast.example.com:8443`): Cast serves its pages
 * and API from the root of its host, so a path, query or credentials would be a link to nowhere.
 */
export const PublicUrl = z.preprocess(
  blankIsUnset,
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `${value} is not a URL; give an origin such as https://cast.example.com`,
        });
        return z.NEVER;
      }
      const problem =
        url.protocol !== 'https:' && url.protocol !== 'http:'
          ? 'must start with https:// or http://'
          : url.username || url.password
            ? 'must not carry a user name or password'
            : url.pathname !== '/' || url.search || url.hash
              ? 'must be an origin alone, without a path, query or fragment (Cast is served from the root of its host)'
              : null;
      if (problem) {
        ctx.issues.push({ code: 'custom', input: value, message: `${value} ${problem}` });
        return z.NEVER;
      }
      return url.origin;
    })
    .optional(),
);

/** proxy-addr's names for the reserved ranges, as Express's `trust proxy` accepts them. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one entry of a trust list is not an address, a subnet or a named range; null when it is. */
function trustEntryProblem(entry: string): string | null {
  if (NAMED_RANGES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0)
    return `${entry} is not an IP address, a subnet (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`;
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `${entry}: the prefix length must be 0 to ${bits}`;
  return null;
}

/**
 * Express's `trust proxy`: a hop count (`1`: the one proxy in front), or the proxies' addresses,
 * subnets and named ranges, comma-separated. Unset: no proxy is trusted, so `X-Forwarded-*`
 * headers are ignored (a client could write them itself). `true` (trust anyone) is refused: it
 * lets every client choose its own address and scheme.
 */
export const TrustProxy = z.preprocess(
  blankIsUnset,
  z
    .string()
    .trim()
    .transform((value, ctx): number | string[] => {
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const problems = entries.map((entry) => (entry === '' ? 'an entry is empty' : trustEntryProblem(entry))).filter(Boolean);
      if (problems.length) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `${problems.join('; ')}. Give a hop count (1) or the proxies' addresses, comma-separated`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
);
export type TrustProxy = number | string[];

/**
 * The longest a long-poll holds a request (decision wait, session messages), in seconds. 25 by
 * default: under the shortest idle or response timeout of the proxies Cast is commonly put
 * behind (Google Cloud's load balancer 30 s, Heroku's router 30 s; nginx and AWS ALB 60 s), so a
 * waiting client gets Cast's own "not yet" and asks again instead of the proxy's 504.
 */
export const DEFAULT_LONG_POLL_MAX_SECONDS = 25;
/** The most any long-poll route accepts (`timeout` on a decision wait); a larger setting would hold nothing longer. */
export const LONG_POLL_CEILING_SECONDS = 60;
export const LongPollMaxSeconds = z.preprocess(
  blankIsUnset,
  z.coerce.number().int().min(1).max(LONG_POLL_CEILING_SECONDS).default(DEFAULT_LONG_POLL_MAX_SECONDS),
);
