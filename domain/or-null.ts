import { z } from 'zod';

/**
 * A named view, or null. Not `.nullable()`: the OpenAPI generator reads a named schema's id
 * through `.nullable()` and would make the shared component itself nullable.
 */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}
