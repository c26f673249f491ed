/** `/api/v1/settings/approvals`: how many people approve each kind of action, and whether the asker may (issue 41 items 3, 4). */
import { z } from 'zod';
import { ApprovalSettings, ApprovalSettingsBody } from '../approval-settings-schema';
import { route } from './route';

const tag = 'Workspace';
const Settings = z.object({ settings: ApprovalSettings });

const getApprovalSettings = route({
  tag,
  method: 'get',
  path: '/settings/approvals',
  operationId: 'getApprovalSettings',
  summary: 'How many people approve each kind of action',
  ok: { status: 200, description: 'Every action kind, each unset one at one approver and no separation of duties.', schema: Settings },
  permission: 'workspace.read',
});

const replaceApprovalSettings = route({
  tag,
  method: 'put',
  path: '/settings/approvals',
  operationId: 'replaceApprovalSettings',
  summary: 'Set how many people approve each kind of action',
  body: { schema: ApprovalSettingsBody },
  ok: { status: 200, description: 'The settings; approval asks filed from now on follow them.', schema: Settings },
  permission: 'settings.manage',
});

export const approvalSettingsRoutes = { getApprovalSettings, replaceApprovalSettings };
