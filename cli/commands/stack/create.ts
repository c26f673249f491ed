/**
 * `cast stack create "Launch checklist" [--policy auto-default:24h] [--due WHEN]`: opens an
 * empty stack and prints its id and what its policy resolved to.
 */
import type { Command } from 'commander';
import { collect } from '../../collect';
import { WHEN_HELP } from './when-help';

export type CreateOptions = { policy: string[]; due?: string; autoDefault?: string; json?: boolean };

export function registerStackCreate(stack: Command): void {
  stack
    .command('create')
    .description('open a new stack: an ordered checklist of decisions cleared in one sitting')
    .argument('<title>', 'what the stack is for, e.g. "Launch checklist"')
    .option('--policy <kind:value>', 'auto-default:DURATION (e.g. auto-default:24h) or due:WHEN', collect, [])
    .option('--due <when>', 'when you mean to have cleared it (WHEN below)')
    .option('--auto-default <duration>', 'the same as --policy auto-default:DURATION')
    .option('--json', 'print one JSON object')
    .addHelpText('after', WHEN_HELP)
    .action(async (title: string, opts: CreateOptions) => (await import('./create-action')).run(title, opts));
}
