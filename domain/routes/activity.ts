/** `GET /api/v1/activity`: the workspace's history of writes, newest first, optionally for one subject. */
import { z } from 'zod';
import { characters } from '../text-fields';
import { ActivityEntry, SubjectKind } from '../activity';
import { queryNumber } from '../query-number';
import { limitQuery } from './list-limit';
import { route } from './route';

const listActivity = route({
  tag: 'Workspace',
  method: 'get',
  path: '/activity',
  operationId: 'listActivity',
  summary: 'The history of writes, newest first',
  query: z.object({
    subject_kind: z.enum(SubjectKind).optional(),
    subject_id: characters(200).min(1).optional(),
    before: queryNumber({ min: 1 }).optional().meta({ description: 'Entries older than this seq.' }),
    limit: limitQuery(50, 200),
  }),
  ok: { status: 200, description: 'Entries.', schema: z.object({ activity: z.array(ActivityEntry) }) },
  permission: 'workspace.read',
});

export const activityRoutes = { listActivity };
