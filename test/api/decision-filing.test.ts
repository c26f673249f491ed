/**
 * Agents filing and keeping their asks correct (cast-decide "What the agent writes",
 * "Blocking and advisory", "Keeping an ask correct") over the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Ask } from '../../domain/ask-schema';
import { NOTE_NO_CONSEQUENCE, NOTE_SHORT_CONTEXT } from '../../domain/card-notes';
import type { FileDecisionBody } from '../../domain/decision-schema';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context =
  'The daemon writes note ids from the file path. The web index derives them from frontmatter. A rename keeps one id and changes the other, so the same note indexes twice. Either side can be authoritative.';
const schemaAsk: z.input<typeof Ask> = {
  kind: 'decision',
  prompt: 'Which schema wins?',
  options: [
    { label: 'Frontmatter wins', consequence: 'renames keep the id' },
    { label: 'Path wins', consequence: 'old links break' },
  ],
};

describe('filing from a session', () => {
  it('the same question again from the same session updates the open decision: same id, age and place', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const first = await me.file({ question: 'Which schema wins?', context, asks: [schemaAsk], session });
    expect(first.status).toBe(201);
    const again = await me.file({ question: '  which schema WINS ', context: `${context} Updated.`, asks: [schemaAsk], session });
    expect(again.status).toBe(200);
    expect(again.body.decision.id).toBe(first.body.decision.id);
    expect(again.body.decision.createdAt).toBe(first.body.decision.createdAt);
    expect(again.body.decision.context).toBe(`${context} Updated.`);
    // Another session asking the same question gets its own decision.
    const other = await me.file({ question: 'Which schema wins?', context, asks: [schemaAsk], session: await me.session() });
    expect(other.body.decision.id).not.toBe(first.body.decision.id);
  });

  it('twenty concurrent posts of one question produce exactly one decision', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => me.file({ question: 'Retry storm?', context, asks: [schemaAsk], session })),
    );
    expect(replies.every((reply) => reply.status === 200 || reply.status === 201)).toBe(true);
    expect(new Set(replies.map((reply) => reply.body.decision.id)).size).toBe(1);
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    const { rows } = await cast.pool.query('select count(*)::int as n from decisions where session_id = $1', [session]);
    expect(rows[0].n).toBe(1);
  });

  it('once answered, the same question opens a new decision', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const first = await me.file({ question: 'Ship it?', context, asks: [schemaAsk], session });
    await me.answer(first.body.decision.id, 1, { kind: 'decision', selected: [1] });
    const again = await me.file({ question: 'Ship it?', context, asks: [schemaAsk], session });
    expect(again.status).toBe(201);
    expect(again.body.decision.id).not.toBe(first.body.decision.id);
  });

  it('a post into a session another member owns is refused as not found', async () => {
    const alice = await cast.newMember();
    const bob = await colleagueOf(cast.pool, alice, 'Bob');
    const session = await world(cast, alice).session();
    const filing = world(cast, bob).file({ question: 'Mine?', context, asks: [schemaAsk], session });
    await expectProblem(filing, 404, 'session_not_found');
  });

  it("the card carries the notes and the session's other open asks with their age and messages since", async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const earlier = await me.file({ question: 'Earlier question?', context, asks: [schemaAsk], session });
    for (let index = 0; index < 3; index += 1) {
      await me.send(sessionRoutes.appendMessage, { params: { id: session }, body: { role: 'assistant', body: `working ${index}` } });
    }
    const terse = await me.file({
      question: 'Terse?',
      context: 'Short.',
      asks: [{ kind: 'decision', prompt: 'Pick', options: [{ label: 'A' }, { label: 'B' }] }],
      session,
    });
    expect(terse.body.card.notes).toEqual([NOTE_SHORT_CONTEXT, NOTE_NO_CONSEQUENCE]);
    expect(terse.body.card.openInSession).toEqual([
      expect.objectContaining({ id: earlier.body.decision.id, line: 'asked just now, 3 messages since' }),
    ]);
    const full = await me.file({ question: 'Full?', context, asks: [schemaAsk] });
    expect(full.body.card.notes).toEqual([]);
  });

  it('advisory decisions declare a default; blocking is the default mode', async () => {
    const me = world(cast, await cast.newMember());
    const blocking = await me.file({ question: 'Default mode?', context, asks: [schemaAsk] });
    expect(blocking.body.decision).toMatchObject({ mode: 'blocking', defaultOption: null });
    await expectProblem(me.file({ question: 'Advisory?', context, asks: [schemaAsk], mode: 'advisory' }), 400, 'invalid_request');
    const advisory = await me.file({
      question: 'Back off or switch keys?',
      context,
      asks: [schemaAsk],
      mode: 'advisory',
      defaultOption: 1,
    });
    expect(advisory.body.decision).toMatchObject({ mode: 'advisory', defaultOption: 1 });
  });
});

describe('issue 38 item 11: a filing without a session, retried under its Idempotency-Key, files once', () => {
  const fileKeyed = (token: string, question: string, key?: string) =>
    cast.reply(token, decisionRoutes.fileDecision, {
      body: { question, context, asks: [schemaAsk] },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const countOf = async (workspaceId: string, question: string) =>
    (await cast.pool.query('select count(*)::int as n from decisions where workspace_id = $1 and question = $2', [workspaceId, question]))
      .rows[0].n as number;

  it('issue 38 item 11: the same key lands on the decision it filed (200), concurrently too; another principal or no key is another decision', async () => {
    const member = await cast.newMember();
    const first = await fileKeyed(member.token, 'Keyed filing?', 'filing-1');
    expect(first.status).toBe(201);
    const again = await fileKeyed(member.token, 'Keyed filing?', 'filing-1');
    expect(again.status).toBe(200);
    expect(again.body.decision.id).toBe(first.body.decision.id);
    const storm = await Promise.all(Array.from({ length: 10 }, () => fileKeyed(member.token, 'Keyed storm?', 'filing-2')));
    expect(new Set(storm.map((reply) => reply.body.decision.id)).size).toBe(1);
    expect(storm.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(await countOf(member.workspaceId, 'Keyed storm?')).toBe(1);

    // A colleague's filing under the same key is theirs; without a key every filing is a new decision.
    const colleague = await colleagueOf(cast.pool, member);
    const theirs = await fileKeyed(colleague.token, 'Keyed filing?', 'filing-1');
    expect(theirs.status).toBe(201);
    expect(theirs.body.decision.id).not.toBe(first.body.decision.id);
    const unkeyed = [await fileKeyed(member.token, 'Unkeyed?'), await fileKeyed(member.token, 'Unkeyed?')];
    expect(unkeyed.map((reply) => reply.status)).toEqual([201, 201]);
    expect(await countOf(member.workspaceId, 'Keyed filing?')).toBe(2);
  });

  it('issue 38 item 11: a filing refused 503 says it may have taken effect; retried under its key once a worker runs, there is one decision', async () => {
    const member = await cast.newMember();
    await cast.stopWorker();
    let problem: Awaited<ReturnType<typeof expectProblem>>;
    try {
      problem = await expectProblem(fileKeyed(member.token, 'Filed while away?', 'retry-me'), 503, 'temporal_unavailable');
    } finally {
      await cast.startWorker();
    }
    expect(problem.mayHaveTakenEffect).toBe(true);
    expect(problem.detail).toMatch(/same Idempotency-Key/);
    const retried = await fileKeyed(member.token, 'Filed while away?', 'retry-me');
    expect([200, 201]).toContain(retried.status);
    const again = await fileKeyed(member.token, 'Filed while away?', 'retry-me');
    expect(again.status).toBe(200);
    expect(again.body.decision.id).toBe(retried.body.decision.id);
    expect(await countOf(member.workspaceId, 'Filed while away?')).toBe(1);
  });
});

describe('option labels', () => {
  const withOptions = (labels: string[]): z.input<typeof FileDecisionBody> => ({
    question: 'Which feed?',
    context,
    asks: [{ kind: 'decision', prompt: 'Which feed?', options: labels.map((label) => ({ label, consequence: 'changes the bill' })) }],
  });

  it('an option whose label is empty once trimmed is refused (422 option_label_empty), naming the ask and the option; nothing is filed', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const problem = await expectProblem(me.file({ ...withOptions(['Basic', '   ']), session }), 422, 'option_label_empty');
    expect(problem.detail).toBe("Ask 1's option 2 has an empty label; give it the words a person picks it by.");
    expect(problem.issues).toEqual([{ path: 'asks.0.options.1.label', message: problem.detail }]);
    expect((await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions).toEqual([]);
  });

  it('two options of one ask whose labels match once trimmed and case-folded are refused (422 option_label_duplicate), naming both', async () => {
    const member = await cast.newMember();
    const problem = await expectProblem(world(cast, member).file(withOptions(['Same', 'Other', ' SAME '])), 422, 'option_label_duplicate');
    expect(problem.detail).toBe('Ask 1\'s option 3, "SAME", repeats the label of option 1; give each option a label of its own.');
    // The same labels in two different asks are two questions, not a duplicate.
    const two: z.input<typeof FileDecisionBody> = {
      ...withOptions(['Yes', 'No']),
      asks: [
        ...withOptions(['Yes', 'No']).asks,
        { kind: 'decision', prompt: 'And the backup?', options: [{ label: 'Yes' }, { label: 'No' }] },
      ],
    };
    expect((await world(cast, member).file(two)).status).toBe(201);
  });

  it('an edit and an escalation with a repeated option are refused with the same code', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file(withOptions(['Basic', 'Pro']));
    const edit = me.send(decisionRoutes.editDecision, {
      params: { id: filed.body.decision.id },
      body: { asks: withOptions(['Basic', 'basic']).asks },
    });
    expect((await expectProblem(edit, 422, 'option_label_duplicate')).detail).toContain(
      'Ask 1\'s option 2, "basic", repeats the label of option 1',
    );
    expect((await me.decision(filed.body.decision.id)).asks[0]).toMatchObject({ options: [{ label: 'Basic' }, { label: 'Pro' }] });

    const escalation = me.send(escalationRoutes.raiseEscalation, {
      body: {
        reasonCode: 'ambiguous_instructions',
        summary: 'Two lists claim to be canonical.',
        mustDecide: 'Which supplier list is authoritative?',
        options: ['Finance', ' finance'],
      },
    });
    expect((await expectProblem(escalation, 422, 'option_label_duplicate')).detail).toBe(
      'Option 2, "finance", repeats the label of option 1; give each option a label of its own.',
    );
  });
});

describe('refusals read like sentences', () => {
  it('a 5,000-character question is refused naming each field in words, with no internal paths', async () => {
    const member = await cast.newMember();
    const long = 'x'.repeat(5000);
    const filing = world(cast, member).file({ question: long, context, asks: [{ ...schemaAsk, prompt: long }] });
    const problem = await expectProblem(filing, 400, 'invalid_request');
    expect(problem.detail).toBe(
      "The question is 5,000 characters; the limit is 1,000. Ask 1's prompt is 5,000 characters; the limit is 1,000.",
    );
    // Paths stay, for programs, beside the sentences.
    expect(problem.issues).toEqual([
      { path: 'question', message: 'The question is 5,000 characters; the limit is 1,000.' },
      { path: 'asks.0.prompt', message: "Ask 1's prompt is 5,000 characters; the limit is 1,000." },
    ]);
  });

  it('every kind of refusal names its field in words: missing, the wrong type or kind, too few, unknown, empty', async () => {
    const member = await cast.newMember();
    const cases: Array<[unknown, string]> = [
      [{}, 'The question is missing. The asks are missing.'],
      [{ question: 7, asks: [schemaAsk] }, 'The question must be text, not 7.'],
      [
        { question: 'Q?', asks: [{ kind: 'poll', prompt: 'P' }] },
        'Ask 1\'s kind is "poll"; use "decision", "approval", "fact", "access" or "action".',
      ],
      [{ question: 'Q?', asks: [{ ...schemaAsk, options: [{ label: 'Only' }] }] }, 'Ask 1 has 1 option; at least 2 options are needed.'],
      [{ question: 'Q?', asks: [schemaAsk], status: 'resolved' }, 'The request has no field "status"; leave it out.'],
      [{ question: 'Q?', asks: [schemaAsk], mode: 'soon' }, 'The mode is "soon"; use "blocking" or "advisory".'],
      [{ question: 'Q?', asks: [schemaAsk], attempts: ['  '] }, 'Attempt 1 is empty.'],
      [{ question: 'Q?', asks: [schemaAsk], confidence: 2 }, 'The confidence is 2; the most is 1.'],
      [[], 'The request must be an object, not a list.'],
    ];
    for (const [body, detail] of cases) {
      const problem = await expectProblem(await cast.request(member.token, 'POST', '/api/v1/decisions', body), 400, 'invalid_request');
      expect(problem.detail).toBe(detail);
    }
  });

  it('an answer of the wrong kind reads "an approval ask", with articles that fit the words', async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({ question: 'Approve the spend?', context, asks: [approvalAsk()] });
    const wrong = await expectProblem(me.answer(filed.body.decision.id, 1, { kind: 'access', granted: true }), 422, 'answer_kind_mismatch');
    expect(wrong).toMatchObject({
      detail: 'Ask 1 is an approval ask; answer it with {"kind":"approval","decision":"approve"}, not an access answer.',
    });
  });
});

describe('keeping an ask correct', () => {
  it('edit rewrites the open decision in place; --blocking clears the default', async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({ question: 'Back off?', context, asks: [schemaAsk], mode: 'advisory', defaultOption: 2 });
    const id = filed.body.decision.id;
    const edited = await me.send(decisionRoutes.editDecision, {
      params: { id },
      body: { question: 'Back off, or switch keys?', mode: 'blocking' },
    });
    expect(edited.decision).toMatchObject({
      id,
      question: 'Back off, or switch keys?',
      mode: 'blocking',
      defaultOption: null,
      createdAt: filed.body.decision.createdAt,
    });
  });

  it('edit and cancel of an answered decision fail and return the answer', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({ question: 'Answered already?', context, asks: [schemaAsk] });
    const id = filed.body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    for (const attempt of [
      () => me.send(decisionRoutes.editDecision, { params: { id }, body: { context: 'More.' } }),
      () => me.send(decisionRoutes.withdrawDecision, { params: { id }, body: {} }),
    ]) {
      const problem = await expectProblem(attempt(), 409, 'decision_not_open');
      expect(problem.answers).toEqual([
        expect.objectContaining({ ask: 1, answer: expect.objectContaining({ value: { kind: 'decision', selected: [2] } }) }),
      ]);
    }
  });

  it('cancel withdraws an open decision and releases its task', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    const filed = await me.file({ question: 'Withdraw me?', context, asks: [tierAsk()], task: task.id });
    const id = filed.body.decision.id;
    const taskStatus = async () => (await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status;
    expect(await taskStatus()).toBe('blocked');
    const withdrawn = await me.send(decisionRoutes.withdrawDecision, { params: { id }, body: {} });
    expect(withdrawn.decision.status).toBe('withdrawn');
    await expect.poll(taskStatus).toBe('in_progress');
  });
});

describe('what the asking agent reads back', () => {
  it('wait holds until the answer and returns the message the session received; it times out still open', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const id = (await me.file({ question: 'Wait for me?', context, asks: [schemaAsk], session })).body.decision.id;

    const timedOut = await me.send(decisionRoutes.waitForDecision, { params: { id }, query: { timeout: 0.3 } });
    expect(timedOut).toMatchObject({ settled: false, decision: { status: 'open' } });

    const waiting = me.send(decisionRoutes.waitForDecision, { params: { id }, query: { timeout: 20 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await me.answer(id, 1, { kind: 'decision', selected: [1] });
    // Settled with the message: the answer released it (its 20 s timeout would come back open).
    const released = await waiting;
    expect(released).toMatchObject({
      settled: true,
      message: `Decision: Frontmatter wins\n<cast-decision id="${id}" question="Wait for me?" />`,
    });
  });

  it("lists a session's decisions with their answers, age and messages since, and marks stale open ones", async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const answered = (await me.file({ question: 'First?', context, asks: [schemaAsk], session })).body.decision.id;
    await me.answer(answered, 1, { kind: 'decision', selected: [2] });
    // Its answer lands in the session's log after the answer returns: let it, so it counts before the next ask.
    await me.delivered(answered);
    const open = (await me.file({ question: 'Second?', context, asks: [schemaAsk], session })).body.decision.id;
    for (let index = 0; index < 30; index += 1) {
      await me.send(sessionRoutes.appendMessage, { params: { id: session }, body: { role: 'assistant', body: `step ${index}` } });
    }
    const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } });
    expect(listed.decisions.map((entry) => [entry.decision.id, entry.decision.status, entry.stale])).toEqual([
      [open, 'open', true],
      [answered, 'resolved', false],
    ]);
    expect(listed.decisions[0]).toMatchObject({ messagesSince: 30, askedAgo: 'just now' });
  });
});
