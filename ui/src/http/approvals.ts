/** `/api/v1/approvals/:id/approve|reject`: the approval's own resolution path (FR-29, E2). */
import { approvalRoutes } from '../../../domain/routes/approvals';
import { call } from './call';

export const approve = (id: string) => call(approvalRoutes.approve, { params: { id }, body: {} }).then((body) => body.approval);
/** A rejection carries its reason (FR-24). */
export const reject = (id: string, reason: string) =>
  call(approvalRoutes.reject, { params: { id }, body: { reason } }).then((body) => body.approval);
