/** `/api/v1/tasks` and their blockers (routes/tasks.ts). */
import { z } from 'zod';
import { BlockerBody, CreateTaskBody, TaskStatus, UpdateTaskBody } from '../../domain/task';
import type { ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

export function taskRoutes(docs: ApiDocs): void {
  const route = docs.resource('Tasks');
  const task = one('task', views.Task);
  const blocker = BlockerBody.meta({ id: 'BlockerBody' });

  route({
    method: 'post',
    path: '/tasks',
    operationId: 'createTask',
    summary: 'Create a task',
    description: '`blocked` is never set by hand: blockers set it.',
    body: { schema: CreateTaskBody.meta({ id: 'CreateTaskBody' }) },
    ok: { status: 201, description: 'The new task.', schema: task },
    errors: ['mission_not_found', 'agent_not_found'],
  });
  route({
    method: 'get',
    path: '/tasks',
    operationId: 'listTasks',
    summary: 'List tasks',
    query: z.object({
      status: z.enum(TaskStatus).optional(),
      mission: z.string().min(1).optional().meta({ description: 'A mission id.' }),
      agent: z.string().min(1).optional().meta({ description: 'An agent id.' }),
      limit: limitParam(50, 200),
    }),
    ok: { status: 200, description: 'Tasks, newest first; deleted ones left out.', schema: many('tasks', views.Task) },
  });
  route({
    method: 'get',
    path: '/tasks/needs-you',
    operationId: 'tasksNeedingYou',
    summary: 'Tasks with open decisions',
    description: 'The board\'s "Needs you" column.',
    ok: { status: 200, description: 'Each task with its count of open decisions.', schema: many('tasks', z.object({ taskId: z.string(), openDecisions: z.int() })) },
  });
  route({
    method: 'get',
    path: '/tasks/:id',
    operationId: 'getTask',
    summary: 'Read a task',
    ok: { status: 200, description: 'The task with its blockers.', schema: task },
    errors: ['task_not_found'],
  });
  route({
    method: 'patch',
    path: '/tasks/:id',
    operationId: 'updateTask',
    summary: 'Retitle a task or set its status',
    description: 'A blocked task can only be cancelled (409 `task_blocked`).',
    body: { schema: UpdateTaskBody.meta({ id: 'UpdateTaskBody' }) },
    ok: { status: 200, description: 'The task after the change.', schema: task },
    errors: ['task_not_found', 'task_blocked'],
  });
  route({
    method: 'delete',
    path: '/tasks/:id',
    operationId: 'deleteTask',
    summary: 'Delete a task',
    description: 'It reads as missing afterwards; open decisions whose work is gone are archived (FR-49).',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['task_not_found'],
  });
  route({
    method: 'get',
    path: '/tasks/:id/comments',
    operationId: 'listTaskComments',
    summary: "A task's thread",
    description: 'What Cast recorded there, such as a withdrawn answer.',
    query: z.strictObject({ limit: limitParam(100, 500) }),
    ok: { status: 200, description: 'Comments, oldest first.', schema: many('comments', views.TaskComment) },
    errors: ['task_not_found'],
  });
  route({
    method: 'post',
    path: '/tasks/:id/blockers',
    operationId: 'blockTask',
    summary: 'Block a task',
    description: 'Blocking remembers the status; adding an open blocker again changes nothing.',
    body: { schema: blocker },
    ok: { status: 200, description: 'The task, blocked.', schema: task },
    errors: ['task_not_found'],
  });
  route({
    method: 'post',
    path: '/tasks/:id/blockers/resolve',
    operationId: 'resolveBlocker',
    summary: 'Resolve a blocker',
    description: 'Resolving the last open blocker returns the task to the status it had.',
    body: { schema: blocker },
    ok: { status: 200, description: 'The task, and how many blockers remain open.', schema: z.object({ task: views.Task, remaining: z.int() }) },
    errors: ['task_not_found', 'blocker_not_found'],
  });
}
