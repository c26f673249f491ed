/** `/api/v1/tasks`: the board's tasks, which of them need a person, and one task. */
import { getTask, listTasks as listRoute, tasksNeedingYou as needingRoute } from '../../../domain/routes/tasks';
import { call } from './call';

export const listTasks = () => call(listRoute, { query: { limit: 200 } }).then((body) => body.tasks);
/** Each task with open decisions, and how many. */
export const tasksNeedingYou = () => call(needingRoute, {}).then((body) => body.tasks);
export const readTask = (id: string) => call(getTask, { params: { id } }).then((body) => body.task);
