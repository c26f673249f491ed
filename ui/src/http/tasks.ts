/** `/api/v1/tasks`: the board's tasks, which of them need a person, and one task. */
import { taskRoutes } from '../../../domain/routes/tasks';
import { call } from './call';

export const listTasks = () => call(taskRoutes.listTasks, { query: { limit: 200 } }).then((body) => body.tasks);
/** Each task with open decisions, and how many. */
export const tasksNeedingYou = () => call(taskRoutes.tasksNeedingYou, {}).then((body) => body.tasks);
export const readTask = (id: string) => call(taskRoutes.getTask, { params: { id } }).then((body) => body.task);
