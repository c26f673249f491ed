/**
 * Issue 42 items 1 and 6: one home for the machine's answers. A decision filed with a rule's
 * answer in its start is answered at once, on record — the rule, its revision and the digest of
 * what it matched on the answer, in the activity history and in the outbox event the webhooks
 * send — and delivered to the agent like a person's answer, saying which rule gave it. A person
 * undoes it within the same window and answers it themselves. Rules are not wired into filing
 * yet, so these scenarios file through the filing service with its `automaticAnswers` port (the
 * seam the rules will use), on a real Temporal server and Postgres; never through a request body.
 */
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TemporalGateway } from '../../api/temporal-gateway';
import { fileValidDecision, type AutomaticAnswersFor } from '../../api/services/file-decision';
import { readDeployment } from '../../db/deployment';
import { digestAtFiling, type AutomaticAnswer } from '../../domain/automatic-answer';
import { FileDecisionBody } from '../../domain/decision-schema';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { plainTarget } from '../../runtime/temporal-connection';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';
import { until } from '../support/until';

let cast: TestCast;
let gateway: TemporalGateway;

beforeAll(async () => {
  cast = await startTestCast();
  gateway = TemporalGateway.create(plainTarget(inject('temporalAddress'), cast.taskQueue), () => readDeployment(cast.pool));
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await cast?.stop();
});

const context = 'The test suite needs a database; the agent wants to run it before it pushes.';
const rule = { kind: 'rule' as const, id: 'rule-tests', name: 'tests may run', revision: 3 };
type Me = ReturnType<typeof world>;
type Body = z.input<typeof FileDecisionBody>;
type Filing = Parameters<AutomaticAnswersFor>[0]['filing'];

/** Files `body` as `me` through the filing service, with the rules' answers `answers` gives. */
async function fileWithRules(me: Me, body: Body, answers: (filing: Filing) => AutomaticAnswer[]) {
  const automaticAnswers: AutomaticAnswersFor = async ({ filing }) => ({ answers: answers(filing) });
  const deps = { pool: cast.pool, temporal: gateway, automaticAnswers };
  if (me.member.kind !== 'person') throw new Error('a person files these');
  return fileValidDecision(deps, me.member, FileDecisionBody.parse(body), 0);
}

async function member(): Promise<Me> {
  return world(cast, await cast.newMember());
}

/** The answer `source` gives ask `ask` of `filing`, with the digest of what it matched. */
function ruleAnswer(
  filing: Filing,
  ask: number,
  value: AutomaticAnswer['value'],
  reason: string | null = null,
  source = rule,
): AutomaticAnswer {
  return { ask, value, reason, source, inputDigest: digestAtFiling(filing, ask) };
}

/** Files into a session with a run going, which the resolved decision's answer is injected into. */
async function fileIntoLiveRun(me: Me, body: Body, answers: Parameters<typeof fileWithRules>[2]) {
  const session = await me.session();
  const live = await me.run(session, 'running');
  return { session, filed: await fileWithRules(me, { ...body, session, run: live.id }, answers) };
}

/** The message the agent's session received for `decisionId`, once it has. */
async function agentMessage(me: Me, session: string, decisionId: string): Promise<string> {
  const read = async () => {
    const { messages } = await me.send(sessionRoutes.readMessages, { params: { id: session }, query: {} });
    return messages.filter((message) => message.decisionId === decisionId).map((message) => message.body);
  };
  const [message] = await until(read, (bodies) => bodies.length > 0);
  return message!;
}

async function activity(decisionId: string, kind: string): Promise<Record<string, unknown>[]> {
  const { rows } = await cast.pool.query<{ detail: Record<string, unknown> }>(
    'select detail from activity where subject_id = $1 and kind = $2 order by seq',
    [decisionId, kind],
  );
  return rows.map((row) => row.detail);
}

