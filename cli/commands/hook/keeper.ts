/**
 * `cast hook keeper`, hidden: started by a hook beside itself (card-keeper.ts), never by a
 * person. It reads the hook's notes on stdin and, if the hook dies without saying "done",
 * withdraws the card it filed.
 */
import type { Command } from 'commander';

export function registerHookKeeper(hook: Command): void {
  hook
    .command('keeper', { hidden: true })
    .description('withdraw the card of a hook that was killed (started by the hook itself)')
    .action(async () => (await import('./keeper-action')).run());
}
