/**
 * The hook's keeper: a process of its own that takes the card out of the queue when the hook
 * is killed without a word. Codex 0.171.0 ends a hook on Esc with SIGKILL at once (issue 38
 * item 8: nothing reaches the hook, so it cannot withdraw its card, which then stays open,
 * answerable and reaching no one, until Cast withdraws it past the hook's deadline). The keeper
 * is started detached (a session of its own, so a kill of the hook's process group spares it)
 * with a pipe from the hook as its stdin: the hook writes what identifies the card and, when it
 * ends by itself, "done". The pipe closing without "done" means the hook was killed; the keeper
 * then withdraws the card (keeper-run.ts). Never holds the hook: its output goes nowhere the
 * host reads, and it never keeps the hook's event loop alive.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { hint } from '../../output';

/** One line on the keeper's stdin. */
export type KeeperNote = { session: string; requestId: string } | { card: string } | { done: true };

export type CardKeeper = {
  /** The filing is about to go: the card, once filed, is found by its request id in this session. */
  filing(session: string, requestId: string): void;
  /** The card's id, once Cast has filed it. */
  card(id: string): void;
  /** The hook ends by itself (its card answered, or withdrawn by the hook): the keeper leaves. */
  done(): void;
  /**
   * The hook ends with its card perhaps still open (its own withdrawal failed, or the card was
   * still on its way): the keeper withdraws it. Resolves once the notes are through the pipe.
   */
  release(): Promise<void>;
};

/** Long enough for a few lines to go through a pipe; the host's grace is what bounds the hook. */
const FLUSH_MS = 300;

/** Starts `cast hook keeper` beside this hook, the same `cast` the hook runs (node, its flags, the script). */
export function startCardKeeper(): CardKeeper {
  let stdin: Socket | null = null;
  try {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'hook', 'keeper'], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: process.env,
    });
    child.on('error', (error) => hint(`cast: the keeper that withdraws the card if this hook is killed did not start (${error.message}).`));
    child.unref();
    stdin = child.stdin as Socket;
    stdin.on('error', () => undefined);
    stdin.unref();
  } catch (error) {
    hint(`cast: the keeper that withdraws the card if this hook is killed did not start (${(error as Error).message}).`);
  }
  const note = (line: KeeperNote) => {
    if (stdin?.writable) stdin.write(`${JSON.stringify(line)}\n`);
  };
  return {
    filing: (session, requestId) => note({ session, requestId }),
    card: (id) => note({ card: id }),
    done() {
      note({ done: true });
      stdin?.end();
      stdin = null;
    },
    release() {
      const pipe = stdin;
      stdin = null;
      if (!pipe) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FLUSH_MS);
        timer.unref();
        pipe.end(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/**
 * For a host that signals its hook before the kill (Claude Code): a keeper started only when the
 * hook is ending with its card not taken out — Cast slow past the hook's short grace, the card
 * perhaps still being filed — and handed what the hook knows of it at once.
 */
export function handOffToKeeper(session: string, requestId: string, card: string | null): Promise<void> {
  const keeper = startCardKeeper();
  keeper.filing(session, requestId);
  if (card) keeper.card(card);
  return keeper.release();
}
