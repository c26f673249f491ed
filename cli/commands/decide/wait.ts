/**
 * `cast decide wait sd-N [--timeout 30s]`: blocks until the decision leaves open and prints
 * the message the session received. Long-polls the wait endpoint in slices of at most 25 s.
 * Exit 0 answered, 5 withdrawn or archived, 8 still pending at the timeout, 130 on Ctrl-C
 * (the decision stays open).
 */
import type { Command } from 'commander';
import { waitForDecision } from '../../../domain/routes/decisions';
import type { RouteResponse } from '../../../domain/routes/route';
import { CliError, emit, Exit, usageError } from '../../output';
import { outcomeJson } from './present';
import { checkId, closedError, connect } from './target';

const SLICE_SECONDS = 25;

/** "30s", "5m", "1h", "90" (seconds). */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw usageError(`--timeout ${text}: write a duration such as 30s, 5m or 1h.`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}

type Waited = RouteResponse<typeof waitForDecision>['body'];

export function registerWait(decide: Command): void {
  decide
    .command('wait')
    .description('block until the decision is answered and print the answer')
    .argument('<id>', 'the decision, e.g. sd-41')
    .option('--timeout <duration>', 'give up after this long (30s, 5m, 1h); default: wait until answered')
    .option('--json', 'print one JSON object')
    .action(async (given: string, opts: { timeout?: string; json?: boolean }) => {
      const id = checkId(given);
      const deadline = opts.timeout === undefined ? Infinity : Date.now() + parseDuration(opts.timeout) * 1000;
      const api = connect();
      const interrupt = new AbortController();
      const onSignal = () => interrupt.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      let last: Waited | null = null;
      try {
        for (;;) {
          const seconds = Math.max(0, Math.min(SLICE_SECONDS, (deadline - Date.now()) / 1000));
          last = await api.request(waitForDecision, { params: { id }, query: { timeout: Number(seconds.toFixed(1)) } }, interrupt.signal);
          if (last.settled || Date.now() >= deadline) break;
        }
      } catch (error) {
        if (!interrupt.signal.aborted) throw error;
        throw new CliError(
          `Stopped waiting; ${id} stays open.`,
          Exit.interrupted,
          last ? outcomeJson(last.decision) : { id, state: 'open' },
          'interrupted',
        );
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
      const { decision } = last;
      if (decision.status === 'open') {
        throw new CliError(
          `${id} is still pending after ${opts.timeout}; run cast decide wait ${id} again later.`,
          Exit.pending,
          outcomeJson(decision),
          'still_pending',
        );
      }
      if (decision.status !== 'resolved') throw closedError(decision, 'wait for');
      emit(Boolean(opts.json), [last.message ?? outcomeJson(decision).message ?? ''], outcomeJson(decision));
    });
}
