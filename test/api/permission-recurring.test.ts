/**
 * Issue 39 item 3: with the real Claude Code every "Allow Bash?" clustered as one recurring
 * decision ("Asked 73 times", with the drafted rule "do not ask: the answer is Approved").
 * Filed through the API as a host files them, permission prompts cluster by tool and input
 * pattern, never with a filed decision that reads the same, and their cluster offers no draft
 * rule for the agent's instructions: the host's allow list is where such a rule goes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const bash = (command: string) => ({
  kind: 'permission' as const,
  tool: 'Bash',
  toolInput: { command, description: 'A step' },
  requestId: `toolu_${randomUUID()}`,
});
const write = (file_path: string) => ({
  kind: 'permission' as const,
  tool: 'Write',
  toolInput: { file_path, content: 'x' },
  requestId: `toolu_${randomUUID()}`,
});

describe('FR-56, issue 39 item 3: permission prompts cluster by tool and input pattern', () => {
  it('issue 39 item 3: three `git status` prompts recur apart from `git push`, other commands, Writes elsewhere and a filed "Allow Bash?"; the cluster names its pattern and drafts no rule', async () => {
    const member = await cast.newMember();
    const token = await agentTokenOf(cast.pool, member, 'Claude Code');
    const me = world(cast, token);
    const person = world(cast, member);
    const session = randomUUID();
    const file = async (body: ReturnType<typeof bash> | ReturnType<typeof write>) =>
      (await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body })).decision.id;

    const statuses = [await file(bash('git status')), await file(bash('git status --short')), await file(bash('git status -uno'))];
    const others = [
      await file(bash('git push origin main')),
      await file(bash('ls -la')),
      await file(bash('rm -rf build')),
      await file(write('/repo/src/a.ts')),
      await file(write('/repo/docs/b.md')),
      await file(write('/repo/notes/c.md')),
    ];
    // The person approves one: the old cluster drafted "do not ask: the answer is Approved" from it.
    await person.answer(statuses[0]!, 1, { kind: 'approval', decision: 'approve' });
    // A decision the agent filed that reads like a prompt is not a permission prompt.
    const filed = (
      await me.file({
        question: 'Allow Bash?',
        context: 'Filed by the agent itself, not by its host.',
        asks: [{ kind: 'fact', prompt: 'Allow Bash?' }],
        session,
      })
    ).body.decision.id;

    const queue = await person.send(decisionRoutes.listQueue, { query: { limit: 100 } });
    const asked = Object.fromEntries(queue.decisions.map((card) => [card.id, card.askedTimes]));
    expect(statuses.slice(1).map((id) => asked[id])).toEqual([3, 3]);
    expect([...others, filed].map((id) => asked[id])).toEqual(Array(7).fill(null));

    const detail = await person.send(decisionRoutes.getDecision, { params: { id: statuses[2]! } });
    expect(detail.detail.recurring).toEqual({
      count: 3,
      agent: { id: expect.any(String), name: 'Claude Code' },
      draftRule: null,
      permission: { tool: 'Bash', pattern: 'git status' },
      // Issue 42 item 4: "Make this a rule", from the approval given: the same agent's git status, approved.
      rule: {
        name: 'Answer “Allow Bash?”',
        reason: 'Asked 3 times in 14 days; made from the latest answer.',
        conditions: { agent: expect.any(String), askKind: 'approval', tool: { name: 'Bash', commandWords: 'git status' } },
        effect: { kind: 'approve' },
      },
    });
    expect((await person.send(decisionRoutes.getDecision, { params: { id: others[0]! } })).detail.recurring).toBeNull();
  });
});
