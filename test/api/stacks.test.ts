/**
 * Decision stacks (cast-decide "Decision stacks") on the real Temporal server and database,
 * with auto-default durations of a second or two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FileDecisionBody } from '../../domain/decision-schema';
import { activityRoutes } from '../../domain/routes/activity';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { stackRoutes } from '../../domain/routes/stacks';
import type { StackView } from '../../domain/stack';
import { approvalAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { until } from '../support/until';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'The launch needs these settled; each has a sensible default if no one gets to it.';
type Me = ReturnType<typeof world>;
type FileBody = z.input<typeof FileDecisionBody>;

const choice = (question: string): FileBody => ({
  question,
  context,
  asks: [{ kind: 'decision', prompt: question, options: [{ label: 'Ship' }, { label: 'Hold' }] }],
});
const advisory = (question: string, extra: Partial<FileBody> = {}): FileBody => ({
  ...choice(question),
  mode: 'advisory',
  defaultOption: 2,
  ...extra,
});

async function newStack(me: Me, body: z.input<typeof stackRoutes.createStack.body.schema>): Promise<StackView> {
  return (await me.send(stackRoutes.createStack, { body })).stack;
}

/**
 * Files into the stack and returns once the decision knows it: the stack's workflow tells its
 * new member by a signal, just after the filing returns.
 */
async function fileInto(me: Me, stack: string, body: FileBody): Promise<string> {
  const filed = await me.file({ ...body, stack });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  const id = filed.body.decision.id;
  await until(
    () => me.decision(id),
    (decision) => decision.stack?.stackId === stack,
  );
  return id;
}

const stackOf = (me: Me, id: string) => me.send(stackRoutes.getStack, { params: { id } });
const reorder = (me: Me, id: string, order: string[]) => me.send(stackRoutes.reorderStack, { params: { id }, body: { order } });

describe('auto-default deadlines', () => {
  it('answers an advisory member with its default once its deadline passes, marked automatic, and tells the agent', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 2 });
    const session = await me.session();
    const id = await fileInto(me, stack.id, advisory('Ship the banner?', { session }));
    const joinedAt = (await stackOf(me, stack.id)).stack.members[0]!.joinedAt;
    const member = await me.decision(id);
    expect(member.stack).toEqual({ stackId: stack.id, deadline: new Date(Date.parse(joinedAt) + 2000).toISOString() });

    const answered = await until(
      () => me.decision(id),
      (decision) => decision.status === 'resolved',
    );
    const answer = answered.asks[0]!.answer!;
    expect(answer).toMatchObject({ value: { kind: 'decision', selected: [2] }, automatic: true, answeredBy: 'auto-default' });
    // Never before its deadline; how soon after is a figure of `npm run bench` (stack deadlines), not a test's.
    expect(Date.parse(answer.answeredAt)).toBeGreaterThanOrEqual(Date.parse(member.stack!.deadline!));

    const delivered = await me.delivered(id);
    expect(delivered.delivery?.kind).toBe('nothing');
    const messages = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(messages.messages[0]?.body).toMatch(/^Decision: Hold\nReason: Answered automatically: the stack's deadline passed/);
  });

  it('never answers a blocking member', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 1 });
    const id = await fileInto(me, stack.id, choice('Drop the legacy table?'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await me.decision(id)).status).toBe('open');
  });

  it('a person answering a moment before the deadline wins, and the default is not applied', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 4 });
    const id = await fileInto(me, stack.id, advisory('Ship the banner?'));
    const deadline = Date.parse((await me.decision(id)).stack!.deadline!);
    // Shortly before the deadline, with room for an answer's round trip on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now() - 2000)));
    await me.answer(id, 1, { kind: 'decision', selected: [1] }, 'The copy is final.');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now() + 800)));
    const final = await me.decision(id);
    expect(final.asks[0]!.answer).toMatchObject({ value: { selected: [1] }, answeredBy: me.member.memberId });
    expect(final.asks[0]!.answer!.automatic).toBeUndefined();
    const history = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: id } });
    expect(history.activity.filter((entry) => entry.kind === 'answered')).toHaveLength(1);
  });

  it('a policy change moves pending deadlines; clearing it or removing the member cancels them', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 3600 });
    const moved = await fileInto(me, stack.id, advisory('Moved?'));
    const removed = await fileInto(me, stack.id, advisory('Removed?'));
    const cleared = await newStack(me, { title: 'Cleared', autoDefaultSeconds: 2 });
    const clearedMember = await fileInto(me, cleared.id, advisory('Cleared?'));

    await me.send(stackRoutes.removeStackMember, { params: { id: stack.id, decision: removed } });
    // The stack's workflow tells the member's own workflow, whose row follows a moment later.
    await until(
      () => me.decision(removed),
      (decision) => decision.stack === null,
    );
    await me.send(stackRoutes.setStackPolicy, { params: { id: cleared.id }, body: { autoDefaultSeconds: null } });
    const policy = await me.send(stackRoutes.setStackPolicy, { params: { id: stack.id }, body: { autoDefaultSeconds: 1 } });
    expect(policy.stack.autoDefaultMs).toBe(1000);

    const answered = await until(
      () => me.decision(moved),
      (decision) => decision.status === 'resolved',
    );
    expect(answered.asks[0]!.answer?.automatic).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await me.decision(removed)).status).toBe('open');
    expect((await me.decision(clearedMember)).status).toBe('open');
    expect((await me.decision(clearedMember)).stack).toEqual({ stackId: cleared.id, deadline: null });
  });
});

