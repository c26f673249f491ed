/**
 * What Postgres cannot store must be refused before anything is read or written, naming
 * where it was, or it fails deep inside a query as a 500 — or, written by a workflow's
 * mirror, fails on every retry and wedges that decision. Text cannot hold U+0000; jsonb
 * refuses an unpaired surrogate (U+D800–U+DFFF, which `\ud800` in JSON produces); a `real`
 * column (confidence) refuses a number too close to zero, such as 1e-100; and a value nested
 * a few thousand levels deep (an approval's free-form payload) overflows the stack of the
 * JSON.stringify that writes it. No body Cast reads nests deeper than a handful of levels.
 */
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors';

/**
 * Storable text: any character but NUL, a surrogate only as half of a pair. The OpenAPI
 * document gives every string a request carries this pattern (api/openapi/storable-input.ts).
 */
export const STORABLE_TEXT = '^(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$';
const STORABLE = new RegExp(STORABLE_TEXT);
/** No field takes a smaller non-zero number, and `real` keeps this one (it underflows below ~1.4e-45). */
export const SMALLEST_NUMBER = 1e-37;
const DEEPEST = 100;

function textProblem(text: string): string | null {
  if (STORABLE.test(text)) return null;
  if (text.includes('\u0000')) return 'text may not contain the NUL character (U+0000)';
  return 'text may not contain an unpaired surrogate (U+D800–U+DFFF)';
}

/** Where the first unstorable value is in a parsed JSON value (walked without recursion: nesting can be deep). */
function findUnstorable(root: unknown): string | null {
  const stack: Array<[unknown, string, number]> = [[root, 'body', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return `${path}: ${problem}.`;
    } else if (typeof value === 'number') {
      if (value !== 0 && Math.abs(value) < SMALLEST_NUMBER)
        return `${path}: ${value} is too close to zero to store; send 0 or a number of at least ${SMALLEST_NUMBER}.`;
    } else if (value !== null && typeof value === 'object') {
      if (depth === DEEPEST) return `${path.split('.').slice(0, 3).join('.')}…: nesting deeper than ${DEEPEST} levels is refused.`;
      for (const [key, child] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return `${path}: a key's ${problem}.`;
        stack.push([child, `${path}.${key}`, depth + 1]);
      }
    }
  }
  return null;
}

export const refuseNulText: RequestHandler = (req, _res, next) => {
  const found = /%00/i.test(req.originalUrl) ? 'url: text may not contain the NUL character (U+0000).' : findUnstorable(req.body);
  if (found) throw new DomainError('invalid_request', found);
  next();
};
