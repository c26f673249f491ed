/**
 * A PATCH body: each field optional, but `{}` would change nothing, so it is refused. JSON
 * Schema says the same as `minProperties: 1` (the bodies are strict objects, so every key
 * they hold is one of their fields).
 */
import type { z } from 'zod';

export function someFields<T extends z.ZodObject>(body: T, message: string) {
  return body.refine((fields) => Object.keys(fields).length > 0, { message }).meta({ minProperties: 1 });
}
