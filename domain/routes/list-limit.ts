/** The `limit` query parameter every list shares: a page size above the maximum is clamped, not refused. */
import { z } from 'zod';

export function limitQuery(fallback = 25, max = 100) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((limit) => Math.min(limit, max))
    .meta({ description: `Page size (default ${fallback}); above ${max} it is clamped to ${max}.` });
}
