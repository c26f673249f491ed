/**
 * Issue 43 item 1: the host-neutral core (client/host-core/) against a real Cast, as a long-lived
 * host uses it — no process of its own, several prompts in flight at once in one process, each
 * with its own AbortSignal. One is answered and maps back to approve with the person's reason
 * (and to the host's own option); the other is cancelled through its signal and its card is
 * withdrawn in Cast while the first still waits; an unreachable Cast is a failed outcome, never
 * an approval.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { ProblemError } from '../../client/request';
import { client } from '../../cli/http';
import { answerOf, chosenOption } from '../../client/host-core/answer';
import { ask } from '../../client/host-core/ask';
import { filePermission } from '../../client/host-core/card';
import type { HostOption, HostPrompt } from '../../client/host-core/prompt';
import { withDeadlines } from '../../cli/hosts/common/request-deadline';
import { freePort } from '../../runtime/free-port';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

/** The options an ACP agent offers (its `PermissionOptionKind`s), under the agent's own ids. */
const OPTIONS: HostOption[] = [
  { id: 'proceed_once', kind: 'allow_once', name: 'Allow once' },
  { id: 'proceed_always', kind: 'allow_always', name: 'Always allow', keeps: ['Bash(npm test)'] },
  { id: 'cancel', kind: 'reject_once', name: 'Reject' },
];

function prompt(session: string, command: string): HostPrompt {
  return {
    session,
    scope: 'host-core',
    requestId: `call-${randomUUID()}`,
    tool: 'Bash',
    toolInput: { command },
    deadline: new Date(Date.now() + 10 * 60_000).toISOString(),
    options: OPTIONS,
    host: 'Test host',
  };
}

async function setUp() {
  const member = await cast.newMember();
  const me = world(cast, member);
  // The host files with the agent's own token; the person answers with theirs.
  const { token } = await agentTokenOf(cast.pool, member, 'ACP agent');
  const api = withDeadlines(client({ url: cast.url, token }, { channel: 'host-terminal' }));
  return { me, api };
}

/** The open card Cast filed for the prompt's request id, once it is there. */
async function cardOf(me: ReturnType<typeof world>, filed: HostPrompt): Promise<DecisionView> {
  let found: DecisionView | undefined;
  await expect
    .poll(async () => {
      const listed = await me
        .send(sessionDecisionRoutes.listSessionDecisions, { params: { id: filed.session } })
        .catch((error: unknown) => {
          if (error instanceof ProblemError) return null; // the session is registered by the first filing
          throw error;
        });
      found = listed?.decisions.map(({ decision }) => decision).find((decision) => decision.source?.id === filed.requestId);
      return found?.status;
    })
    .toBe('open');
  return found!;
}

