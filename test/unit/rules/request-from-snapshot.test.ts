/**
 * Issue 42 item 6: an automatic answer names the digest of the input it matched, and that digest
 * is provenance's own. A decision's state read as a rule request gives each ask the input
 * provenance would digest for an answer to it: a host prompt's tool input, else the ask as asked.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionSnapshot } from '../../../domain/decision-view-schema';
import { provenanceOf } from '../../../domain/provenance';
import { requestFromSnapshot } from '../../../domain/rules/request-from-snapshot';
import { evaluateRules } from '../../../rules/evaluate-rules';
import { ADMIN, ruleOf } from './rule-fixtures';

type State = Pick<DecisionSnapshot, 'question' | 'context' | 'asks' | 'source' | 'workspaceId'>;

const facts = {
  now: '2026-06-01T00:00:00.000Z',
  principal: { kind: 'agent' as const, id: 'ag_builder' },
  agentId: 'ag_builder',
  sessionId: 'ses_1',
  project: '/work/app',
  cluster: null,
  assigneeKey: '',
  authors: { mb_admin: ADMIN },
};

const open = { status: 'open', answer: null, withdrawnAnswers: [] } as const;

describe('a decision as rules see it', () => {
  it('a host permission prompt: the digest is provenance’s digest of its tool input, and its command matches a Bash rule', () => {
    const state = {
      workspaceId: 'ws_snapshot',
      question: 'Allow Bash?',
      context: 'npm test',
      source: {
        kind: 'permission',
        id: 'hp_1',
        tool: 'Bash',
        lastAssistantMessage: null,
        pinned: null,
        toolInput: { command: 'npm test -- -u' },
      },
      asks: [
        {
          kind: 'approval',
          position: 1,
          prompt: 'Allow Bash?',
          required: true,
          action: { kind: 'other', summary: 'npm test' },
          risks: [],
          ...open,
        },
      ],
    } as unknown as State;
    const request = requestFromSnapshot(state, facts);
    expect(request.asks[0]).toMatchObject({ kind: 'approval', tool: { name: 'Bash', input: { command: 'npm test -- -u' } } });
    const rule = ruleOf({ kind: 'approve' }, { tool: { name: 'Bash', commandPrefix: 'npm test' } });
    const [outcome] = evaluateRules([rule], request);
    expect(outcome!.verdict.kind).toBe('answer');
    expect(outcome!.inputDigest).toBe(
      provenanceOf(state, 1, { kind: 'rule', id: rule.id, name: rule.name, revision: 1 }, null).inputDigest,
    );
  });

  it('a filed decision: each ask’s digest is provenance’s digest of the ask as asked; an ask addressed to someone keeps its own assignee', () => {
    const state = {
      workspaceId: 'ws_snapshot',
      question: 'Which tier?',
      context: 'Pick one.',
      source: null,
      asks: [
        {
          kind: 'decision',
          position: 1,
          prompt: 'Tier?',
          required: true,
          options: [{ label: 'Basic' }, { label: 'Pro' }],
          multiple: false,
          ...open,
        },
        { kind: 'fact', position: 2, prompt: 'Region?', required: true, multiline: false, to: '@mb_dana', ...open },
      ],
    } as unknown as State;
    const request = requestFromSnapshot(state, facts);
    expect(request.asks.map((ask) => [ask.kind, ask.optionCount, ask.assigneeKey])).toEqual([
      ['decision', 2, ''],
      ['fact', 0, 'mb_dana'],
    ]);
    const outcomes = evaluateRules([], request);
    for (const outcome of outcomes) {
      expect(outcome.inputDigest).toBe(provenanceOf(state, outcome.position, { kind: 'member', id: 'mb_admin' }, 'web').inputDigest);
    }
  });
});
