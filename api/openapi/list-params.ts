/** Query parameters several lists share, as their routes read them (api/list-limit.ts). */
import { z } from 'zod';

/** `limit`: a page size; above the maximum it is clamped, not refused. */
export function limitParam(fallback: number, max: number) {
  return z.int().min(1).default(fallback).meta({ description: `Page size (default ${fallback}); above ${max} it is clamped to ${max}.` });
}
