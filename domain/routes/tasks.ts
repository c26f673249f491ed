/** `/api/v1/tasks`, their threads and their blockers. Deleted tasks read as missing. */
import { z } from 'zod';
import { BlockerBody, CreateTaskBody, Task, TaskComment, TaskStatus, UpdateTaskBody } from '../task';
import { limitQuery } from './list-limit';
import { route } from './route';

const tag = 'Tasks';
const TaskParams = z.object({ id: z.string().min(1) });
const OneTask = z.object({ task: Task });
const Blocker = BlockerBody.meta({ id: 'BlockerBody' });

const createTask = route({
  tag,
  method: 'post',
  path: '/tasks',
  operationId: 'createTask',
  summary: 'Create a task',
  description: '`blocked` is never set by hand: blockers set it.',
  body: { schema: CreateTaskBody.meta({ id: 'CreateTaskBody' }) },
  ok: { status: 201, description: 'The new task.', schema: OneTask },
  errors: ['mission_not_found', 'agent_not_found'],
  permission: 'task.manage',
});

const listTasks = route({
  tag,
  method: 'get',
  path: '/tasks',
  operationId: 'listTasks',
  summary: 'List tasks',
  query: z.object({
    status: z.enum(TaskStatus).optional(),
    mission: z.string().min(1).optional().meta({ description: 'A mission id.' }),
    agent: z.string().min(1).optional().meta({ description: 'An agent id.' }),
    limit: limitQuery(50, 200),
  }),
  ok: { status: 200, description: 'Tasks, newest first; deleted ones left out.', schema: z.object({ tasks: z.array(Task) }) },
  permission: 'workspace.read',
});

/** Before `/tasks/:id`, which would match it. */
const tasksNeedingYou = route({
  tag,
  method: 'get',
  path: '/tasks/needs-you',
  operationId: 'tasksNeedingYou',
  summary: 'Tasks with open decisions',
  description: 'The board\'s "Needs you" column.',
  ok: {
    status: 200,
    description: 'Each task with its count of open decisions.',
    schema: z.object({ tasks: z.array(z.object({ taskId: z.string(), openDecisions: z.int().min(1) })) }),
  },
  permission: 'workspace.read',
});

const getTask = route({
  tag,
  method: 'get',
  path: '/tasks/:id',
  operationId: 'getTask',
  summary: 'Read a task',
  params: TaskParams,
  ok: { status: 200, description: 'The task with its blockers.', schema: OneTask },
  errors: ['task_not_found'],
  permission: 'workspace.read',
});

const updateTask = route({
  tag,
  method: 'patch',
  path: '/tasks/:id',
  operationId: 'updateTask',
  summary: 'Retitle a task or set its status',
  description: 'A blocked task can only be cancelled (409 `task_blocked`).',
  params: TaskParams,
  body: { schema: UpdateTaskBody.meta({ id: 'UpdateTaskBody' }) },
  ok: { status: 200, description: 'The task after the change.', schema: OneTask },
  errors: ['task_not_found', 'task_blocked'],
  permission: 'task.manage',
});

const deleteTask = route({
  tag,
  method: 'delete',
  path: '/tasks/:id',
  operationId: 'deleteTask',
  summary: 'Delete a task',
  description: 'It reads as missing afterwards; open decisions whose work is gone are archived (FR-49).',
  params: TaskParams,
  ok: { status: 204, description: 'Deleted.' },
  errors: ['task_not_found'],
  permission: 'task.manage',
});

const listTaskComments = route({
  tag,
  method: 'get',
  path: '/tasks/:id/comments',
  operationId: 'listTaskComments',
  summary: "A task's thread",
  description: 'What Cast recorded there, such as a withdrawn answer.',
  params: TaskParams,
  query: z.strictObject({ limit: limitQuery(100, 500) }),
  ok: { status: 200, description: 'Comments, oldest first.', schema: z.object({ comments: z.array(TaskComment) }) },
  errors: ['task_not_found'],
  permission: 'workspace.read',
});

const blockTask = route({
  tag,
  method: 'post',
  path: '/tasks/:id/blockers',
  operationId: 'blockTask',
  summary: 'Block a task',
  description: 'Blocking remembers the status; adding an open blocker again changes nothing.',
  params: TaskParams,
  body: { schema: Blocker },
  ok: { status: 200, description: 'The task, blocked.', schema: OneTask },
  errors: ['task_not_found'],
  permission: 'task.manage',
});

const resolveBlocker = route({
  tag,
  method: 'post',
  path: '/tasks/:id/blockers/resolve',
  operationId: 'resolveBlocker',
  summary: 'Resolve a blocker',
  description: 'Resolving the last open blocker returns the task to the status it had.',
  params: TaskParams,
  body: { schema: Blocker },
  ok: {
    status: 200,
    description: 'The task, and how many blockers remain open.',
    schema: z.object({ task: Task, remaining: z.int().min(0) }),
  },
  errors: ['task_not_found', 'blocker_not_found'],
  permission: 'task.manage',
});

export const taskRoutes = {
  createTask,
  listTasks,
  tasksNeedingYou,
  getTask,
  updateTask,
  deleteTask,
  listTaskComments,
  blockTask,
  resolveBlocker,
};
