/**
 * The `limit` query parameter every list shares: a page size above the list's maximum is
 * clamped, not refused (E17). Any whole number that the server reads exactly is taken, so the
 * document's `maximum` is 2^53 − 1 and its description says where clamping starts.
 */
import { queryNumber } from '../query-number';

export function limitQuery(fallback = 25, max = 100) {
  return queryNumber({ min: 1 })
    .default(fallback)
    .transform((limit) => Math.min(limit, max))
    .meta({ description: `Page size (default ${fallback}); above ${max} it is clamped to ${max}.` });
}
