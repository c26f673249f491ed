/**
 * Issue 31: a host's permission prompt, as the API takes it. Item 1: filing one registers its
 * session, and prompts have their own budget (120 a minute per token), so a burst never waits
 * on the 30 writes a minute meant for bulk writes, and bulk writes never wait on prompts.
 * Item 3: a tool input is kept whole up to HOST_INPUT_MAX characters; past it nothing is filed.
 * Item 2: the whole tool input (a Write's content, an Edit's strings) reaches the card. Item 9:
 * a card offers "always allow" only when its host sent the rules it keeps.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FR61_LIMITS } from '../../api/rate-limit';
import { BusyError } from '../../client/request';
import { HOST_INPUT_MAX } from '../../domain/limits';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { approvalAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ rateLimits: FR61_LIMITS });
});
afterAll(() => cast?.stop());

async function agent(name = 'Claude Code') {
  const member = await cast.newMember();
  const agent = await agentTokenOf(cast.pool, member, name);
  return { person: world(cast, member), agent, me: world(cast, agent) };
}

/**
 * A burst's prompt, sent again after its Retry-After when admission refused it 503 `overloaded`,
 * as every Cast client does: admission runs before the token and its budgets, so a refused try
 * spends none of them and the budget's count below stays exact on a busy machine.
 */
async function admitted<R>(send: () => Promise<R>): Promise<R> {
  for (;;) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof BusyError) || error.problem.code !== 'overloaded') throw error;
      await sleep(error.retryAfterSeconds * 1000);
    }
  }
}

const bash = (command: string, extra: Record<string, unknown> = {}) => ({
  kind: 'permission' as const,
  tool: 'Bash',
  toolInput: { command, description: 'A step' },
  requestId: `toolu_${randomUUID()}`,
  ...extra,
});

const openCount = async (workspaceId: string) =>
  (await cast.pool.query<{ n: number }>(`select count(*)::int as n from decisions where workspace_id = $1`, [workspaceId])).rows[0]!.n;

describe('issue 31 item 1: a prompt never waits on the bulk-write budget', () => {
  it('issue 31 item 1: 18 prompts at once from one agent token are all filed, each registering its session; the 121st in a minute is a 429 with Retry-After; writes keep their own 30', async () => {
    const { agent: token, me } = await agent();
    const session = randomUUID();
    // One turn's burst, all at once, with no PUT of the session first.
    const burst = await Promise.all(
      Array.from({ length: 18 }, (_, index) =>
        admitted(() =>
          me.reply(sessionRoutes.fileHostPrompt, {
            params: { id: session },
            body: bash(`echo ${index} > f${index}.txt`, { scope: 'notes' }),
          }),
        ),
      ),
    );
    expect(burst.map((filed) => filed.status)).toEqual(Array(18).fill(201));
    const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } });
    expect(listed.decisions).toHaveLength(18);
    // Registered by its first prompt, with its project.
    expect((await me.send(sessionRoutes.getSession, { params: { id: session } })).session).toMatchObject({ id: session, scope: 'notes' });

    // The rest of the minute's budget, then its edge.
    const rest = FR61_LIMITS.prompt - 18;
    for (let sent = 0; sent < rest; sent += 17) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(17, rest - sent) }, () =>
          admitted(() => me.reply(sessionRoutes.fileHostPrompt, { params: { id: randomUUID() }, body: bash('true') })),
        ),
      );
      expect(batch.every((filed) => filed.status === 201)).toBe(true);
    }
    const before = await openCount(token.workspaceId);
    const refused = await cast.request(token.token, 'POST', `/api/v1/sessions/${randomUUID()}/prompts`, bash('true'));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = await expectProblem(refused, 429, 'rate_limited');
    expect(problem.detail).toMatch(/permission prompts .* at most 120 a minute/);
    expect(await openCount(token.workspaceId)).toBe(before);

    // The prompts spent none of the token's 30 writes.
    for (let index = 0; index < FR61_LIMITS.write; index += 1) {
      expect((await me.reply(sessionRoutes.putSession, { params: { id: `bulk-${index}` }, body: {} })).status).toBeLessThan(300);
    }
    await expectProblem(me.reply(sessionRoutes.putSession, { params: { id: 'bulk-31' }, body: {} }), 429, 'rate_limited');
  });

  it('issue 31 item 1: writes spent to the last one leave prompts untouched', async () => {
    const { me } = await agent();
    for (let index = 0; index < FR61_LIMITS.write; index += 1)
      await me.reply(sessionRoutes.putSession, { params: { id: `w-${index}` }, body: {} });
    await expectProblem(me.reply(sessionRoutes.putSession, { params: { id: 'w-31' }, body: {} }), 429, 'rate_limited');
    const filed = await me.reply(sessionRoutes.fileHostPrompt, { params: { id: randomUUID() }, body: bash('ls') });
    expect(filed.status).toBe(201);
  });
});

