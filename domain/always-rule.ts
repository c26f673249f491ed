/**
 * "Approve, and always" (issue 42 item 4): the rule a person's always-approval leaves in Cast,
 * so the same ask answers itself on every machine and in every host, not only in the settings of
 * the host that asked. Zod-free and pure, for the workflow's validator (which refuses "always"
 * where no rule can be made) as much as for the answer service (which saves it).
 *
 * What "the same" means is kept narrow, never the whole tool:
 * - a host's permission prompt: its tool, and the exact shell command (Claude Code's Bash, Gemini
 *   CLI's run_shell_command; or, where the host itself suggested a prefix rule,
 *   `Bash(npm run test:*)`, that prefix), the exact file path of a file tool, or an MCP tool by
 *   its whole name; a fetch's domain has no rule here (its host keeps it), nor has a call that
 *   names only its files (an ACP agent's `locations` with no input);
 * - any other approval: the same agent asking the same question (its recurring cluster) for the
 *   same kind of action. Without an agent there is no cluster, and so no rule.
 */
import type { DecisionSnapshot } from './decision-view-schema';
import { decisionFingerprint } from './recurring';

/** The conditions of domain/rules/rule-conditions.ts that an always-rule uses, as plain data. */
export type AlwaysConditions = {
  agent?: string;
  askKind: 'approval';
  tool?: { name: string; command?: string; commandPrefix?: string; pathGlob?: string };
  approval?: { action: string };
  cluster?: string;
};

export type AlwaysRule = { name: string; reason: string; conditions: AlwaysConditions; effect: { kind: 'approve' } };

type Decision = Pick<DecisionSnapshot, 'id' | 'question' | 'context' | 'asks' | 'links' | 'source'>;

/** Shell tools whose input's `command` is the command run: Claude Code's, and Gemini CLI's (through ACP). */
const SHELL_TOOLS = new Set(['Bash', 'run_shell_command']);
const FILE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'Read', 'NotebookEdit']);
const FETCH_TOOLS = new Set(['WebFetch', 'web_fetch']);
/**
 * A tool name a rule can hold exactly: the characters of a tool-name condition (tool-grant.ts)
 * without its `*`, which would make it a glob and broader than "the same". A host that names its
 * tool in words ("Modifying critical configuration file", as an ACP agent may) gets no rule.
 */
const EXACT_TOOL_NAME = /^[A-Za-z0-9_.:-]{1,200}$/;
const NAME_MAX = 100;

function text(input: Record<string, unknown> | null | undefined, key: string): string | null {
  const value = input?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The host's own prefix suggestion for this command (`Bash(npm run test:*)` → `npm run test`), if it made one. */
function suggestedPrefix(alwaysAllows: readonly string[] | null | undefined): string | null {
  for (const rule of alwaysAllows ?? []) {
    const match = /^Bash\((.+):\*\)$/.exec(rule);
    if (match) return match[1]!;
  }
  return null;
}

function shortened(words: string): string {
  return words.length <= NAME_MAX ? words : `${words.slice(0, NAME_MAX - 1)}…`;
}

function hostRule(decision: Decision, source: Extract<Decision['source'], { tool: string | null }>): AlwaysRule | null {
  const tool = source.tool;
  if (!tool || !EXACT_TOOL_NAME.test(tool)) return null;
  const input = source.toolInput ?? null;
  const reason = `Approved with "always" on ${decision.id}.`;
  const conditions = (detail: AlwaysConditions['tool']): AlwaysConditions => ({ askKind: 'approval', tool: detail });
  if (SHELL_TOOLS.has(tool)) {
    const prefix = tool === 'Bash' ? suggestedPrefix(source.alwaysAllows) : null;
    if (prefix)
      return {
        name: shortened(`Always allow Bash(${prefix}:*)`),
        reason,
        conditions: conditions({ name: tool, commandPrefix: prefix }),
        effect: { kind: 'approve' },
      };
    const command = text(input, 'command');
    return command
      ? {
          name: shortened(`Always allow ${tool}(${command})`),
          reason,
          conditions: conditions({ name: tool, command }),
          effect: { kind: 'approve' },
        }
      : null;
  }
  if (FILE_TOOLS.has(tool)) {
    const path = text(input, 'file_path') ?? text(input, 'notebook_path');
    return path
      ? {
          name: shortened(`Always allow ${tool}(${path})`),
          reason,
          conditions: conditions({ name: tool, pathGlob: path }),
          effect: { kind: 'approve' },
        }
      : null;
  }
  // A fetch is kept by its domain, which rules do not read; anything else with a command or a path
  // — or only the paths an ACP agent showed, its input unsaid — would be broader here than its host's rule.
  if (FETCH_TOOLS.has(tool) || text(input, 'command') || text(input, 'file_path') || input?.locations !== undefined) return null;
  return { name: shortened(`Always allow ${tool}`), reason, conditions: conditions({ name: tool }), effect: { kind: 'approve' } };
}

/** The rule "always" on this approval ask would save, or null when Cast cannot say "the same" narrowly enough. */
export function alwaysRuleFor(decision: Decision, position: number): AlwaysRule | null {
  const ask = decision.asks[position - 1];
  if (!ask || ask.kind !== 'approval') return null;
  const source = decision.source;
  if (source && 'tool' in source) return source.kind === 'permission' ? hostRule(decision, source) : null;
  if (source) return null;
  const agent = decision.links.agentId;
  const cluster = decisionFingerprint(decision, agent);
  if (!agent || !cluster) return null;
  return {
    name: shortened(`Always approve: ${decision.question}`),
    reason: `Approved with "always" on ${decision.id}.`,
    conditions: { agent, askKind: 'approval', approval: { action: ask.action.kind }, cluster },
    effect: { kind: 'approve' },
  };
}
