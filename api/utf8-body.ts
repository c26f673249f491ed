/**
 * A JSON body must be UTF-8 (RFC 8259 §8.1). The body parser decodes bytes that are not with
 * U+FFFD in their place, so text the sender never wrote would be stored without a word (issue
 * 38 item 13): the raw bytes are checked first, strictly, and such a body refused with its own code.
 */
import type { IncomingMessage } from 'node:http';
import { DomainError } from '../domain/errors';

const strict = new TextDecoder('utf-8', { fatal: true });

/** The body parser's `verify`: throws `invalid_utf8` for a body declared (or defaulted to) UTF-8 that is not. */
export function verifyUtf8(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  // Another Unicode charset the parser accepts (UTF-16, UTF-32) is its own decoder's business.
  if (encoding.toLowerCase().replace('-', '') !== 'utf8') return;
  try {
    strict.decode(body);
  } catch {
    throw new DomainError('invalid_utf8', 'The body is not valid UTF-8; send JSON encoded as UTF-8. Nothing was changed.');
  }
}