describe('issue 31 item 3: any input the host sends is kept and shown, within HOST_INPUT_MAX', () => {
  it('issue 31 item 3: a 10,000-character command is filed whole, as the card’s context and in its tool input, and can be approved', async () => {
    const { person, me } = await agent();
    const command = Array.from({ length: 400 }, (_, index) => `echo step-${String(index).padStart(4, '0')} ok`)
      .join(' && \\\n  ')
      .padEnd(10_000, '#')
      .slice(0, 10_000);
    expect(command).toHaveLength(10_000);
    const session = randomUUID();
    const { decision } = await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: bash(command) });
    expect(decision.context).toBe(command);
    expect(decision.source).toMatchObject({ kind: 'permission', toolInput: { command, description: 'A step' } });
    await person.answer(decision.id, 1, { kind: 'approval', decision: 'approve' });
    const [row] = (await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions;
    expect(row?.decision).toMatchObject({ id: decision.id, status: 'resolved', context: command });
  });

  it(`issue 31 item 3: an input past ${HOST_INPUT_MAX} characters is a problem with a stable code, and nothing is written`, async () => {
    const { agent: token } = await agent();
    const session = randomUUID();
    const content = 'x'.repeat(HOST_INPUT_MAX);
    const refused = await cast.request(token.token, 'POST', `/api/v1/sessions/${session}/prompts`, {
      kind: 'permission',
      tool: 'Write',
      toolInput: { file_path: '/repo/big.txt', content },
    });
    const problem = await expectProblem(refused, 400, 'invalid_request');
    expect(problem.detail).toMatch(/toolInput/);
    expect(problem.detail).toMatch(new RegExp(`at most ${HOST_INPUT_MAX}`));
    expect(await openCount(token.workspaceId)).toBe(0);
    const sessions = await cast.pool.query(`select 1 from sessions where workspace_id = $1 and id = $2`, [token.workspaceId, session]);
    expect(sessions.rows).toEqual([]);
    // The same as a plain input, and a body past what the server reads at all.
    await expectProblem(
      cast.request(token.token, 'POST', `/api/v1/sessions/${session}/prompts`, { kind: 'permission', tool: 'Bash', input: `${content}x` }),
      400,
      'invalid_request',
    );
    await expectProblem(
      cast.request(token.token, 'POST', `/api/v1/sessions/${session}/prompts`, {
        kind: 'permission',
        tool: 'Bash',
        input: 'é'.repeat(600_000),
      }),
      400,
      'invalid_request',
    );
    expect(await openCount(token.workspaceId)).toBe(0);
  });
});

describe('issue 31 item 2: the card keeps the whole tool input', () => {
  it('issue 31 item 2: a Write keeps its content and an Edit its old and new strings; the card’s context is the file', async () => {
    const { me } = await agent();
    const session = randomUUID();
    const write = { file_path: '/repo/notes/plan.md', content: '# Plan\n\n1. Write the tests\n2. Ship\n' };
    const edit = { file_path: '/repo/src/app.ts', old_string: 'const port = 3000;', new_string: 'const port = 8080;', replace_all: false };
    const written = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'Write', toolInput: write },
    });
    const edited = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'Edit', toolInput: edit },
    });
    expect(written.decision).toMatchObject({ context: '/repo/notes/plan.md', source: { toolInput: write } });
    expect(edited.decision).toMatchObject({ context: '/repo/src/app.ts', source: { toolInput: edit } });
  });
});

