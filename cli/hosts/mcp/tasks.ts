/**
 * The Tasks extension on a 2026-07-28 instance: `decide` answers a client that declares
 * `io.modelcontextprotocol/tasks` in the request's capabilities with a task (decision-task.ts),
 * and `tasks/get`, `tasks/update` and `tasks/cancel` read or withdraw the decision behind it.
 * A client without the extension gets `decide`'s immediate result and waits with
 * `wait_for_decision`, as every 2025 client does.
 *
 * The SDK (2.4.0) speaks the 2026-07-28 revision but has no Tasks runtime of its own, and its
 * `McpServer` checks a tool's result against the tool's output schema, which a
 * `CreateTaskResult` is not. So `tools/call` is wrapped as McpServer installs it: a blocking
 * `decide` from a Tasks client is answered here; every other call goes to McpServer unchanged.
 */
import type { CallToolRequest, CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { DecideInput, fileDecide } from './decide-tool';
import { taskOf } from './decision-task';
import { readTask } from './task-read';
import { declaresTasks, tasksMissing } from './tasks-capability';
import type { ToolDeps } from './tool-result';

type CallHandler = (request: CallToolRequest, ctx: ServerContext) => Promise<CallToolResult>;

/** Whether this request's client declared the Tasks extension (2026-07-28 sends its capabilities with every request). */
const tasksDeclared = (ctx: ServerContext) => declaresTasks(ctx.mcpReq.envelope);

function requireTasks(ctx: ServerContext): void {
  if (!tasksDeclared(ctx)) throw tasksMissing();
}

/** `decide` as a task, for a Tasks client asking a blocking question; null → McpServer answers as usual. */
async function decideAsTask(deps: ToolDeps, request: CallToolRequest, ctx: ServerContext) {
  if (request.params.name !== 'decide' || !tasksDeclared(ctx)) return null;
  const input = z.object(DecideInput).safeParse(request.params.arguments ?? {});
  // Bad arguments are said by McpServer, in the words every client gets; advisory asks do not wait.
  if (!input.success || input.data.mode === 'advisory') return null;
  try {
    const filed = await fileDecide(deps, input.data, request.params._meta);
    // Filed means durable: a `tasks/get` for this id resolves from here on, on any replica.
    return { resultType: 'task', ...taskOf(filed.decision, null, filed.card.url) };
  } catch (error) {
    // A refusal is a tool error the model reads, as from the plain tool.
    return { content: [{ type: 'text' as const, text: error instanceof Error ? error.message : String(error) }], isError: true };
  }
}

/** Wraps McpServer's `tools/call` handler as it is installed (before any tool is registered). */
function wrapToolCalls(server: McpServer, deps: ToolDeps): void {
  const protocol = server.server as unknown as { setRequestHandler: (method: string, ...rest: unknown[]) => void };
  const install = protocol.setRequestHandler.bind(protocol);
  protocol.setRequestHandler = (method, ...rest) => {
    const [handler] = rest;
    if (method !== 'tools/call' || rest.length !== 1 || typeof handler !== 'function') return install(method, ...rest);
    const inner = handler as CallHandler;
    return install(
      method,
      async (request: CallToolRequest, ctx: ServerContext) => (await decideAsTask(deps, request, ctx)) ?? inner(request, ctx),
    );
  };
}

const TaskParams = z.looseObject({ taskId: z.string() });

/** On a 2026-07-28 instance: advertise the extension, answer `decide` with tasks, and serve the task methods. */
export function serveTasks(server: McpServer, deps: ToolDeps): void {
  wrapToolCalls(server, deps);
  server.server.setRequestHandler('tasks/get', { params: TaskParams }, async ({ taskId }, ctx) => {
    requireTasks(ctx);
    const { result, ...task } = await readTask(deps, taskId, ctx.mcpReq.signal);
    return result ? { ...task, result } : task;
  });
  // Never input_required, so no response is outstanding: a known task's update is acknowledged and ignored.
  server.server.setRequestHandler('tasks/update', { params: TaskParams }, async ({ taskId }, ctx) => {
    requireTasks(ctx);
    await readTask(deps, taskId, ctx.mcpReq.signal);
    return {};
  });
  // Cancelling withdraws the decision from the queue; one already answered or set aside keeps its outcome.
  server.server.setRequestHandler('tasks/cancel', { params: TaskParams }, async ({ taskId }, ctx) => {
    requireTasks(ctx);
    const task = await readTask(deps, taskId, ctx.mcpReq.signal);
    if (task.status === 'working') {
      await deps.api.request(decisionRoutes.withdrawDecision, { params: { id: task.taskId }, body: {} }, ctx.mcpReq.signal).catch(() => {
        // Cooperative: the acknowledgement stands; tasks/get says what became of it.
      });
    }
    return {};
  });
}
