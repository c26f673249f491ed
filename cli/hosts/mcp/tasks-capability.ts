/**
 * Whether a 2026-07-28 request's client declared the Tasks extension: that revision sends the
 * client's capabilities in every request's `_meta`, so each request is judged on its own.
 */
import { CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError } from '@modelcontextprotocol/server';
import { TASKS_EXTENSION } from './decision-task';

/** `meta`: the request's `_meta` (or the SDK's envelope read from it). */
export function declaresTasks(meta: unknown): boolean {
  const envelope = meta as Record<string, { extensions?: Record<string, unknown> } | undefined> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY]?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The refusal (-32021) for a task method or task listen from a client that did not declare Tasks. */
export const tasksMissing = () =>
  new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
