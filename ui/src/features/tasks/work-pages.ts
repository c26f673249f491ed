/**
 * The reads of the run, task and task board pages: a run with its session and agent (so Open
 * Run ↗ lands on something real, §6.5), a task with what holds it and its escalations, and the
 * board. What a page only adds words from (a blocker's title, the session, the agent's name)
 * is left out, not failing the page, when it cannot be read.
 */
import { useQuery } from '@tanstack/react-query';
import { readAgent } from '../../http/agents';
import { readDecision } from '../../http/decisions';
import { listEscalations } from '../../http/escalations';
import { readRun } from '../../http/runs';
import { readSession } from '../../http/sessions';
import { listTasks, readTask, tasksNeedingYou } from '../../http/tasks';
import { keys } from '../../shared/query-keys';

async function readRunPage(id: string) {
  const { run, names } = await readRun(id);
  const session = await readSession(run.sessionId).catch(() => null);
  const agent = session?.agentId ? await readAgent(session.agentId).catch(() => null) : null;
  return { run, names, session, agent };
}

export type RunRead = Awaited<ReturnType<typeof readRunPage>>;

export function useRunPage(id: string) {
  return useQuery({ queryKey: keys.run(id), queryFn: () => readRunPage(id) });
}

/** What a blocker's ref names, when it can be read: a decision's question, a task's title. */
export type Named = Record<string, { text: string; status: string } | undefined>;

async function readTaskPage(id: string) {
  const task = await readTask(id);
  // The feed stands on its own: if it cannot be read, the page says so there.
  const escalations = listEscalations({ task: id }).catch(() => null);
  const named: Named = {};
  await Promise.all(
    task.blockers.map(async (blocker) => {
      if (blocker.kind === 'decision') {
        const read = await readDecision(blocker.ref).catch(() => null);
        if (read) named[blocker.ref] = { text: read.decision.question, status: read.decision.status };
      } else if (blocker.kind === 'task') {
        const read = await readTask(blocker.ref).catch(() => null);
        if (read) named[blocker.ref] = { text: read.title, status: read.status };
      }
    }),
  );
  return { task, named, escalations: await escalations };
}

export function useTaskPage(id: string) {
  return useQuery({ queryKey: keys.task(id), queryFn: () => readTaskPage(id) });
}

async function readBoard() {
  const [tasks, needs] = await Promise.all([listTasks(), tasksNeedingYou()]);
  return { tasks, openDecisions: Object.fromEntries(needs.map((need) => [need.taskId, need.openDecisions])) };
}

export type Board = Awaited<ReturnType<typeof readBoard>>;

export function useTaskBoard() {
  return useQuery({ queryKey: keys.taskBoard, queryFn: readBoard });
}
