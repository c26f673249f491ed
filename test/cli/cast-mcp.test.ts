/**
 * `cast mcp` end to end (DESIGN §4 "Hooks and tools"): the real executable spawned over stdio
 * by the MCP SDK's own client, against a real Cast — the way a coding agent's host runs it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Escalation } from '../../domain/escalation';
import { world } from '../support/agent-world';
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

/** A member, their session, and `cast mcp` (with extra args) serving it over stdio. */
async function mcpAgent(args: string[] = []) {
  const member = await cast.newMember();
  const session = `mcp-test-${randomUUID()}`;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CAST_BIN, 'mcp', ...args],
    cwd: mkdtempSync(join(tmpdir(), 'cast-mcp-')),
    env: {
      CAST_CONFIG: join(tmpdir(), `cast-mcp-${randomUUID()}.json`),
      CAST_URL: cast.url,
      CAST_TOKEN: member.token,
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
  const call = async <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const [first] = result.content;
    return { ...result, structured: result.structuredContent as T, text: first?.type === 'text' ? first.text : '' };
  };
  return { client, transport, call, session, me: world(cast, member), stderr: () => stderr };
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
    const started = Date.now();
    const filed = await call<Decided>('decide', {
      question: 'Which schema wins?',
      context: CONTEXT,
      options: ['Frontmatter wins :: renames keep the id, the daemon changes', { label: 'Path wins', consequence: 'old links break' }],
    });
    const elapsed = Date.now() - started;
    expect(filed.isError, filed.text).toBeFalsy();
    // About 0.3 s here: it returns once the row is in Postgres, never waiting for the answer.
    // 3 s leaves room for a busy shared CI machine.
    expect(elapsed).toBeLessThan(3000);
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
    expect(waited.structured.waitedSeconds).toBeLessThan(45);

    // Filing the same question again once answered is a new decision (hence not idempotent).
    const again = await call<Decided>('decide', {
      question: 'Which schema wins?',
      context: CONTEXT,
      options: ['Frontmatter wins', 'Path wins'],
    });
    expect(again.structured).toMatchObject({ created: true, state: 'open' });
    expect(again.structured.id).not.toBe(id);
  });

  it('wait_for_decision on an unanswered decision returns pending when its (test-shortened) cap runs out', async () => {
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
    expect(elapsed).toBeLessThan(15_000);
  });

  it('decide refuses what the queue would refuse, naming the field', async () => {
    const { call } = await mcpAgent();
    const oneOption = await call('decide', { question: 'Ship it?', context: CONTEXT, options: ['Ship'] });
    expect(oneOption.isError).toBe(true);
    expect(oneOption.text).toMatch(/options/);
    const advisory = await call('decide', {
      question: 'Back off?',
      context: CONTEXT,
      options: ['Back off', 'Switch keys'],
      mode: 'advisory',
    });
    expect(advisory.isError).toBe(true);
    expect(advisory.text).toContain('defaultOption: An advisory decision declares its default: an option between 1 and 2.');
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

  it("list_decisions lists the session's decisions with answers (an unseen session is empty, and stays unregistered) and the open queue", async () => {
    const { call, session, me } = await mcpAgent();
    const empty = await call<Listed>('list_decisions', {});
    expect(empty.structured).toEqual({ view: 'session', session, decisions: [], counts: null });
    expect((await me.call('GET', `/api/v1/sessions/${session}`)).status).toBe(404);

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

  it('resolve_escalation resolves an escalation raised through the API, with words or an option; the first resolution stands', async () => {
    const { call, me } = await mcpAgent();
    const raise = async (body: Record<string, unknown>) =>
      (await me.ok<{ escalation: Escalation }>('POST', '/api/v1/escalations', body)).escalation;
    const vat = await raise({
      reasonCode: 'missing_information',
      summary: 'The invoice needs a VAT rate for Ireland.',
      mustDecide: 'What is the VAT rate we charge in Ireland?',
    });

    const both = await call('resolve_escalation', { id: vat.id, resolution: '23%', option: 1 });
    expect(both.isError).toBe(true);
    expect(both.text).toContain('Give either resolution, or option');

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

    const twice = await call('resolve_escalation', { id: vat.id, resolution: '21%' });
    expect(twice.isError).toBe(true);
    expect(twice.text).toContain(`${vat.id} was already resolved: 23%. The first resolution stands`);

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

    const missing = await call('resolve_escalation', { id: 'esc_missing', resolution: 'x' });
    expect(missing.isError).toBe(true);
  });

  it('ends when the client closes its stdin', async () => {
    const { client, transport } = await mcpAgent();
    const pid = transport.pid!;
    const started = Date.now();
    await client.close();
    // Well under the 2 s after which the SDK's client would send SIGTERM instead.
    expect(Date.now() - started).toBeLessThan(1900);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