describe('issue 43 item 1: the host core, several prompts in one process', () => {
  it('two prompts at once: one answered maps to approve with the reason, the other cancelled by its signal is withdrawn in Cast', async () => {
    const { me, api } = await setUp();
    const session = `conv-${randomUUID()}`;
    const first = prompt(session, 'npm test');
    const second = prompt(session, 'rm -rf build');
    const firstCancel = new AbortController();
    const secondCancel = new AbortController();
    const filed: string[] = [];
    const firstAsked = ask(first, { api, signal: firstCancel.signal, onFiled: (card) => filed.push(card.id) });
    const secondAsked = ask(second, { api, signal: secondCancel.signal, onFiled: (card) => filed.push(card.id) });

    const firstCard = await cardOf(me, first);
    const secondCard = await cardOf(me, second);
    expect(firstCard.id).not.toBe(secondCard.id);
    // The card carries the prompt: its deadline, and "always" with what the host keeps.
    expect(firstCard.source).toMatchObject({ kind: 'permission', tool: 'Bash', toolInput: { command: 'npm test' } });
    expect(firstCard.source).toMatchObject({ waitsUntil: first.deadline, alwaysAllows: ['Bash(npm test)'] });

    // The second is cancelled (ACP's session/cancel) once the host holds its card — the list can
    // show a card before the filing's answer reaches the host: its card leaves the queue, the first still waits.
    await expect.poll(() => filed.includes(secondCard.id)).toBe(true);
    secondCancel.abort({ kind: 'cancelled' });
    const secondOutcome = await secondAsked;
    expect(secondOutcome).toMatchObject({ kind: 'stopped', reason: { kind: 'cancelled' }, filed: true });
    const withdrawn = await me.send(decisionRoutes.getDecision, { params: { id: secondCard.id } });
    expect(withdrawn.decision.status).toBe('withdrawn');
    expect((await me.send(decisionRoutes.getDecision, { params: { id: firstCard.id } })).decision.status).toBe('open');

    await me.answer(firstCard.id, 1, { kind: 'approval', decision: 'approve' }, 'tests only touch build/');
    const firstOutcome = await firstAsked;
    expect(firstOutcome.kind).toBe('answered');
    const answer = firstOutcome.kind === 'answered' ? answerOf(firstOutcome.decision) : null;
    expect(answer).toEqual({
      kind: 'approve',
      always: false,
      reason: 'tests only touch build/',
      words: `Approved in Cast (${firstCard.id}): tests only touch build/`,
      edited: null,
      by: 'person',
    });
    expect(chosenOption(answer!, OPTIONS)?.id).toBe('proceed_once');
    expect(filed.sort()).toEqual([firstCard.id, secondCard.id].sort());
  });

  it('an answer that beats the cancel stands: the cancel finds it answered', async () => {
    const { me, api } = await setUp();
    const asked = prompt(`conv-${randomUUID()}`, 'npm test');
    const cancel = new AbortController();
    // Cancelled as soon as the card is filed, with the person's deny already in: the withdrawal finds it answered.
    const settled = await ask(asked, {
      api,
      signal: cancel.signal,
      file: async (filing, signal) => {
        const card = (filing.card = await filePermission(filing.api, filing.prompt, signal));
        await me.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'not on main');
        cancel.abort({ kind: 'cancelled' });
        return { wait: card };
      },
    });
    expect(settled.kind).toBe('answered');
    const answer = settled.kind === 'answered' ? answerOf(settled.decision) : null;
    expect(answer).toMatchObject({ kind: 'deny', reason: 'not on main' });
    expect(chosenOption(answer!, OPTIONS)?.id).toBe('cancel');
  });

  it('an unreachable Cast is a failed outcome, never an approval', async () => {
    const { me } = await setUp();
    const port = await freePort();
    const api = withDeadlines(client({ url: `http://127.0.0.1:${port}`, token: 'cast_unused' }, { channel: 'host-terminal' }));
    const asked = prompt(`conv-${randomUUID()}`, 'npm test');
    const outcome = await ask(asked, { api, signal: new AbortController().signal, withdrawWithinMs: () => 300 });
    expect(outcome.kind).toBe('failed');
    // Nothing reached the real Cast either.
    await expect(me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: asked.session } })).rejects.toThrow();
  });

  it('maps answers to the host’s options: always to allow_always, a deny to reject_once, and nothing that fits to none', () => {
    const approve = { kind: 'approve' as const, always: true, reason: null, words: '', edited: null, by: 'person' as const };
    expect(chosenOption(approve, OPTIONS)?.id).toBe('proceed_always');
    expect(chosenOption({ ...approve, always: false }, OPTIONS)?.id).toBe('proceed_once');
    const deny = { kind: 'deny' as const, always: false, reason: null, words: '', edited: null, by: 'person' as const };
    expect(chosenOption(deny, [{ id: 'never', kind: 'reject_always', name: 'Never' }])?.id).toBe('never');
    // A host offering only "always" gets no once-approve turned into it, and one without a reject gets no deny.
    expect(chosenOption({ ...approve, always: false }, [{ id: 'a', kind: 'allow_always', name: 'Always' }])).toBeNull();
    expect(chosenOption(deny, [{ id: 'ok', kind: 'allow_once', name: 'Allow' }])).toBeNull();
    // An approve of an edited call is no option a host runs as proposed.
    expect(chosenOption({ ...approve, always: false, edited: { command: 'ls' } }, OPTIONS)).toBeNull();
  });
});
