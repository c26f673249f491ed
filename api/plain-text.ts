/**
 * Postgres text cannot hold U+0000, so a NUL anywhere in a request would fail deep inside a
 * query as a 500. Refuse it up front, naming where it was, before anything is read or written.
 */
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors';

/** Where the first NUL is in a parsed JSON value (walked without recursion: nesting can be deep). */
function findNul(root: unknown): string | null {
  const stack: Array<[unknown, string]> = [[root, 'body']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

export const refuseNulText: RequestHandler = (req, _res, next) => {
  const where = /%00/i.test(req.originalUrl) ? 'url' : findNul(req.body);
  if (where) throw new DomainError('invalid_request', `${where}: text may not contain the NUL character (U+0000).`);
  next();
};
