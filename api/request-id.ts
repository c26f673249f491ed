/**
 * Every request's id, answered in `X-Request-Id`, logged on each of its lines (pino-http's
 * `req.id`) and named by its problem bodies' `instance`. A proxy's id is kept when it is one
 * Cast can echo into a header, a log and a URN unchanged; anything else gets a fresh UUID.
 */
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Letters, digits and `._:-`, up to 128: UUIDs, hex ids (nginx's `$request_id`), ULIDs and the like. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    // Several headers arrive joined by ", ", which is not well-formed: a new id, not a choice of one.
    const incoming = req.get(REQUEST_ID_HEADER);
    const id = incoming !== undefined && WELL_FORMED.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

/** A problem's `instance` (RFC 9457 wants a URI reference): the request it answered. */
export function problemInstance(id: unknown): string | undefined {
  return typeof id === 'string' ? `urn:cast:request:${id}` : undefined;
}
