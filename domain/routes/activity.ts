/**
 * `GET /api/v1/activity`: the workspace's history of writes, newest first, optionally for one
 * subject; and `GET /api/v1/activity/export`, the same history as JSON Lines over a time range,
 * oldest first, for audit (issue 38 item 10).
 */
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

/** An ISO time with its offset (`2026-12-03T12:00:00Z`, `…+01:00`); 40 characters hold any. */
const Moment = z.iso.datetime({ offset: true }).max(40);

export const ExportActivityQuery = z.object({
  from: Moment.optional().meta({ description: 'Entries at or after this time; the beginning of the history when absent.' }),
  to: Moment.optional().meta({ description: 'Entries before this time; now when absent.' }),
});

const exportActivity = route({
  tag: 'Workspace',
  method: 'get',
  path: '/activity/export',
  operationId: 'exportActivity',
  summary: 'Export the history of writes as JSON Lines',
  description:
    'Every entry with `from` ≤ `at` < `to`, oldest first, one `ActivityEntry` JSON object a line, streamed as it is read. ' +
    "An answer's entry carries its provenance in `detail.provenance`: who gave it, through which channel, and a digest " +
    'of what it approved. 400 `invalid_time_range` when `from` is not before `to`.',
  query: ExportActivityQuery,
  ok: {
    status: 200,
    description: 'JSON Lines: one ActivityEntry per line.',
    schema: ActivityEntry,
    mediaType: 'application/x-ndjson',
  },
  errors: ['invalid_time_range'],
  // The audit trail of the whole workspace at once: an admin's, as an audit log is.
  permission: 'audit.export',
});

export const activityRoutes = { exportActivity, listActivity };
