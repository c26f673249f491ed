/** Row ids: a short prefix naming the noun, then 128 random bits (`task_3f2a…`). */
import { randomUUID } from 'node:crypto';

export const IdPrefix = [
  'ws',
  'mb',
  'tk',
  'ag',
  'gr',
  'mi',
  'task',
  'bl',
  'run',
  'wh',
  'apr',
  'esc',
  'whd',
  'ps',
  'tm',
  'dl',
  'ru',
] as const;
export type IdPrefix = (typeof IdPrefix)[number];

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}
