/**
 * `cast rule` (issue 42): the standing answers of your workspace. `cast rule` lists them; `add`
 * makes one (in shadow unless `--mode on`), `test` tries one on the last 30 days of decisions
 * without saving it, `show` prints one with its hits, `disable` turns one off. Making and
 * changing rules needs `rule.manage` (a member, for their own; an admin, anyone's).
 */
import type { Command } from 'commander';
import type { RuleOpts } from './rule-body';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The options `add` and `test` share: the conditions and the effect. */
function ruleOptions(command: Command): Command {
  return command
    .argument('<name>', 'what the rule is called, e.g. "tests may run"')
    .requiredOption('--reason <text>', 'why: shown with every answer it gives')
    .option('--approve', 'effect: approve')
    .option('--deny <reason>', 'effect: deny, with the reason the agent reads')
    .option('--choose <n>', 'effect: choose option n')
    .option('--fact <text>', "effect: a fact's value")
    .option('--route <to>', 'effect: route to @member or team:name')
    .option('--approvers <n>', 'effect: need n approvers')
    .option('--ask-person', 'effect: always ask a person')
    .option('--agent <id>', 'only asks of this agent (ag_…)')
    .option('--project <scope>', 'only asks of sessions in this project')
    .option('--kind <kind>', 'only asks of this kind: decision, approval, fact, access, action')
    .option('--tool <name>', 'only host prompts of this tool, or a glob (Bash, mcp__github__*)')
    .option('--command <prefix>', 'only Bash commands that start with this text')
    .option('--words <words>', 'only Bash commands whose leading words are these (git status)')
    .option('--path <glob>', 'only Write/Edit/Read paths matching this glob (* is any run of characters)')
    .option('--action <kind>', 'only approvals of this action kind')
    .option('--risk <risk>', 'only approvals naming this risk (repeatable)', collect)
    .option('--no-risks', 'only approvals naming no risk')
    .option('--cluster <fingerprint>', 'only this recurring-decision cluster')
    .option('--cedar-file <path>', 'hand-written Cedar (admins): one policy, instead of the conditions')
    .option('--json', 'print one JSON object');
}

export function registerRule(cast: Command): void {
  const rule = cast.command('rule').description('standing answers: list, add, test, show, disable');
  rule
    .command('ls', { isDefault: true })
    .description('every rule of the workspace (what `cast rule` alone does)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => (await import('./ls-action')).run(opts));
  ruleOptions(rule.command('add').description('make a rule; it runs in shadow unless --mode on'))
    .option('--mode <mode>', 'on, shadow (the default: records what it would answer) or off')
    .option('--ends <time>', 'an end: ISO 8601, e.g. 2026-12-31T00:00:00Z')
    .action(async (name: string, opts: RuleOpts) => (await import('./add-action')).run(name, opts));
  ruleOptions(rule.command('test').description('try a rule on the last 30 days of decisions, without saving it')).action(
    async (name: string, opts: RuleOpts) => (await import('./test-action')).run(name, opts),
  );
  rule
    .command('show')
    .description('one rule, its Cedar policy and its hits')
    .argument('<id>', 'ru_…')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./show-action')).run(id, opts));
  rule
    .command('disable')
    .description('turn a rule off; it stays, with its hits')
    .argument('<id>', 'ru_…')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./disable-action')).run(id, opts));
}
