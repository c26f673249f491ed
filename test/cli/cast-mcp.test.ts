/**
 * `cast mcp` end to end (DESIGN §4 "Hooks and tools"): the real executable spawned over stdio
 * by the MCP SDK's own client, against a real Cast — the way a coding agent's host runs it.
 * Each client lists the tools first, as hosts do, so its `callTool` checks every result against
 * the tool's declared output schema and throws on one that does not match (issue 38 item 5).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RaiseEscalationBody } from '../../domain/escalation';
import { escalationRoutes } from '../../domain/routes/escalations';
import { stackRoutes } from '../../domain/routes/stacks';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { agentTokenOf, colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';
import { CAST_BIN } from './run-cast';

let cast: TestCast;
const servers: Array<{ client: Client; transport: StdioClientTransport }> = [];

beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(async () => {
  await Promise.all(servers.map(({ client }) => client.close()));
  await cast?.stop();
});

const CONTEXT =
  'The daemon writes note ids from the file path; the web index derives them from frontmatter, so a rename indexes the same note twice.';

/** A member, their session, and `cast mcp` (with extra args) serving it over stdio — with the member's token, or an agent token of theirs. */
/** Raises escalations through the API as `me`. */
const raiser = (me: ReturnType<typeof world>) => async (body: z.input<typeof RaiseEscalationBody>) =>
  (await me.send(escalationRoutes.raiseEscalation, { body })).escalation;

async function mcpAgent(args: string[] = [], { asAgent = false, token: given = '' } = {}) {
  const member = await cast.newMember();
  const token = given || (asAgent ? (await agentTokenOf(cast.pool, member)).token : member.token);
  const session = `mcp-test-${randomUUID()}`;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CAST_BIN, 'mcp', ...args],
    cwd: mkdtempSync(join(tmpdir(), 'cast-mcp-')),
    env: {
      CAST_CONFIG: join(tmpdir(), `cast-mcp-${randomUUID()}.json`),
      CAST_URL: cast.url,
      CAST_TOKEN: token,
      CAST_SESSION: session,
      NO_COLOR: '1',
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'cast-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  servers.push({ client, transport });
  // The client keeps each tool's output schema from the listing and validates every result with it.
  const { tools } = await client.listTools();
  const call = async <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const [first] = result.content;
    return { ...result, structured: result.structuredContent as T, text: first?.type === 'text' ? first.text : '' };
  };
  return { client, tools, transport, call, session, me: world(cast, member), stderr: () => stderr };
}

type Decided = {
  id: string;
  created: boolean;
  state: string;
  mode: string;
  options: Array<{ n: number; label: string; consequence: string | null }>;
  next: string;
};
type Waited = { id: string; outcome: string; message: string | null; answer: { n: number; label: string } | null; waitedSeconds: number };
type Listed = {
  view: string;
  session: string | null;
  decisions: Array<Record<string, unknown>>;
  counts: { open: number; blocking: number } | null;
};

