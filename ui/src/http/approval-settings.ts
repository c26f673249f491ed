/** `/api/v1/settings/approvals` (issue 41 items 3, 4): how many people approve each kind of action, and whether the asker may. */
import type { ApprovalSettingsBody } from '../../../domain/approval-settings-schema';
import { approvalSettingsRoutes } from '../../../domain/routes/approval-settings';
import { call } from './call';

export const readApprovalSettings = () => call(approvalSettingsRoutes.getApprovalSettings, {}).then((body) => body.settings);
export const saveApprovalSettings = (settings: ApprovalSettingsBody) =>
  call(approvalSettingsRoutes.replaceApprovalSettings, { body: settings }).then((body) => body.settings);
