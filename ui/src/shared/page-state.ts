/** A page's state from its read: what it has read stays on screen through a later failed read. */
import { isNotFound } from '../http/problem-message';

export type PageState = 'loading' | 'missing' | 'failed' | 'ready';

export function pageStateOf(read: { data: unknown; error: unknown; isPending: boolean }): PageState {
  if (read.data !== undefined) return 'ready';
  if (read.isPending) return 'loading';
  return isNotFound(read.error) ? 'missing' : 'failed';
}
