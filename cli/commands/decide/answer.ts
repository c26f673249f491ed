/**
 * `cast decide answer sd-N N [--reason TEXT]`: answers from a shell, through the same server
 * function as the web. The first writer wins: a second answer changes nothing (exit 3).
 * `yes` / `no` answer an approval ask — a permission card's y / n (issue 31 item 4), no with a
 * reason optional there (cast-decide); an agent's own approval needs one to say no, as in the web; `yes --always` also asks the host to keep an allow
 * rule (Claude Code's PermissionRequest hook, issue 31 item 9); `yes --command TEXT` (or `--input
 * JSON`) approves the call as the person edited it, where its host runs an edit (issue 43 item 6).
 */
import type { Command } from 'commander';

export type AnswerOptions = { reason?: string; always?: boolean; command?: string; input?: string; json?: boolean };

export function registerAnswer(decide: Command): void {
  decide
    .command('answer')
    .description('answer a decision with option N, or an approval (a permission card) with yes or no')
    .argument('<id>', 'the decision, e.g. sd-41')
    .argument('<n>', 'the option number, or yes / no for an approval')
    .option(
      '--reason <text>',
      "why (required to say no to an agent's approval, and when choosing against a recommended option; optional on a permission card)",
    )
    .option('--always', 'with yes on a permission card: and always allow this call (the host keeps the rule, if it can)')
    .option('--command <text>', 'with yes on a card whose host runs an edited call: approve this command instead of the one proposed')
    .option('--input <json>', 'with yes on a card whose host runs an edited call: approve this whole tool input (a JSON object) instead')
    .option('--json', 'print one JSON object')
    .action(async (given: string, n: string, opts: AnswerOptions) => (await import('./answer-action')).run(given, n, opts));
}
