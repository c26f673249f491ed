/** What `cast rule add` and `cast rule test` share: options read into a body the server's own schema checks before sending. */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { CreateRuleBody, type Rule } from '../../../domain/rules/rule';
import { bold, usageError } from '../../output';

export type RuleOpts = {
  reason: string;
  approve?: boolean;
  deny?: string;
  choose?: string;
  fact?: string;
  route?: string;
  approvers?: string;
  askPerson?: boolean;
  agent?: string;
  project?: string;
  kind?: string;
  tool?: string;
  command?: string;
  words?: string;
  path?: string;
  action?: string;
  risk?: string[];
  /** Commander's `--no-risks`: false when given. */
  risks?: boolean;
  cluster?: string;
  cedarFile?: string;
  mode?: string;
  ends?: string;
  json?: boolean;
};

function effectOf(opts: RuleOpts): unknown {
  const effects = [
    opts.approve ? { kind: 'approve' } : null,
    opts.deny !== undefined ? { kind: 'deny', reason: opts.deny } : null,
    opts.choose !== undefined ? { kind: 'choose', option: Number(opts.choose) } : null,
    opts.fact !== undefined ? { kind: 'fact', text: opts.fact } : null,
    opts.route !== undefined ? { kind: 'route', to: opts.route } : null,
    opts.approvers !== undefined ? { kind: 'approvers', required: Number(opts.approvers) } : null,
    opts.askPerson ? { kind: 'ask-person' } : null,
  ].filter((effect) => effect !== null);
  if (effects.length !== 1) {
    throw usageError(
      'Give the rule one effect: --approve, --deny <reason>, --choose <n>, --fact <text>, --route <to>, --approvers <n> or --ask-person.',
    );
  }
  return effects[0];
}

function conditionsOf(opts: RuleOpts): Record<string, unknown> {
  const tool =
    opts.tool !== undefined
      ? { name: opts.tool, commandPrefix: opts.command, commandWords: opts.words, pathGlob: opts.path }
      : opts.command !== undefined || opts.words !== undefined
        ? { name: 'Bash', commandPrefix: opts.command, commandWords: opts.words }
        : opts.path !== undefined
          ? { name: '*', pathGlob: opts.path }
          : undefined;
  const approval =
    opts.action !== undefined || opts.risk !== undefined || opts.risks === false
      ? { action: opts.action, risks: opts.risk, noRisks: opts.risks === false ? true : undefined }
      : undefined;
  return { agent: opts.agent, project: opts.project, askKind: opts.kind, tool, approval, cluster: opts.cluster };
}

/** The body, checked with the server's schema: a bad one exits 2 before anything is sent. */
export function ruleBody(name: string, opts: RuleOpts): z.output<typeof CreateRuleBody> {
  const cedar = opts.cedarFile !== undefined ? readFileSync(opts.cedarFile, 'utf8') : undefined;
  const parsed = CreateRuleBody.safeParse(
    JSON.parse(
      JSON.stringify({
        name,
        reason: opts.reason,
        effect: effectOf(opts),
        conditions: cedar === undefined ? conditionsOf(opts) : {},
        cedar,
        mode: opts.mode,
        endsAt: opts.ends,
      }),
    ),
  );
  if (!parsed.success)
    throw usageError(
      `This rule is not one Cast can keep: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'rule'}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** One rule as a line: its name, mode, revision and what it does. */
export function line(rule: Rule): string {
  return `${bold(rule.name)} (${rule.id}) · ${rule.mode} · r${rule.revision} · ${effectWords(rule.effect)}`;
}

export function effectWords(effect: Rule['effect']): string {
  switch (effect.kind) {
    case 'approve':
      return 'approve';
    case 'deny':
      return `deny: ${effect.reason}`;
    case 'choose':
      return `choose option ${effect.option}`;
    case 'fact':
      return `answer "${effect.text}"`;
    case 'route':
      return `route to ${effect.to}`;
    case 'approvers':
      return `needs ${effect.required} approvers`;
    case 'ask-person':
      return 'always ask a person';
  }
}
