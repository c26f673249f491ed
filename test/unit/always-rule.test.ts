/**
 * Issue 42 item 4: the rule "Approve, and always" leaves — never the whole tool. A Bash call is
 * kept by its exact command, or by the prefix its host suggested; a file tool by its exact path;
 * an MCP tool by its whole name; a fetch not at all (its host keeps its domain). Any other
 * approval is kept as the same agent's same question for the same kind of action, and without an
 * agent there is nothing to keep.
 */
import { describe, expect, it } from 'vitest';
import { alwaysRuleFor } from '../../domain/always-rule';
import type { DecisionSnapshot } from '../../domain/decision-view-schema';
import { decisionFingerprint } from '../../domain/recurring';

type Decision = Parameters<typeof alwaysRuleFor>[0];
const approval = {
  kind: 'approval',
  prompt: 'Allow Bash?',
  action: { kind: 'other', summary: 'x' },
  risks: [],
} as unknown as DecisionSnapshot['asks'][number];

function host(tool: string, toolInput: Record<string, unknown>, alwaysAllows: string[] | null = null): Decision {
  return {
    id: 'sd-7',
    question: `Allow ${tool}?`,
    context: null,
    asks: [approval],
    links: { agentId: 'ag_claude' } as Decision['links'],
    source: { kind: 'permission', id: 'hp_1', tool, lastAssistantMessage: null, pinned: null, toolInput, alwaysAllows },
  };
}

describe('alwaysRuleFor', () => {
  it('keeps no rule for a tool named in words or with a star: a rule could not hold it exactly', () => {
    expect(alwaysRuleFor(host('Modifying critical configuration file', {}), 1)).toBeNull();
    expect(alwaysRuleFor(host('mcp__files__*', {}), 1)).toBeNull();
    expect(alwaysRuleFor(host('mcp__files__read', {}), 1)?.conditions.tool).toEqual({ name: 'mcp__files__read' });
  });

  it('keeps a Bash call by its exact command, or by the prefix its host suggested', () => {
    expect(alwaysRuleFor(host('Bash', { command: 'touch a.txt' }), 1)).toEqual({
      name: 'Always allow Bash(touch a.txt)',
      reason: 'Approved with "always" on sd-7.',
      conditions: { askKind: 'approval', tool: { name: 'Bash', command: 'touch a.txt' } },
      effect: { kind: 'approve' },
    });
    expect(alwaysRuleFor(host('Bash', { command: 'npm run test -- x' }, ['Bash(npm run test:*)']), 1)?.conditions.tool).toEqual({
      name: 'Bash',
      commandPrefix: 'npm run test',
    });
  });

  it('keeps a file tool by its exact path and an MCP tool by its whole name; a fetch is left to its host', () => {
    expect(alwaysRuleFor(host('Write', { file_path: '/app/a.md', content: 'x' }), 1)?.conditions.tool).toEqual({
      name: 'Write',
      pathGlob: '/app/a.md',
    });
    expect(alwaysRuleFor(host('mcp__github__create_issue', { title: 'x' }), 1)?.conditions.tool).toEqual({
      name: 'mcp__github__create_issue',
    });
    expect(alwaysRuleFor(host('WebFetch', { url: 'https://example.com/a' }), 1)).toBeNull();
    expect(alwaysRuleFor(host('Bash', {}), 1)).toBeNull();
  });

  it("keeps Gemini CLI's shell call (through ACP) by its exact command, and none of its calls by the tool alone", () => {
    expect(alwaysRuleFor(host('run_shell_command', { command: 'touch a.txt' }), 1)).toMatchObject({
      name: 'Always allow run_shell_command(touch a.txt)',
      conditions: { askKind: 'approval', tool: { name: 'run_shell_command', command: 'touch a.txt' } },
    });
    expect(alwaysRuleFor(host('run_shell_command', { title: 'touch a.txt' }), 1)).toBeNull();
    // An edit names only its file (ACP `locations`), a fetch only what it shows: a rule on the tool would allow every one.
    expect(alwaysRuleFor(host('write_file', { title: 'Writing to b.txt', locations: [{ path: '/p/b.txt' }] }), 1)).toBeNull();
    expect(alwaysRuleFor(host('web_fetch', { title: 'Processing URLs' }), 1)).toBeNull();
  });

  it("keeps another approval as the same agent's same question for the same kind of action; without an agent, nothing", () => {
    const filed: Decision = {
      id: 'sd-9',
      question: 'Deploy the docs site?',
      context: null,
      asks: [
        {
          ...approval,
          prompt: 'Deploy the docs site?',
          action: { kind: 'deploy', summary: 'docs' },
        } as unknown as DecisionSnapshot['asks'][number],
      ],
      links: { agentId: 'ag_ops' } as Decision['links'],
      source: null,
    };
    expect(alwaysRuleFor(filed, 1)).toEqual({
      name: 'Always approve: Deploy the docs site?',
      reason: 'Approved with "always" on sd-9.',
      conditions: { agent: 'ag_ops', askKind: 'approval', approval: { action: 'deploy' }, cluster: decisionFingerprint(filed, 'ag_ops') },
      effect: { kind: 'approve' },
    });
    expect(alwaysRuleFor({ ...filed, links: { agentId: null } as Decision['links'] }, 1)).toBeNull();
    expect(alwaysRuleFor(filed, 2)).toBeNull();
  });
});
