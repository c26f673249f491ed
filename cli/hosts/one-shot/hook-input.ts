/**
 * A one-shot hook's payload: one JSON document on stdin, as the host writes it. Reading it, and
 * the refusal (`bad_hook_input`) that names what is wrong with it.
 */
import type { z } from 'zod';
import { readStdin } from '../../stdin';
import { CliError, Exit } from '../../output';

export const badHookInput = (message: string) => new CliError(message, Exit.error, {}, 'bad_hook_input');

/** The JSON on stdin; `notJson` is the refusal's words when it is none. */
export async function readPayload(notJson: string): Promise<unknown> {
  const text = await readStdin();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badHookInput(notJson);
  }
}

/** The payload's event (`PreToolUse`, `PermissionRequest`…), read before the payload is checked. */
export const eventOf = (raw: unknown): unknown => (raw as { hook_event_name?: unknown } | null)?.hook_event_name;

/** `tool_name, cwd`: the fields a payload lacks or mangles. */
export const mangledFields = (error: z.ZodError): string => error.issues.map((issue) => issue.path.join('.') || '(input)').join(', ');

/** Once the answer is printed, whatever still holds the process (stdin never closed, a socket kept open) is let go. */
const LEAVE_AFTER_MS = 200;

export function leaveSoon(): void {
  setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
}
