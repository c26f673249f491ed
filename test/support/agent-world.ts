/**
 * A member's little world for lifecycle tests, built through the real API: an agent, a
 * session (named like a host names it), runs, tasks, and a way to file and answer. Every
 * call is typed by its route declaration (test/support/typed-calls.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { BusyError } from '../../client/request';
import type { z } from 'zod';
import type { Ask } from '../../domain/ask-schema';
import type { AnswerBody, FileDecisionBody } from '../../domain/decision-schema';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';
import type { RouteContract } from '../../domain/routes/route';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import type { AgentMember } from './members';
import type { Member, TestCast } from './test-cast';
import type { InputOf } from './typed-calls';

export type Reply<T = Record<string, unknown>> = { status: number; body: T };

type FileBody = z.input<typeof FileDecisionBody>;
type AskInput = z.input<typeof Ask>;

/** `member` is anyone with a token: a person, or an agent's token (test/support/members.ts). */
export function world(cast: Pick<TestCast, 'request' | 'send' | 'reply'>, member: Member | AgentMember) {
  /** Raw, by path: for the tests that walk paths rather than routes (every-route, the browser tests). */
  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const response = await cast.request(member.token, method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  }
  async function ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await call<T>(method, path, body);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    return reply.body;
  }
  /** A typed call as this member: the parsed body; a refusal throws `ProblemError`. */
  const send = <C extends RouteContract>(route: C, ...input: InputOf<C>) => cast.send(member.token, route, ...input);
  /** A typed call with its status. */
  const reply = <C extends RouteContract>(route: C, ...input: InputOf<C>) => cast.reply(member.token, route, ...input);

  return {
    member,
    call,
    ok,
    send,
    reply,
    async agent(name = `Researcher ${randomUUID().slice(0, 8)}`) {
      return (await send(agentRoutes.createAgent, { body: { name } })).agent;
    },
    async session(agentId?: string) {
      const id = `conv-${randomUUID()}`;
      await send(sessionRoutes.putSession, { params: { id }, body: agentId ? { agentId } : {} });
      return id;
    },
    async run(sessionId: string, status: 'running' | 'parked') {
      return (await send(sessionRoutes.reportRun, { params: { id: sessionId }, body: { status } })).run;
    },
    async task(title = 'Pick a data feed', extra: Omit<z.input<typeof taskRoutes.createTask.body.schema>, 'title'> = {}) {
      return (await send(taskRoutes.createTask, { body: { title, status: 'in_progress', ...extra } })).task;
    },
    /** Loose input: the browser tests build bodies by spreading; the API checks them. */
    async file(body: FileBody | Record<string, unknown>) {
      return reply(decisionRoutes.fileDecision, { body: body as FileBody });
    },
    /**
     * Files as Cast's clients do on a busy server (a test that files in bulk on a loaded machine):
     * a 503 that says when to come back is sent again then, under the same Idempotency-Key, so
     * it is never filed twice.
     */
    async filePatiently(body: FileBody | Record<string, unknown>) {
      const key = randomUUID();
      for (let tries = 0; ; tries += 1) {
        try {
          return await reply(decisionRoutes.fileDecision, { body: body as FileBody, headers: { 'idempotency-key': key } });
        } catch (error) {
          if (!(error instanceof BusyError) || tries >= 20) throw error;
          await sleep(error.retryAfterSeconds * 1000);
        }
      }
    },
    async answer(id: string, ask: number, answer: z.input<typeof AnswerBody>['answer'], reason?: string) {
      return reply(decisionRoutes.answerAsk, { params: { id, ask }, body: { answer, ...(reason ? { reason } : {}) } });
    },
    async decision(id: string) {
      return (await send(decisionRoutes.getDecision, { params: { id } })).decision;
    },
    /** Delivery runs after the answer returns; wait until the workflow recorded its outcome. */
    async delivered(id: string) {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const decision = (await send(decisionRoutes.getDecision, { params: { id } })).decision;
        if (decision.delivery) return decision;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`decision ${id} was never delivered`);
    },
  };
}

export const approvalAsk = (summary = 'Approve a $240 spend on the data feed'): AskInput => ({
  kind: 'approval',
  prompt: summary,
  action: { kind: 'override_budget', summary },
  risks: ['Recurring monthly charge'],
});

export const tierAsk = (): AskInput => ({
  kind: 'decision',
  prompt: 'Which feed tier?',
  options: [
    { label: 'Basic', consequence: 'daily updates' },
    { label: 'Pro', consequence: 'hourly updates', recommended: true },
  ],
});

export const accessAsk = (tool?: string): AskInput => ({
  kind: 'access',
  prompt: 'Grant read-only access to the analytics connection',
  needed: 'Read-only access to the analytics database',
  grantUrl: 'https://cast.invalid/connections/analytics',
  ...(tool ? { tool } : {}),
});
