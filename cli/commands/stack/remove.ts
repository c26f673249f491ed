/** `cast stack remove ds-7 sd-41`: takes a decision out of the stack; it stays open in the queue. */
import type { Command } from 'commander';

export function registerStackRemove(stack: Command): void {
  stack
    .command('remove')
    .description('take a decision out of a stack (the decision itself stays as it is)')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .argument('<decision>', 'the decision, e.g. sd-41')
    .option('--json', 'print one JSON object')
    .action(async (givenStack: string, givenDecision: string, opts: { json?: boolean }) =>
      (await import('./remove-action')).run(givenStack, givenDecision, opts),
    );
}
