/**
 * What the `cast stack` commands read from their arguments — stack and decision ids,
 * durations and due times — refused with exit 2 before the server sees them.
 */
import { DurationError, formatDuration, parseDuration } from '../../../domain/duration';
import { AUTO_DEFAULT_MAX_MS } from '../../../domain/limits';
import { StackId } from '../../../domain/stack-schema';
import { ApiError } from '../../api-error';
import { CliError, usageError } from '../../output';
import { parseDue, WhenError } from '../../when';
import { checkId } from '../decide/target';

export function checkStackId(id: string): string {
  const parsed = StackId.safeParse(id);
  if (!parsed.success) throw usageError(`${id} is not a stack id; they look like ds-7 (cast stack ls lists them).`);
  return parsed.data;
}

/** `sd-43,sd-41 sd-42`: comma- or space-separated decision ids, each checked. */
export function decisionList(raw: string[]): string[] {
  const ids = raw
    .flatMap((part) => part.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw usageError('Name the decisions: sd-41,sd-42 (cast decide ls lists them).');
  return ids.map(checkId);
}

/**
 * An auto-default duration, within what the server accepts, in whole seconds as the request
 * body takes it (the grammar's whole units are never finer); `given` is how errors quote it.
 */
export function readDuration(text: string, given: string): number {
  let ms: number;
  try {
    ms = parseDuration(text);
  } catch (error) {
    if (error instanceof DurationError) throw usageError(`${given}: ${error.message}`);
    throw error;
  }
  if (ms > AUTO_DEFAULT_MAX_MS) throw usageError(`${given}: the longest auto-default is ${formatDuration(AUTO_DEFAULT_MAX_MS)}.`);
  return ms / 1000;
}

export function readDue(text: string, now: Date, given: string): Date {
  try {
    return parseDue(text, now);
  } catch (error) {
    if (error instanceof WhenError) throw usageError(`${given}: ${error.message}`);
    throw error;
  }
}

/** Names the stack in the server's "no stack with that id" (exit 1, as for a missing decision). */
export async function onStack<T>(id: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.problem.code === 'stack_not_found') {
      throw new CliError(`There is no stack ${id} in this workspace (cast stack ls lists them).`, error.exitCode, error.json, error.code);
    }
    throw error;
  }
}