describe('issue 31 item 9: "always allow" only where the host or Cast keeps a rule', () => {
  it('issue 31 item 9: a card filed with the rules its host keeps takes an "always" approve; a fetch, which nobody keeps, refuses it with always_not_offered and stays open', async () => {
    const { person, me, agent: token } = await agent();
    const session = randomUUID();
    const keeping = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: bash('touch a.txt', { alwaysAllows: ['Bash(touch a.txt)'] }),
    });
    expect(keeping.decision.source).toMatchObject({ kind: 'permission', alwaysAllows: ['Bash(touch a.txt)'] });
    // A fetch: its host keeps its domain, which a rule of Cast does not read (issue 42 item 4).
    const plain = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'WebFetch', toolInput: { url: 'https://example.com/a' }, requestId: `toolu_${randomUUID()}` },
    });
    expect(plain.decision.source).toMatchObject({ kind: 'permission', alwaysAllows: null });

    const always = { answer: { kind: 'approval', decision: 'approve', always: true } };
    const refused = await expectProblem(
      cast.request(person.member.token, 'POST', `/api/v1/decisions/${plain.decision.id}/asks/1/answer`, always),
      422,
      'always_not_offered',
    );
    expect(refused.detail).toBe(
      `${plain.decision.id} offers no "always": neither its host nor a rule of Cast can keep it narrowly (a fetch, or an approval filed without an agent). Approve it without "always"; nothing changed.`,
    );
    expect((await person.decision(plain.decision.id)).status).toBe('open');

    await person.answer(keeping.decision.id, 1, { kind: 'approval', decision: 'approve', always: true });
    expect((await person.decision(keeping.decision.id)).asks[0]!.answer!.value).toEqual({
      kind: 'approval',
      decision: 'approve',
      always: true,
    });

    // What a card names is bounded: no empty list, no empty rule, at most ten.
    for (const alwaysAllows of [[], [' '], Array.from({ length: 11 }, (_, n) => `Bash(touch ${n}.txt)`)]) {
      await expectProblem(
        cast.request(token.token, 'POST', `/api/v1/sessions/${session}/prompts`, bash('touch c.txt', { alwaysAllows })),
        400,
        'invalid_request',
      );
    }
    expect(await openCount(token.workspaceId)).toBe(2);
  });
});

describe('issue 38 item 13: a terminal question keeps the unique-label rule', () => {
  it('issue 38 item 13: options ["0", "0"] (or " Yes" and "yes") are 422 option_label_duplicate, an empty one option_label_empty, and nothing is filed', async () => {
    const { agent: token } = await agent();
    const session = randomUUID();
    const file = (options: string[]) =>
      cast.request(token.token, 'POST', `/api/v1/sessions/${session}/prompts`, { kind: 'terminal', question: 'Which one?', options });
    const twin = await expectProblem(file(['0', '0']), 422, 'option_label_duplicate');
    expect(twin.detail).toMatch(/option 1/);
    await expectProblem(file([' Yes', 'yes', 'No']), 422, 'option_label_duplicate');
    await expectProblem(file(['Yes', '   ']), 422, 'option_label_empty');
    expect(await openCount(token.workspaceId)).toBe(0);
    // Distinct labels still file.
    expect((await file(['0', '1'])).status).toBe(201);
    expect(await openCount(token.workspaceId)).toBe(1);
  });
});

describe('issue 39 item 12: a permission card is answered with y or n alone', () => {
  it('cast-decide "Permission prompts in the same queue": Deny needs no reason on a permission card, and keeps one when given; an agent\'s own approval ask still needs one (FR-24)', async () => {
    const { person, me } = await agent();
    const session = randomUUID();
    const denied = await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: bash('rm -rf build') });
    await person.answer(denied.decision.id, 1, { kind: 'approval', decision: 'reject' });
    const read = await person.decision(denied.decision.id);
    expect(read.status).toBe('resolved');
    expect(read.asks[0]!.answer).toMatchObject({ value: { kind: 'approval', decision: 'reject' }, reason: null });

    const withWhy = await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: bash('rm -rf dist') });
    await person.answer(withWhy.decision.id, 1, { kind: 'approval', decision: 'reject' }, 'Not the dist folder.');
    expect((await person.decision(withWhy.decision.id)).asks[0]!.answer).toMatchObject({ reason: 'Not the dist folder.' });

    // An approval an agent proposed is not a permission card: its rejection is what the agent learns from.
    const filed = await person.file({
      question: 'Spend $240?',
      context: 'The paid feed returned 402.',
      asks: [approvalAsk()],
    });
    await expectProblem(person.answer(filed.body.decision.id, 1, { kind: 'approval', decision: 'reject' }), 422, 'reason_required');
    expect((await person.decision(filed.body.decision.id)).status).toBe('open');
  });
});