describe('a rule answers at filing, on record (issue 42 items 1, 6)', () => {
  it('answers at once with the rule, its revision and the digest; the entry, the event and the agent message name it', async () => {
    const me = await member();
    const body = { question: 'Run the test suite?', context, asks: [approvalAsk('Run npm test')] };
    const { session, filed } = await fileIntoLiveRun(me, body, (filing) => [
      ruleAnswer(filing, 1, { kind: 'approval', decision: 'approve' }),
    ]);

    // The filing returns the decision as the rule left it: answered, resolved.
    expect(filed.decision.status).toBe('resolved');
    const answer = filed.decision.asks[0]!.answer!;
    expect(answer).toMatchObject({ answeredBy: 'rule:rule-tests', automatic: true });
    expect(answer.provenance).toEqual({
      actor: { kind: 'rule', id: 'rule-tests', name: 'tests may run', revision: 3 },
      channel: null,
      // What the filing service computed from the filing, before the decision existed.
      inputDigest: digestAtFiling(FileDecisionBody.parse(body), 1),
      digestOf: 'ask',
    });
    const id = filed.decision.id;

    const [answered] = await activity(id, 'answered');
    expect(answered).toMatchObject({ ask: 1, automatic: true, provenance: { actor: { kind: 'rule', id: 'rule-tests', revision: 3 } } });

    const { rows: events } = await cast.pool.query<{ data: { provenance?: unknown } }>(
      `select data from outbox_events where subject_id = $1 and kind = 'decision.answered'`,
      [id],
    );
    expect(events.map((event) => event.data.provenance)).toEqual([answer.provenance]);

    // Delivered as a person's answer is: injected into the live run, saying which rule gave it.
    expect((await me.delivered(id)).delivery?.kind).toBe('injected');
    expect(await agentMessage(me, session, id)).toContain("Answered by rule 'tests may run' (r3)");

    // The Answered tab filters by the rule; another rule lists nothing.
    const byRule = await me.send(decisionRoutes.listQueue, { query: { tab: 'answered', answeredBy: 'rule:rule-tests' } });
    expect(byRule.decisions.map((card) => card.id)).toEqual([id]);
    const byOther = await me.send(decisionRoutes.listQueue, { query: { tab: 'answered', answeredBy: 'rule:rule-other' } });
    expect(byOther.decisions).toEqual([]);
  });

  it("undo takes a rule's answer back like a person's, says it was the rule's, and the person answers", async () => {
    const me = await member();
    const filed = await fileWithRules(me, { question: 'Which feed tier?', context, asks: [tierAsk()] }, (filing) => [
      ruleAnswer(filing, 1, { kind: 'decision', selected: [2] }),
    ]);
    const id = filed.decision.id;
    expect(filed.decision.status).toBe('resolved');

    const undone = await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    expect(undone.decision.status).toBe('open');
    expect(undone.undone).toEqual({ ask: 1, actor: { kind: 'rule', id: 'rule-tests', name: 'tests may run', revision: 3 } });
    const [entry] = await activity(id, 'undone');
    expect(entry).toMatchObject({ ask: 1, undone: { actor: { kind: 'rule', id: 'rule-tests', revision: 3 } } });
    // Taken back, it no longer counts as the rule's.
    const byRule = await me.send(decisionRoutes.listQueue, { query: { tab: 'answered', answeredBy: 'rule:rule-tests' } });
    expect(byRule.decisions).toEqual([]);

    const again = await me.answer(id, 1, { kind: 'decision', selected: [1] }, 'Basic is enough.');
    expect(again.status).toBe(200);
    const decision = await me.decision(id);
    expect(decision.status).toBe('resolved');
    expect(decision.asks[0]!.answer!.provenance?.actor).toEqual({ kind: 'member', id: me.member.memberId });
    // The person's answer approves the same input the rule matched.
    expect(decision.asks[0]!.answer!.provenance?.inputDigest).toBe(filed.decision.asks[0]!.answer!.provenance?.inputDigest);
  });

  it("a deny rule's reason reaches the agent in words", async () => {
    const me = await member();
    const reason = 'Production deploys need a person: ask in #deploys.';
    const { session, filed } = await fileIntoLiveRun(
      me,
      { question: 'Deploy to production?', context, asks: [approvalAsk('Deploy')] },
      (filing) => [
        ruleAnswer(filing, 1, { kind: 'approval', decision: 'reject' }, reason, { ...rule, name: 'no prod deploys', revision: 1 }),
      ],
    );
    const id = filed.decision.id;
    expect(filed.decision.status).toBe('resolved');
    const message = await agentMessage(me, session, id);
    expect(message).toContain(`Reason: ${reason}`);
    expect(message).toContain("Answered by rule 'no prod deploys' (r1)");
  });

  it('a rule answer that does not fit is skipped, never forced: a person answers', async () => {
    const me = await member();
    const filed = await fileWithRules(me, { question: 'Which tier, really?', context, asks: [tierAsk()] }, (filing) => [
      ruleAnswer(filing, 2, { kind: 'decision', selected: [1] }),
      ruleAnswer(filing, 1, { kind: 'decision', selected: [7] }),
    ]);
    expect(filed.decision.status).toBe('open');
    expect(await activity(filed.decision.id, 'answered')).toEqual([]);
  });
});
