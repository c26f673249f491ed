/** `/api/v1/activity`: the workspace's history, newest first, a page at a time. */
import type { SubjectKind } from '../../../domain/activity';
import { activityRoutes } from '../../../domain/routes/activity';
import { call } from './call';

export const listActivity = (query: { limit: number; before?: number; subject_kind?: SubjectKind }) =>
  call(activityRoutes.listActivity, { query }).then((body) => body.activity);