describe('membership, order and closing', () => {
  it('reorder must list every member exactly once, naming what is missing or extra', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Order' });
    const [a, b, c] = [
      await fileInto(me, stack.id, choice('A?')),
      await fileInto(me, stack.id, choice('B?')),
      await fileInto(me, stack.id, choice('C?')),
    ];
    const missing = await expectProblem(reorder(me, stack.id, [c, a]), 422, 'invalid_order');
    expect(missing.detail).toBe(`A reorder lists every member of ${stack.id} exactly once (missing ${b}).`);
    const extra = await expectProblem(reorder(me, stack.id, [c, a, b, 'sd-999999']), 422, 'invalid_order');
    expect(extra.detail).toContain(`not in ${stack.id}: sd-999999`);
    const reordered = await reorder(me, stack.id, [c, a, b]);
    expect(reordered.stack.members.map((member) => member.decisionId)).toEqual([c, a, b]);
    expect((await stackOf(me, stack.id)).decisions.map((decision) => decision.id)).toEqual([c, a, b]);
  });

  it('closes when its last member is resolved by any path — here, archived', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Closing' });
    const answered = await fileInto(me, stack.id, choice('Answer me?'));
    const archived = await fileInto(me, stack.id, choice('Archive me?'));
    await me.answer(answered, 1, { kind: 'decision', selected: [1] });
    expect((await stackOf(me, stack.id)).stack.status).toBe('open');
    await me.send(decisionRoutes.archiveDecision, { params: { id: archived }, body: {} });
    const closed = await until(
      () => stackOf(me, stack.id),
      (view) => view.stack.status === 'closed',
    );
    expect(closed.stack).toMatchObject({ status: 'closed', members: [{ open: false }, { open: false }] });
    expect(closed.stack.closedAt).not.toBeNull();
    // Restored within the grace period, the stack opens again.
    await me.send(decisionRoutes.restoreDecision, { params: { id: archived }, body: {} });
    expect(
      (
        await until(
          () => stackOf(me, stack.id),
          (view) => view.stack.status === 'open',
        )
      ).stack.status,
    ).toBe('open');
  });

  it('groups existing cards into a new stack; a decision sits in one stack at a time', async () => {
    const me = world(cast, await cast.newMember());
    const a = (await me.file(choice('A?'))).body.decision.id;
    const b = (await me.file(choice('B?'))).body.decision.id;
    const stack = await newStack(me, { title: 'Grouped', decisions: [b, a] });
    expect(stack.members.map((member) => member.decisionId)).toEqual([b, a]);
    const again = await expectProblem(newStack(me, { title: 'Twice', decisions: [a] }), 409, 'already_in_stack');
    expect(again.detail).toContain(`${a} (${stack.id})`);
    const them = world(cast, await cast.newMember());
    await expectProblem(stackOf(them, stack.id), 404, 'stack_not_found');
    await expectProblem(newStack(them, { title: 'Theirs', decisions: [a] }), 404, 'decision_not_found');
    await expectProblem(them.file({ ...choice('Into theirs?'), stack: stack.id }), 404, 'stack_not_found');
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/stacks', { title: 'x', autoDefaultSeconds: 0 }),
      400,
      'invalid_request',
    );
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/stacks', { title: 'x', status: 'closed' }),
      400,
      'invalid_request',
    );
    await expectProblem(stackOf(me, 'ds-0'), 404, 'stack_not_found');
  });

  it('the checklist control answers every open advisory member with its default, and leaves blocking ones', async () => {
    const me = world(cast, await cast.newMember());
    const stack = await newStack(me, { title: 'Defaults' });
    const first = await fileInto(me, stack.id, advisory('First?'));
    const second = await fileInto(me, stack.id, advisory('Second?'));
    const blocking = await fileInto(me, stack.id, { question: 'Approve it?', context, asks: [approvalAsk()] });
    const result = await me.send(stackRoutes.applyStackDefaults, { params: { id: stack.id }, body: {} });
    expect(result).toEqual({ answered: [first, second], skipped: [] });
    for (const id of [first, second]) {
      expect((await me.decision(id)).asks[0]!.answer).toMatchObject({ value: { selected: [2] }, answeredBy: me.member.memberId });
    }
    expect((await me.decision(blocking)).status).toBe('open');
  });
});

describe('the queue', () => {
  it('lists an overdue stack first, and each card says which stack and where in it', async () => {
    const me = world(cast, await cast.newMember());
    await me.file(choice('Blocking and unstacked?'));
    const stack = await newStack(me, { title: 'Overdue', dueAt: new Date(Date.now() - 60_000).toISOString() });
    const late = await fileInto(me, stack.id, advisory('Advisory but overdue?'));
    const queue = await me.send(decisionRoutes.listQueue);
    expect(queue.decisions.map((decision) => decision.id)[0]).toBe(late);
    expect(queue.decisions[0]!.stackPlace).toMatchObject({ id: stack.id, title: 'Overdue', position: 1, overdue: true });
    expect(queue.decisions[1]!.stackPlace).toBeNull();
    const filtered = await me.send(decisionRoutes.listQueue, { query: { stack: stack.id } });
    expect(filtered.decisions.map((decision) => decision.id)).toEqual([late]);
  });
});