describe('cast mcp: the tools', () => {
  it('lists decide, wait_for_decision, list_decisions and resolve_escalation with input and output schemas and truthful annotations', async () => {
    const { client, stderr } = await mcpAgent();
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual(['decide', 'list_decisions', 'resolve_escalation', 'wait_for_decision']);

    expect(byName.decide!.inputSchema.required).toEqual(expect.arrayContaining(['question', 'context', 'options']));
    expect(Object.keys(byName.decide!.inputSchema.properties!)).toEqual([
      'question',
      'context',
      'options',
      'mode',
      'defaultOption',
      'stack',
      'to',
    ]);
    expect(Object.keys(byName.wait_for_decision!.inputSchema.properties!)).toEqual(['id', 'timeoutSeconds']);
    expect(Object.keys(byName.list_decisions!.inputSchema.properties!)).toEqual(['view', 'limit']);
    expect(Object.keys(byName.resolve_escalation!.inputSchema.properties!)).toEqual(['id', 'resolution', 'option', 'reason']);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object', properties: expect.any(Object) });
      expect(tool.description, tool.name).toBeTruthy();
    }
    expect(Object.keys(byName.wait_for_decision!.outputSchema!.properties!)).toEqual([
      'id',
      'outcome',
      'message',
      'answer',
      'waitedSeconds',
    ]);

    const closedWorld = { destructiveHint: false, openWorldHint: false };
    expect(byName.decide!.annotations).toEqual({ readOnlyHint: false, idempotentHint: false, ...closedWorld });
    expect(byName.wait_for_decision!.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, ...closedWorld });
    expect(byName.list_decisions!.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, ...closedWorld });
    expect(byName.resolve_escalation!.annotations).toEqual({ readOnlyHint: false, idempotentHint: true, ...closedWorld });
    // stdout is the protocol; what the server says for people goes to stderr.
    expect(stderr()).toContain('cast mcp: serving session mcp-test-');
  });

  it('decide files a blocking choice and returns its id at once; answered through the API, wait_for_decision returns the message', async () => {
    const { call, session, me } = await mcpAgent();
    const filed = await call<Decided>('decide', {
      question: 'Which schema wins?',
      context: CONTEXT,
      options: ['Frontmatter wins :: renames keep the id, the daemon changes', { label: 'Path wins', consequence: 'old links break' }],
    });
    expect(filed.isError, filed.text).toBeFalsy();
    // It returns once the row is in Postgres, never waiting for the answer: still open.
    expect(filed.structured).toMatchObject({
      id: expect.stringMatching(/^sd-\d+$/),
      created: true,
      state: 'open',
      mode: 'blocking',
      default: null,
      stack: null,
    });
    expect(filed.structured.options).toEqual([
      { n: 1, label: 'Frontmatter wins', consequence: 'renames keep the id, the daemon changes' },
      { n: 2, label: 'Path wins', consequence: 'old links break' },
    ]);
    expect(filed.structured.next).toContain(`wait_for_decision with id ${filed.structured.id}`);
    expect(JSON.parse(filed.text)).toEqual(filed.structured);

    const { id } = filed.structured;
    const decision = await me.decision(id);
    expect(decision).toMatchObject({
      status: 'open',
      mode: 'blocking',
      question: 'Which schema wins?',
      context: CONTEXT,
      links: { sessionId: session },
    });
    expect(decision.asks[0]).toMatchObject({ kind: 'decision', prompt: 'Which schema wins?' });

    // The wait is under way when the answer lands.
    const waiting = call<Waited>('wait_for_decision', { id });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await me.answer(id, 1, { kind: 'decision', selected: [2] }, 'Paths are what people link.');
    const waited = await waiting;
    expect(waited.isError, waited.text).toBeFalsy();
    expect(waited.structured).toMatchObject({ id, outcome: 'answered', answer: { n: 2, label: 'Path wins' } });
    expect(waited.structured.message).toMatch(
      /^Decision: Path wins\nReason: Paths are what people link\.\n<cast-decision id="sd-\d+" question="Which schema wins\?" \/>$/,
    );

    // Filing the same question again once answered is a new decision (hence not idempotent).
    const again = await call<Decided>('decide', {
      question: 'Which schema wins?',
      context: CONTEXT,
      options: ['Frontmatter wins', 'Path wins'],
    });
    expect(again.structured).toMatchObject({ created: true, state: 'open' });
    expect(again.structured.id).not.toBe(id);
  });

  // The test's own timeout is below the 30 s asked for: only the 2 s cap lets it pass.
  it(
    'wait_for_decision on an unanswered decision returns pending when its (test-shortened) cap runs out',
    { timeout: 25_000 },
    async () => {
      const { call } = await mcpAgent(['--max-wait', '2']);
      const filed = await call<Decided>('decide', { question: 'Hold the deploy?', context: CONTEXT, options: ['Hold', 'Deploy'] });
      expect(filed.structured.next).toContain('it waits up to 2 s');
      const started = Date.now();
      // Asking for longer than the cap still returns at the cap.
      const waited = await call<Waited>('wait_for_decision', { id: filed.structured.id, timeoutSeconds: 30 });
      const elapsed = Date.now() - started;
      expect(waited.isError, waited.text).toBeFalsy();
      expect(waited.structured).toMatchObject({ id: filed.structured.id, outcome: 'pending', message: null, answer: null });
      expect(elapsed).toBeGreaterThanOrEqual(1900);
    },
  );

  it('decide refuses what the queue would refuse, naming the field', async () => {
    const { call } = await mcpAgent();
    const oneOption = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship'] });
    expect(oneOption.isError).toBe(true);
    // The SDK checks arguments before the tool runs; its message is still a sentence about the argument.
    expect(oneOption.text).toContain('There is 1 option; at least 2 options are needed.');
    const longLabel = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship', { label: 'x'.repeat(300) }] });
    expect(longLabel.text).toContain("Option 2's label is 300 characters; the limit is 200.");
    const advisory = await call('decide', {
      question: 'Back off?',
      context: CONTEXT,
      options: ['Back off', 'Switch keys'],
      mode: 'advisory',
    });
    expect(advisory.isError).toBe(true);
    expect(advisory.text).toBe('An advisory decision declares its default: an option between 1 and 2.');
    const advisoryOk = await call<Decided>('decide', {
      question: 'Back off?',
      context: CONTEXT,
      options: ['Back off', 'Switch keys'],
      mode: 'advisory',
      defaultOption: 1,
    });
    expect(advisoryOk.structured).toMatchObject({ mode: 'advisory', default: 1 });
    expect(advisoryOk.structured.next).toMatch(/^Advisory: keep working on option 1/);
  });

  it('decide refuses an empty or a repeated option label, naming the option as the tool numbers it', async () => {
    const { call, me, session } = await mcpAgent();
    // The tool trims " :: only consequence" to ":: only consequence": still an empty label, not the label "::…".
    const empty = await call('decide', { question: 'Ship it?', context: CONTEXT, options: [' :: only consequence', 'Hold'] });
    expect(empty.isError).toBe(true);
    expect(empty.text).toBe('Option 1 has an empty label; give it the words a person picks it by.');
    const blankObject = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship', { label: '   ' }] });
    expect(blankObject.text).toBe('Option 2 has an empty label; give it the words a person picks it by.');
    const repeated = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Same :: one', ' same :: two'] });
    expect(repeated.isError).toBe(true);
    expect(repeated.text).toBe('Option 2, "same", repeats the label of option 1; give each option a label of its own.');
    await expectProblem(me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } }), 404, 'session_not_found');
  });

  it("Cast's refusals of decide and wait_for_decision name the tool's arguments and what to do", async () => {
    const { call, me, session } = await mcpAgent();
    const noStack = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship', 'Hold'], stack: 'ds-999999' });
    expect(noStack.isError).toBe(true);
    expect(noStack.text).toBe(
      'There is no stack ds-999999 in this workspace; nothing was filed. Leave out stack, or give the id of an open one.',
    );
    const noDecision = await call('wait_for_decision', { id: 'sd-999999', timeoutSeconds: 0 });
    expect(noDecision.isError).toBe(true);
    expect(noDecision.text).toBe(
      "There is no decision sd-999999 in this workspace; list_decisions shows this session's decisions and their ids.",
    );

    // The session id is taken by a colleague: filing there is refused, and says which setting to change.
    const bob = await colleagueOf(cast.pool, me.member, 'Bob');
    await world(cast, bob).send(sessionRoutes.putSession, { params: { id: session }, body: {} });
    const taken = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship', 'Hold'] });
    expect(taken.isError).toBe(true);
    expect(taken.text).toBe(
      `Session ${session} belongs to another member of this workspace, so nothing was filed. Set CAST_SESSION in cast mcp's environment to this conversation's own id.`,
    );
  });

  it("list_decisions lists the session's decisions with answers (an unseen session is empty, and stays unregistered) and the open queue", async () => {
    const { call, session, me } = await mcpAgent();
    const empty = await call<Listed>('list_decisions', {});
    expect(empty.structured).toEqual({ view: 'session', session, decisions: [], counts: null });
    await expectProblem(me.send(sessionRoutes.getSession, { params: { id: session } }), 404, 'session_not_found');

    const answered = (await call<Decided>('decide', { question: 'Ship the banner?', context: CONTEXT, options: ['Ship', 'Hold'] }))
      .structured;
    await me.answer(answered.id, 1, { kind: 'decision', selected: [2] });
    const open = (await call<Decided>('decide', { question: 'Which layout?', context: CONTEXT, options: ['Dense', 'Roomy'] })).structured;
    const elsewhere = await me.session();
    await me.file({
      question: 'Rename the feed?',
      context: CONTEXT,
      session: elsewhere,
      asks: [{ kind: 'decision', prompt: 'Rename the feed?', options: [{ label: 'Yes' }, { label: 'No' }] }],
    });

    const mine = await call<Listed>('list_decisions', { view: 'session' });
    expect(mine.structured.decisions).toEqual([
      {
        id: open.id,
        state: 'open',
        mode: 'blocking',
        question: 'Which layout?',
        answer: null,
        askedAt: expect.any(String),
        sessionId: session,
        messagesSince: expect.any(Number),
        stale: false,
      },
      {
        id: answered.id,
        state: 'resolved',
        mode: 'blocking',
        question: 'Ship the banner?',
        answer: { n: 2, label: 'Hold' },
        askedAt: expect.any(String),
        sessionId: session,
        messagesSince: expect.any(Number),
        stale: false,
      },
    ]);
    const queue = await call<Listed>('list_decisions', { view: 'queue' });
    expect(queue.structured).toMatchObject({ view: 'queue', session: null, counts: { open: 2, blocking: 2 } });
    expect(queue.structured.decisions.map((decision) => decision.question).sort()).toEqual(['Rename the feed?', 'Which layout?']);
    expect(queue.structured.decisions.find((decision) => decision.question === 'Rename the feed?')).toMatchObject({
      sessionId: elsewhere,
      messagesSince: null,
      stale: null,
    });
  });

  it('resolve_escalation resolves an escalation raised through the API, with words or with an option and a reason', async () => {
    const { call, me } = await mcpAgent();
    const raise = raiser(me);
    const vat = await raise({
      reasonCode: 'missing_information',
      summary: 'The invoice needs a VAT rate for Ireland.',
      mustDecide: 'What is the VAT rate we charge in Ireland?',
    });

    const resolved = await call('resolve_escalation', { id: vat.id, resolution: '23%' });
    expect(resolved.isError, resolved.text).toBeFalsy();
    expect(resolved.structuredContent).toEqual({
      id: vat.id,
      status: 'resolved',
      mustDecide: 'What is the VAT rate we charge in Ireland?',
      resolution: '23%',
      decisionId: vat.decisionId,
      resolvedBy: me.member.memberId,
      resolvedAt: expect.any(String),
    });
    expect((await me.decision(vat.decisionId!)).asks[0]!.answer).toMatchObject({ value: { kind: 'fact', text: '23%' } });

    const lists = await raise({
      reasonCode: 'ambiguous_instructions',
      summary: 'Two lists claim to be canonical.',
      mustDecide: 'Which supplier list is authoritative?',
      options: ['Finance', 'Ops'],
    });
    const chosen = await call('resolve_escalation', { id: lists.id, option: 2, reason: 'Ops owns it now.' });
    expect(chosen.isError, chosen.text).toBeFalsy();
    expect(chosen.structuredContent).toMatchObject({ status: 'resolved', resolution: 'Ops — Ops owns it now.' });
    expect((await me.decision(lists.decisionId!)).asks[0]!.answer).toMatchObject({
      value: { kind: 'decision', selected: [2] },
      reason: 'Ops owns it now.',
    });
  });

  it('resolve_escalation is idempotent: the same call again returns the first result; a different one says who resolved it and how', async () => {
    const { call, me } = await mcpAgent();
    const raise = raiser(me);
    const retention = await raise({
      reasonCode: 'missing_information',
      summary: 'The log retention period is not set.',
      mustDecide: 'How many days do we keep request logs?',
    });
    const first = await call('resolve_escalation', { id: retention.id, resolution: 'Legal wants 90.' });
    expect(first.isError, first.text).toBeFalsy();
    const again = await call('resolve_escalation', { id: retention.id, resolution: 'Legal wants 90.' });
    expect(again.isError, again.text).toBeFalsy();
    expect(again.structuredContent).toEqual(first.structuredContent);

    const other = await call('resolve_escalation', { id: retention.id, resolution: '30 is enough.' });
    expect(other.isError).toBe(true);
    const { resolvedAt } = first.structuredContent as { resolvedAt: string };
    expect(other.text).toBe(
      `${retention.id} was already resolved by Tester on ${resolvedAt.slice(0, 16).replace('T', ' ')} UTC: Legal wants 90. The first resolution stands; nothing changed.`,
    );
    expect((await me.decision(retention.decisionId!)).asks[0]!.answer).toMatchObject({ value: { kind: 'fact', text: 'Legal wants 90.' } });

    const lists = await raise({
      reasonCode: 'ambiguous_instructions',
      summary: 'Two lists claim to be canonical.',
      mustDecide: 'Which supplier list is authoritative?',
      options: ['Finance', 'Ops'],
    });
    const chosen = await call('resolve_escalation', { id: lists.id, option: 2, reason: 'Ops owns it now.' });
    const chosenAgain = await call('resolve_escalation', { id: lists.id, option: 2, reason: 'Ops owns it now.' });
    expect(chosenAgain.isError, chosenAgain.text).toBeFalsy();
    expect(chosenAgain.structuredContent).toEqual(chosen.structuredContent);
    const otherOption = await call('resolve_escalation', { id: lists.id, option: 1 });
    expect(otherOption.isError).toBe(true);
    expect(otherOption.text).toContain(`${lists.id} was already resolved by Tester on `);
    expect(otherOption.text).toContain(': Ops — Ops owns it now. The first resolution stands; nothing changed.');
  });

  it("resolve_escalation's refusals say what to send in its own argument names, never the HTTP body", async () => {
    const { call, me } = await mcpAgent();
    const raise = raiser(me);
    const vat = await raise({
      reasonCode: 'missing_information',
      summary: 'The invoice needs a VAT rate for Ireland.',
      mustDecide: 'What is the VAT rate we charge in Ireland?',
    });
    const lists = await raise({
      reasonCode: 'ambiguous_instructions',
      summary: 'Two lists claim to be canonical.',
      mustDecide: 'Which supplier list is authoritative?',
      options: ['Finance', 'Ops'],
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { id: vat.id },
        "Send resolution (the answer, in words) or option (the number of one of the escalation's options, with an optional reason).",
      ],
      [
        { id: vat.id, resolution: '23%', option: 1 },
        "Send resolution or option, not both: resolution answers in words; option picks one of the escalation's options by its number.",
      ],
      [
        { id: vat.id, resolution: '23%', reason: 'The rate card says so.' },
        'reason goes with option; with resolution, say why inside the resolution itself.',
      ],
      [{ id: vat.id, option: 1 }, `${vat.id} has no options: it asks for an answer in words. Use resolution instead of option.`],
      [
        { id: lists.id, resolution: 'Ops' },
        `${lists.id} offers options (1. Finance; 2. Ops): use option with the number of one (and reason to say why) instead of resolution.`,
      ],
      [{ id: lists.id, option: 3 }, `${lists.id} has no option 3; its options are 1. Finance; 2. Ops.`],
      [
        { id: 'esc_missing', resolution: 'x' },
        'There is no escalation esc_missing in this workspace; check id (escalation ids look like esc_…).',
      ],
    ];
    for (const [args, text] of cases) {
      const refused = await call('resolve_escalation', args);
      expect(refused.isError, JSON.stringify(args)).toBe(true);
      expect(refused.text).toBe(text);
      expect(refused.text).not.toContain('"kind"');
    }
    // Nothing was resolved by any of them.
    expect((await me.decision(vat.decisionId!)).status).toBe('open');
    expect((await me.decision(lists.decisionId!)).status).toBe('open');
  });

  it("a token Cast refuses is said as the server's token, with how to sign in again and that the server needs a restart", async () => {
    const { call } = await mcpAgent([], { token: 'cast_not-a-real-token' });
    const refused = await call('list_decisions', {});
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(
      /^Cast refused the token cast mcp runs with\. .+ Sign in again: cast login --url \S+ --token -\. Then restart cast mcp\.$/,
    );
  });

  it("MCP door with an agent token: decide, wait_for_decision and list_decisions work, and its queue view holds only its agent's decisions", async () => {
    const { call, session, me } = await mcpAgent([], { asAgent: true });
    const filed = await call<Decided>('decide', { question: 'Which layout?', context: CONTEXT, options: ['Dense', 'Roomy'] });
    expect(filed.isError, filed.text).toBeFalsy();
    // A person's own decision in the same workspace is not the agent's to list.
    await me.file({
      question: 'Rename the feed?',
      context: CONTEXT,
      asks: [{ kind: 'decision', prompt: 'Rename the feed?', options: [{ label: 'Yes' }, { label: 'No' }] }],
    });
    const queue = await call<Listed>('list_decisions', { view: 'queue' });
    expect(queue.structured.decisions.map((decision) => decision.question)).toEqual(['Which layout?']);
    const mine = await call<Listed>('list_decisions', { view: 'session' });
    expect(mine.structured).toMatchObject({ session, decisions: [{ id: filed.structured.id, state: 'open' }] });

    const waiting = call<Waited>('wait_for_decision', { id: filed.structured.id });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await me.answer(filed.structured.id, 1, { kind: 'decision', selected: [2] });
    expect((await waiting).structured).toMatchObject({ outcome: 'answered', answer: { n: 2, label: 'Roomy' } });
  });

  it('resolve_escalation with an agent token says a person must resolve it', async () => {
    const { call, me } = await mcpAgent([], { asAgent: true });
    // Raised by the person; the agent token cannot resolve it (403 forbidden_for_agent, before the id is even read).
    const escalation = await raiser(me)({
      reasonCode: 'needs_permission',
      summary: 'Deleting the staging bucket needs a yes.',
      mustDecide: 'May the agent delete the staging bucket?',
    });
    const refused = await call('resolve_escalation', { id: escalation.id, resolution: 'Yes' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toBe('A person must resolve this escalation in Cast; agent tokens cannot.');
    expect((await me.decision(escalation.decisionId!)).status).toBe('open');
  });

  it('ends by itself, exit 0, when the client closes its stdin', async () => {
    // Spawned by hand, not through the SDK's transport, which SIGTERMs a server that lingers:
    // here nothing but the closed stdin can end it, and a signal would show in how it exited.
    const member = await cast.newMember();
    const server = spawn(process.execPath, [CAST_BIN, 'mcp'], {
      cwd: mkdtempSync(join(tmpdir(), 'cast-mcp-')),
      env: { CAST_CONFIG: join(tmpdir(), `cast-mcp-${randomUUID()}.json`), CAST_URL: cast.url, CAST_TOKEN: member.token, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      server.once('exit', (code, signal) => resolve([code, signal])),
    );
    try {
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await expect.poll(() => stderr).toContain('cast mcp: serving session');
      server.stdin.end();
      expect(await exited).toEqual([0, null]);
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
  });
});

/** Every object in a JSON Schema, with where it is: each must name all it allows. */
function objectsOf(schema: unknown, at = '$'): Array<{ at: string; object: Record<string, unknown> }> {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const own = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) ? [{ at, object: node }] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) =>
      key === 'properties' && value && typeof value === 'object'
        ? Object.entries(value).flatMap(([name, property]) => objectsOf(property, `${at}.${name}`))
        : Array.isArray(value)
          ? value.flatMap((item, index) => objectsOf(item, `${at}.${key}[${index}]`))
          : typeof value === 'object'
            ? objectsOf(value, `${at}.${key}`)
            : [],
    ),
  ];
}

