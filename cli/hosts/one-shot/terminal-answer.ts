/**
 * "Yes" in Claude Code's own prompt, while the card waits in Cast (issue 31). On the
 * PermissionRequest hook in manual mode Claude Code shows its prompt ("Do you want to
 * proceed?") while the hook waits: "No" or Esc stop the hook (SIGTERM, run-bound.ts), but "Yes"
 * runs the call and tells the hook nothing — its stdin is closed and no signal comes — so the
 * card would stay open, promising a pickup, until --timeout.
 *
 * What does reach a hook is the call itself: Claude Code runs PostToolUse (or
 * PostToolUseFailure, when the call fails) after it, with the same tool and input. So the
 * waiting hook leaves a note, `<key>.waiting`, in a directory of the user's own; the same
 * command run for PostToolUse finds it and writes `<key>.ran` beside it; the waiting hook sees
 * that and withdraws its card. The key is the conversation's session id and the call (tool
 * and input), hashed. A call no hook waits for — every call Claude Code did not ask about —
 * costs the PostToolUse run one file lookup and no request to Cast.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJson } from '../../../domain/provenance';

/** How often the waiting hook looks for the note: the card leaves the queue this soon after the call ran. */
const LOOK_EVERY_MS = 150;

export type CallOf = { session_id: string; tool_name: string; tool_input: Record<string, unknown> };

/** The hook events Claude Code runs after a call: the call ran (it may have failed). */
export const AFTER_THE_CALL = ['PostToolUse', 'PostToolUseFailure'];

/**
 * The notes' directory: the user's own, nobody else's (a directory another user made, or a
 * link, turns the whole thing off rather than trusting it). Null when there is none; `create`
 * makes it.
 */
function notesDir(create: boolean): string | null {
  const uid = process.getuid?.();
  const dir = join(tmpdir(), `cast-hook-${uid ?? 'user'}`);
  try {
    if (create) mkdirSync(dir, { mode: 0o700, recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const stat = lstatSync(dir);
    const own = uid === undefined || (stat.uid === uid && (stat.mode & 0o077) === 0);
    return stat.isDirectory() && own ? dir : null;
  } catch {
    return null;
  }
}

/** The same call whatever the order of its input's keys. */
function callKey(call: CallOf): string {
  return createHash('sha256')
    .update(canonicalJson([call.session_id, call.tool_name, call.tool_input]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * While a PermissionRequest hook waits: calls `ran` once the call has run (answered in the
 * terminal). Returns what ends the watch — it takes the notes away — or null when there is no
 * place for notes (the card then waits as before).
 */
export function watchForTheCall(call: CallOf, ran: () => void): (() => void) | null {
  const dir = notesDir(true);
  if (!dir) return null;
  const key = callKey(call);
  const waiting = join(dir, `${key}.waiting`);
  const done = join(dir, `${key}.ran`);
  const clear = () => {
    rmSync(done, { force: true });
    rmSync(waiting, { force: true });
  };
  try {
    // A note left by an earlier call that ran with nobody waiting is not this call's.
    rmSync(done, { force: true });
    writeFileSync(waiting, `${process.pid}\n`, { mode: 0o600 });
  } catch {
    return null;
  }
  const timer = setInterval(() => {
    if (!existsSync(done)) return;
    clearInterval(timer);
    ran();
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    try {
      clear();
    } catch {
      // A note left behind is cleared by the next hook that waits for the same call.
    }
  };
}

/** After the call ran (PostToolUse, PostToolUseFailure): tells a hook waiting for it, if one does. Never throws. */
export function noteTheCallRan(call: CallOf): boolean {
  try {
    const dir = notesDir(false);
    if (!dir) return false;
    const key = callKey(call);
    if (!existsSync(join(dir, `${key}.waiting`))) return false;
    writeFileSync(join(dir, `${key}.ran`), '', { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}
