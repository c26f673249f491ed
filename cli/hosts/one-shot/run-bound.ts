/**
 * What ends a hook run early: its --timeout, which bounds the whole run (reading the input,
 * connecting, filing, waiting), SIGINT / SIGTERM (Claude Code cancelling the hook), or the call
 * answered in the terminal (terminal-answer.ts: Claude Code ran it after its own prompt). Every
 * request the hook makes carries `signal`, so any of them stops it at once — a server that
 * accepts the connection and never answers cannot hold the hook for undici's 300 s.
 */
import { abortable } from '../../../client/abortable';

export type StopReason = { kind: 'timeout' } | { kind: 'signal'; signal: NodeJS.Signals } | { kind: 'answered-in-terminal' };

/** setTimeout fires at once past this (about 24.8 days); a longer --timeout waits this long. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export class RunBound {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => this.stop({ kind: 'signal', signal });

  constructor() {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the run was stopped; null while it runs. */
  get stopped(): StopReason | null {
    return this.controller.signal.aborted ? (this.controller.signal.reason as StopReason) : null;
  }

  /** Starts the --timeout clock. */
  arm(seconds: number): void {
    this.timer = setTimeout(() => this.stop({ kind: 'timeout' }), Math.min(seconds * 1000, LONGEST_TIMER_MS));
  }

  /** The call was answered in the host's own prompt and has run: nobody waits for the card any more. */
  answeredInTerminal(): void {
    this.stop({ kind: 'answered-in-terminal' });
  }

  /** The promise, or a rejection once the run is stopped: for waits that take no signal, such as reading stdin. */
  race<T>(promise: Promise<T>): Promise<T> {
    return abortable(promise, this.controller.signal);
  }

  dispose(): void {
    clearTimeout(this.timer);
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }

  private stop(reason: StopReason): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}
