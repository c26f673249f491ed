/**
 * A member's little world for lifecycle tests, built through the real API: an agent, a
 * session (named like a host names it), runs, tasks, and a way to file and answer.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import type { AgentMember } from './members';
import type { Member, TestCast } from './test-cast';

export type Reply<T = Record<string, unknown>> = { status: number; body: T };

/** `member` is anyone with a token: a person, or an agent's token (test/support/members.ts). */
export function world(cast: Pick<TestCast, 'request'>, member: Member | AgentMember) {
  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const response = await cast.request(member.token, method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  }
  async function ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await call<T>(method, path, body);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    return reply.body;
  }

  return {
    member,
    call,
    ok,
    async agent(name = `Researcher ${randomUUID().slice(0, 8)}`) {
      return (await ok<{ agent: { id: string; name: string } }>('POST', '/api/v1/agents', { name })).agent;
    },
    async session(agentId?: string) {
      const id = `conv-${randomUUID()}`;
      await ok('PUT', `/api/v1/sessions/${id}`, agentId ? { agentId } : {});
      return id;
    },
    async run(sessionId: string, status: 'running' | 'parked') {
      return (await ok<{ run: { id: string; status: string } }>('POST', `/api/v1/sessions/${sessionId}/runs`, { status })).run;
    },
    async task(title = 'Pick a data feed', extra: Record<string, unknown> = {}) {
      return (await ok<{ task: { id: string; status: string } }>('POST', '/api/v1/tasks', { title, status: 'in_progress', ...extra })).task;
    },
    async file(
      body: Record<string, unknown>,
    ): Promise<Reply<{ decision: DecisionView; card: { notes: string[]; openInSession: Array<{ id: string; line: string }> } }>> {
      return call('POST', '/api/v1/decisions', body);
    },
    async answer(id: string, ask: number, answer: Record<string, unknown>, reason?: string) {
      return call<{ decision: DecisionView } & Record<string, unknown>>('POST', `/api/v1/decisions/${id}/asks/${ask}/answer`, {
        answer,
        ...(reason ? { reason } : {}),
      });
    },
    async decision(id: string): Promise<DecisionView> {
      return (await ok<{ decision: DecisionView }>('GET', `/api/v1/decisions/${id}`)).decision;
    },
    /** Delivery runs after the answer returns; wait until the workflow recorded its outcome. */
    async delivered(id: string): Promise<DecisionView> {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const decision = (await ok<{ decision: DecisionView }>('GET', `/api/v1/decisions/${id}`)).decision;
        if (decision.delivery) return decision;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`decision ${id} was never delivered`);
    },
  };
}

export const approvalAsk = (summary = 'Approve a $240 spend on the data feed') => ({
  kind: 'approval',
  prompt: summary,
  action: { kind: 'override_budget', summary },
  risks: ['Recurring monthly charge'],
});

export const tierAsk = () => ({
  kind: 'decision',
  prompt: 'Which feed tier?',
  options: [
    { label: 'Basic', consequence: 'daily updates' },
    { label: 'Pro', consequence: 'hourly updates', recommended: true },
  ],
});

export const accessAsk = (tool?: string) => ({
  kind: 'access',
  prompt: 'Grant read-only access to the analytics connection',
  needed: 'Read-only access to the analytics database',
  grantUrl: 'https://cast.invalid/connections/analytics',
  ...(tool ? { tool } : {}),
});
