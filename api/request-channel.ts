/**
 * The channel a request came through (issue 38 item 10), for the provenance of what it does:
 * the signed-in browser is `web`; a token is `api` unless its client names itself in
 * `Cast-Channel` (`cli`, `mcp`, `host-terminal`, or `api`). A token cannot claim `web` (that
 * is the cookie's), `inbox` (the Inbox reply route's own) or `email`, `slack`, `push` (a signed link's):
 * such a request is refused, 400 `channel_not_allowed`, before anything is read or written.
 */
import type { Request } from 'express';
import { DomainError } from '../domain/errors';
import { CHANNEL_HEADER, CLAIMABLE_CHANNELS, type Channel } from '../domain/provenance';

declare module 'express-serve-static-core' {
  interface Locals {
    channel: Channel;
  }
}

export function requestChannel(req: Request, credential: 'token' | 'cookie'): Channel {
  // The browser is the web whatever it sends: the header is a `cast` client's word about itself.
  if (credential === 'cookie') return 'web';
  const claimed = req.get(CHANNEL_HEADER)?.trim().toLowerCase();
  if (claimed === undefined || claimed === '') return 'api';
  if ((CLAIMABLE_CHANNELS as readonly string[]).includes(claimed)) return claimed as Channel;
  throw new DomainError(
    'channel_not_allowed',
    `Cast-Channel: a token may name ${CLAIMABLE_CHANNELS.join(', ')}; "${claimed.slice(0, 40)}" is not one of them. Nothing was changed.`,
    { allowed: [...CLAIMABLE_CHANNELS] },
  );
}
