/**
 * `cast mcp` on the 2026-07-28 revision with the Tasks extension (issue 43 item 4), driven by
 * the official clients: the SDK v2 `Client` pinned to 2026-07-28 and ext-tasks' task session,
 * which validate every task and the completed tool result against their schemas. A blocking
 * `decide` is a task that stays `working` until a person answers in Cast, then completes with
 * the answer; the task is the decision, so it outlives the API process and `cast mcp` that
 * created it. A client that listens for the task (`subscriptions/listen` naming it) is told when
 * it ends with `notifications/tasks`. The 2025-11-25 long-poll is cast-mcp.test.ts's.
 */
import { Client, ProtocolError, SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { GetTaskResultV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { RawStdio } from '../support/mcp/raw-dispatch';
import { taskNotes } from '../support/mcp/task-notes';
import { CONTEXT, envelope, OPTIONS, taskClient, TASKS } from '../support/mcp/task-session';
import { startReplicaProcess } from '../support/replica-process';
import { castForFile } from '../support/cast-for-file';
import type { TestCast } from '../support/test-cast';
import { CAST_BIN } from './run-cast';

let cast: TestCast;
const closers = castForFile((started) => (cast = started));

/** How `cast mcp` is started against `url` as the bearer of `token`. */
const castMcp = (url: string, token: string) => ({
  command: process.execPath,
  args: [CAST_BIN, 'mcp'],
  cwd: mkdtempSync(join(tmpdir(), 'cast-mcp-')),
  env: { CAST_CONFIG: join(tmpdir(), `cast-mcp-${randomUUID()}.json`), CAST_URL: url, CAST_TOKEN: token, NO_COLOR: '1' },
});

/** `cast mcp` against `url` as the bearer of `token`. */
function mcpTransport(url: string, token: string) {
  return new StdioClientTransport({ ...castMcp(url, token), stderr: 'pipe' });
}

/** `cast mcp`, spoken to by the official 2026-07-28 clients with Tasks. */
async function tasksAgent(url: string, token: string) {
  const raw = new RawStdio(mcpTransport(url, token));
  const agent = await taskClient(raw, raw.dispatch);
  const close = async () => {
    await agent.session.close();
    await agent.client.close();
  };
  closers.push(close);
  return { ...agent, raw, close };
}

async function member() {
  const person = await cast.newMember();
  return { me: world(cast, person), token: (await agentTokenOf(cast.pool, person)).token };
}

describe('cast mcp on 2026-07-28: decide as a task', () => {
  it('negotiates 2026-07-28 and advertises the Tasks extension; a blocking decide is a task, working until the person answers, then completed with the answer', async () => {
    const { me, token } = await member();
    const { client, session, raw } = await tasksAgent(cast.url, token);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerCapabilities()?.extensions).toEqual({ [TASKS]: {} });

    const execution = await session.callTool('decide', { question: 'Which id wins?', context: CONTEXT, options: OPTIONS });
    expect(execution.kind).toBe('task');
    const taskId = execution.handle!.taskId;
    expect(taskId).toMatch(/^sd-\d+$/);
    // The task is the decision: open in the queue.
    expect((await me.decision(taskId)).status).toBe('open');

    const working = await session.task(taskId).snapshot();
    expect(working).toMatchObject({ taskId, status: 'working', ttl: null });
    // `working`, never `input_required`: the person answers in Cast, nothing is asked in the agent.
    expect(working.statusMessage).toContain(`Waiting for a person to answer ${taskId} in Cast`);
    // tasks/get on the wire, checked against the extension's own schema.
    const polled = await raw.dispatch({
      method: 'tasks/get',
      params: { taskId, _meta: envelope() },
    });
    expect(polled, JSON.stringify(polled)).toMatchObject({ kind: 'result' });
    expect(GetTaskResultV2Schema.parse(polled.kind === 'result' ? polled.result : null)).toMatchObject({ taskId, status: 'working' });

    await me.answer(taskId, 1, { kind: 'decision', selected: [2] }, 'Paths are what people link.');
    const { outcome } = await execution.settle();
    expect(outcome.status).toBe('completed');
    const result = outcome.status === 'completed' ? (outcome.result as { structuredContent?: Record<string, unknown> }) : {};
    expect(result.structuredContent).toMatchObject({
      id: taskId,
      state: 'resolved',
      answered: { outcome: 'answered', answer: { n: 2, label: 'Path wins' } },
    });
    expect((result.structuredContent!.answered as { message: string }).message).toMatch(
      /^Decision: Path wins\nReason: Paths are what people link\./,
    );
  });

  it('an advisory decide, and a call from a client without Tasks, answer at once as before', async () => {
    const { token } = await member();
    const { session } = await tasksAgent(cast.url, token);
    const advisory = await session.callTool('decide', {
      question: 'Name the export?',
      context: CONTEXT,
      options: ['nightly', 'daily'],
      mode: 'advisory',
      defaultOption: 1,
    });
    expect(advisory.kind).toBe('immediate');
    const { outcome } = await advisory.settle();
    expect(outcome).toMatchObject({ status: 'completed', result: { structuredContent: { state: 'open', mode: 'advisory' } } });

    // A 2026-07-28 client that does not declare Tasks: decide's own result, and wait_for_decision to wait.
    const plain = new Client({ name: 'no-tasks', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await plain.connect(mcpTransport(cast.url, token));
    closers.push(() => plain.close());
    expect(plain.getServerCapabilities()?.extensions).toEqual({ [TASKS]: {} });
    await plain.listTools();
    const filed = await plain.callTool({ name: 'decide', arguments: { question: 'Tag the release?', context: CONTEXT, options: OPTIONS } });
    expect(filed.structuredContent).toMatchObject({ state: 'open', mode: 'blocking', next: expect.stringContaining('wait_for_decision') });
  });

  it('a decision the person archives unanswered completes the task saying so, with no answer', async () => {
    const { me, token } = await member();
    const { session } = await tasksAgent(cast.url, token);
    const execution = await session.callTool('decide', { question: 'Rename the bucket?', context: CONTEXT, options: ['Rename', 'Keep'] });
    const taskId = execution.handle!.taskId;
    await me.send(decisionRoutes.archiveDecision, { params: { id: taskId }, body: {} });
    const { outcome } = await execution.settle();
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { structuredContent: { id: taskId, state: 'archived', answered: { outcome: 'archived', message: null, answer: null } } },
    });
  });

  it('tasks/cancel withdraws the decision; an unknown task is -32602; tasks/get without the extension is -32021', async () => {
    const { me, token } = await member();
    const { session, raw } = await tasksAgent(cast.url, token);
    const execution = await session.callTool('decide', { question: 'Ship tonight?', context: CONTEXT, options: ['Ship', 'Wait'] });
    const taskId = execution.handle!.taskId;
    await session.cancelTask(taskId);
    expect((await me.decision(taskId)).status).toBe('withdrawn');
    expect(await session.task(taskId).snapshot()).toMatchObject({ status: 'cancelled' });

    const withTasks = { _meta: envelope() };
    const unknown = await raw.dispatch({ method: 'tasks/get', params: { taskId: 'sd-999999999', ...withTasks } });
    expect(unknown).toMatchObject({ kind: 'error', error: { code: -32602 } });
    const notADecision = await raw.dispatch({ method: 'tasks/get', params: { taskId: '../../etc', ...withTasks } });
    expect(notADecision).toMatchObject({ kind: 'error', error: { code: -32602 } });
    const undeclared = await raw.dispatch({
      method: 'tasks/get',
      params: { taskId, _meta: envelope({ tasks: false }) },
    });
    expect(undeclared).toMatchObject({ kind: 'error', error: { code: -32021 } });
  });

  it('a task survives the API process and cast mcp that created it: resumed through another, it completes with the answer', async () => {
    const { me, token } = await member();
    const first = await startReplicaProcess(cast);
    closers.push(() => first.kill());
    const before = await tasksAgent(first.url, token);
    const execution = await before.session.callTool('decide', {
      question: 'Rotate the key?',
      context: CONTEXT,
      options: ['Rotate', 'Keep'],
    });
    expect(execution.kind).toBe('task');
    const reference = execution.kind === 'task' ? execution.serializeReference() : null;
    // Cast goes down mid-task, and the agent's side with it.
    await before.close();
    await first.kill();

    const second = await startReplicaProcess(cast);
    closers.push(() => second.kill());
    const after = await tasksAgent(second.url, token);
    const resumed = await after.session.resumeTask(reference!);
    expect(await after.session.task(reference!.taskId).snapshot()).toMatchObject({ status: 'working' });
    // And the new process tells of it: a listen for the task from before the restart.
    const notes = taskNotes(after.client);
    await notes.listen([reference!.taskId]);
    await me.answer(reference!.taskId, 1, { kind: 'decision', selected: [1] }, 'Rotate on schedule.');
    const { outcome } = await resumed.settle();
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { structuredContent: { id: reference!.taskId, answered: { outcome: 'answered', answer: { n: 1, label: 'Rotate' } } } },
    });
    expect(await notes.of(reference!.taskId)).toMatchObject({
      status: 'completed',
      result: { structuredContent: { id: reference!.taskId } },
    });
  });
});