describe('issue 38 item 5: every tool answers what it declares, through the official client that validates', () => {
  it("every tool's results, success and refusal, pass the MCP SDK client's check against its declared output schema", async () => {
    const { tools, call, me } = await mcpAgent();
    // Results the client accepted, by tool: it throws on a result that does not match the schema.
    const accepted = new Map<string, Array<Record<string, unknown>>>();
    const ok = async <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) => {
      const result = await call<T>(name, args);
      expect(result.isError, `${name}: ${result.text}`).toBeFalsy();
      expect(JSON.parse(result.text), name).toEqual(result.structured);
      accepted.set(name, [...(accepted.get(name) ?? []), result.structured as Record<string, unknown>]);
      return result.structured;
    };
    const refused = async (name: string, args: Record<string, unknown>) => {
      const result = await call(name, args);
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent, name).toBeUndefined();
    };

    // Every object the schemas declare names all it allows, so a key added to a result and not to its schema fails here.
    for (const tool of tools) {
      for (const { at, object } of objectsOf(tool.outputSchema)) {
        expect(object.additionalProperties, `${tool.name} ${at}`).toBe(false);
      }
    }

    const filed = await ok<Decided & { url: string }>('decide', {
      question: 'Which schema wins?',
      context: CONTEXT,
      options: ['Frontmatter wins :: renames keep the id', 'Path wins'],
    });
    // The page a person answers it at: declared, so the client accepts it (it was refused while undeclared).
    expect(filed.url).toBe(`${cast.url}/decisions?id=${filed.id}`);
    const { stack } = await me.send(stackRoutes.createStack, { body: { title: 'Before the release' } });
    const stacked = await ok<Decided & { stack: unknown }>('decide', {
      question: 'Back off on 429?',
      context: CONTEXT,
      options: ['Back off', 'Switch keys'],
      mode: 'advisory',
      defaultOption: 1,
      stack: stack.id,
    });
    expect(stacked.stack).toMatchObject({ id: stack.id, position: 1, of: 1 });
    const rewritten = await ok<Decided>('decide', { question: 'Which schema wins?', context: CONTEXT, options: ['Frontmatter', 'Path'] });
    expect(rewritten).toMatchObject({ id: filed.id, created: false });
    await refused('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship'] });
    await refused('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship', 'Hold'], stack: 'ds-999999' });

    expect(await ok<Waited>('wait_for_decision', { id: filed.id, timeoutSeconds: 0 })).toMatchObject({ outcome: 'pending' });
    await me.answer(filed.id, 1, { kind: 'decision', selected: [2] }, 'Paths are what people link.');
    expect(await ok<Waited>('wait_for_decision', { id: filed.id })).toMatchObject({ outcome: 'answered', answer: { n: 2 } });
    await refused('wait_for_decision', { id: 'sd-999999', timeoutSeconds: 0 });

    expect(await ok<Listed>('list_decisions', { view: 'session' })).toMatchObject({ view: 'session', counts: null });
    expect(await ok<Listed>('list_decisions', { view: 'queue' })).toMatchObject({ view: 'queue', counts: { open: 1 } });

    const raise = raiser(me);
    const vat = await raise({ reasonCode: 'missing_information', summary: 'No VAT rate.', mustDecide: 'What VAT rate for Ireland?' });
    const lists = await raise({
      reasonCode: 'ambiguous_instructions',
      summary: 'Two lists.',
      mustDecide: 'Which supplier list is authoritative?',
      options: ['Finance', 'Ops'],
    });
    expect(await ok('resolve_escalation', { id: vat.id, resolution: '23%' })).toMatchObject({ status: 'resolved' });
    await ok('resolve_escalation', { id: vat.id, resolution: '23%' }); // the repeat returns the first result
    expect(await ok('resolve_escalation', { id: lists.id, option: 2, reason: 'Ops owns it.' })).toMatchObject({ status: 'resolved' });
    await refused('resolve_escalation', { id: vat.id, resolution: '30%' });
    await refused('resolve_escalation', { id: 'esc_missing', resolution: 'x' });

    // Every tool the server lists was called and answered: a new tool without a case here fails.
    expect([...accepted.keys()].sort()).toEqual(tools.map((tool) => tool.name).sort());
  });
});
