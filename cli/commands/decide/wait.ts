/**
 * `cast decide wait sd-N [--timeout 30s]`: blocks until the decision leaves open and prints
 * the message the session received. Long-polls the wait endpoint in slices of at most 25 s.
 * Exit 0 answered, 5 withdrawn or archived, 8 still pending at the timeout, 130 on Ctrl-C
 * (the decision stays open).
 */
import type { Command } from 'commander';

export type WaitOptions = { timeout?: string; json?: boolean };

export function registerWait(decide: Command): void {
  decide
    .command('wait')
    .description('block until the decision is answered and print the answer')
    .argument('<id>', 'the decision, e.g. sd-41')
    .option('--timeout <duration>', 'give up after this long (30s, 5m, 1h); default: wait until answered')
    .option('--json', 'print one JSON object')
    .action(async (given: string, opts: WaitOptions) => (await import('./wait-action')).run(given, opts));
}