describe('cast mcp on 2026-07-28: task status notifications', () => {
  it('a listen naming the task is acknowledged; when the person answers, notifications/tasks brings the task completed with the answer, and the listen ends', async () => {
    const { me, token } = await member();
    const { client, session, raw } = await tasksAgent(cast.url, token);
    const notes = taskNotes(client);
    const execution = await session.callTool('decide', { question: 'Which id wins?', context: CONTEXT, options: OPTIONS });
    const taskId = execution.handle!.taskId;
    const subscription = await notes.listen([taskId]);
    // The acknowledgement names the task (the SDK's own filter type knows no taskIds: read on the wire).
    const ack = raw.inbound.find((message) => 'method' in message && message.method === 'notifications/subscriptions/acknowledged');
    expect(ack).toMatchObject({
      params: { notifications: { taskIds: [taskId] }, _meta: { [SUBSCRIPTION_ID_META_KEY]: expect.anything() } },
    });
    // Working: nothing to tell yet.
    expect(notes.notes).toEqual([]);

    await me.answer(taskId, 1, { kind: 'decision', selected: [1] }, 'Ids must survive renames.');
    const note = await notes.of(taskId);
    expect(note).toMatchObject({
      taskId,
      status: 'completed',
      ttlMs: null,
      statusMessage: `${taskId} was answered.`,
      result: { structuredContent: { id: taskId, answered: { outcome: 'answered', answer: { n: 1, label: 'Frontmatter wins' } } } },
    });
    // Stamped with the listen it came on.
    const wire = raw.inbound.find((message) => 'method' in message && message.method === 'notifications/tasks');
    expect(wire).toMatchObject({
      params: {
        taskId,
        _meta: {
          [SUBSCRIPTION_ID_META_KEY]: (ack as { params: { _meta: Record<string, unknown> } }).params._meta[SUBSCRIPTION_ID_META_KEY],
        },
      },
    });
    // Its one task has ended: nothing more can come, so Cast ends the listen gracefully.
    expect(await subscription.closed).toBe('graceful');
    expect(notes.notes).toHaveLength(1);
  });

  it('the task withdrawn (tasks/cancel) comes as cancelled; a task that ended before the listen comes at once; an unknown id is left out', async () => {
    const { me, token } = await member();
    const { client, session, raw } = await tasksAgent(cast.url, token);
    const notes = taskNotes(client);
    const first = await session.callTool('decide', { question: 'Ship tonight?', context: CONTEXT, options: ['Ship', 'Wait'] });
    const second = await session.callTool('decide', { question: 'Tag it?', context: CONTEXT, options: ['Tag', 'Skip'] });
    const [cancelled, archived] = [first.handle!.taskId, second.handle!.taskId];
    await me.send(decisionRoutes.archiveDecision, { params: { id: archived }, body: {} });

    await notes.listen([cancelled, archived, 'sd-999999999']);
    const ack = raw.inbound.find((message) => 'method' in message && message.method === 'notifications/subscriptions/acknowledged');
    expect(ack).toMatchObject({ params: { notifications: { taskIds: [cancelled, archived] } } });
    expect(await notes.of(archived)).toMatchObject({
      status: 'completed',
      result: { structuredContent: { answered: { outcome: 'archived' } } },
    });

    await session.cancelTask(cancelled);
    expect(await notes.of(cancelled)).toMatchObject({
      taskId: cancelled,
      status: 'cancelled',
      statusMessage: `${cancelled} was withdrawn.`,
    });
    expect((await me.decision(cancelled)).status).toBe('withdrawn');
  });

  it('a client without Tasks is refused the listen (-32021) and told nothing', async () => {
    const { me, token } = await member();
    const plain = new Client({ name: 'no-tasks', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await plain.connect(mcpTransport(cast.url, token));
    closers.push(() => plain.close());
    const quiet = taskNotes(plain);
    const filed = await plain.callTool({ name: 'decide', arguments: { question: 'Tag the release?', context: CONTEXT, options: OPTIONS } });
    const { id } = filed.structuredContent as { id: string };
    const refused = await quiet.listen([id]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect(refused).toMatchObject({ code: -32021 });

    // A Tasks client listening for the same decision hears of the answer: by then the plain one would have too.
    const { client } = await tasksAgent(cast.url, token);
    const heard = taskNotes(client);
    await heard.listen([id]);
    await me.answer(id, 1, { kind: 'decision', selected: [1] }, 'Tag it.');
    const waited = await plain.callTool({ name: 'wait_for_decision', arguments: { id, timeoutSeconds: 20 } });
    expect(waited.structuredContent).toMatchObject({ outcome: 'answered' });
    await heard.of(id);
    expect(quiet.notes).toEqual([]);
  });

  it('ends by itself, exit 0, when the client closes stdin while a listen waits on a task', async () => {
    // Spawned by hand and spoken to in raw lines: nothing but the closed stdin can end it here.
    const { token } = await member();
    const { command, args, cwd, env } = castMcp(cast.url, token);
    const server = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      server.once('exit', (code, signal) => resolve([code, signal])),
    );
    try {
      const lines: Array<Record<string, unknown>> = [];
      let buffered = '';
      server.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const whole = buffered.split('\n');
        buffered = whole.pop()!;
        for (const line of whole.filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      });
      const send = (message: Record<string, unknown>) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
      send({
        id: 1,
        method: 'tools/call',
        params: { name: 'decide', arguments: { question: 'Merge it?', context: CONTEXT, options: ['Merge', 'Hold'] }, _meta: envelope() },
      });
      await expect.poll(() => lines.find((line) => line.id === 1), { timeout: 30_000 }).toBeDefined();
      const { taskId } = lines.find((line) => line.id === 1)!.result as { taskId: string };
      send({ id: 'listen-1', method: 'subscriptions/listen', params: { notifications: { taskIds: [taskId] }, _meta: envelope() } });
      await expect
        .poll(() => lines.find((line) => line.method === 'notifications/subscriptions/acknowledged'), { timeout: 30_000 })
        .toMatchObject({ params: { notifications: { taskIds: [taskId] } } });
      server.stdin.end();
      expect(await exited).toEqual([0, null]);
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
  });
});
